/** A chunkgate Octokit against the GitHub double, with fast retries and its notices collected. */
import { createOctokit, type CreateOctokitOptions, type GitHubClient } from '../../src/sources/octokit.js';
import type { GitHubDouble } from './github-double.js';

/** 5 ms per GitHub second keeps retry waits fast; `notices` receives the retry log lines. */
export function doubleClient(double: GitHubDouble, notices: string[], options: Partial<CreateOctokitOptions> = {}): GitHubClient {
  return createOctokit({
    token: 'test-token',
    baseUrl: double.url,
    retries: 2,
    retryAfterUnitMs: 5,
    onNotice: (message) => notices.push(message),
    ...options,
  });
}
