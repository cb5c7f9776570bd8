/** Which pull request a run is for, from the triggering event only (unit level, against the double). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveTarget } from '../../src/action/target.js';
import { doubleClient } from '../helpers/github-client.js';
import { startGitHubDouble, type GitHubDouble } from '../helpers/github-double.js';

const HEAD = 'a'.repeat(40);
const BASE = 'b'.repeat(40);

let double: GitHubDouble;

beforeEach(async () => {
  double = await startGitHubDouble();
  double.state.pulls.push({ number: 7, headSha: HEAD, baseSha: BASE, files: [], fork: true, headOwner: 'someone', headRef: 'fix' });
});

afterEach(async () => {
  expect(double.violations).toEqual([]);
  await double.close();
});

const resolve = (eventName: string, payload: unknown) => resolveTarget(eventName, payload, { octokit: doubleClient(double, []), repository: 'acme/docs' });

describe('resolveTarget', () => {
  it('reads pull_request and pull_request_target payloads without a request', async () => {
    const payload = { pull_request: { number: 7, base: { sha: BASE, ref: 'main', repo: { full_name: 'acme/docs' } }, head: { sha: HEAD, repo: { full_name: 'someone/docs' } } } };
    for (const name of ['pull_request', 'pull_request_target']) {
      expect(await resolve(name, payload)).toEqual({
        kind: 'pull',
        pull: { owner: 'acme', repo: 'docs', number: 7, baseSha: BASE, headSha: HEAD, baseRef: 'main', fork: true },
        via: "the event's pull request #7",
      });
    }
    expect(double.requests).toEqual([]);
  });

  it('finds a workflow_run’s PR from GitHub’s current state, ignoring a pull_requests entry that points elsewhere', async () => {
    const run = (pullRequests: number[]) => ({ workflow_run: { head_sha: HEAD, head_branch: 'fix', head_repository: { owner: { login: 'someone' } }, pull_requests: pullRequests.map((number) => ({ number })) } });
    expect(await resolve('workflow_run', run([]))).toMatchObject({ kind: 'pull', pull: { number: 7, headSha: HEAD, baseSha: BASE, fork: true } });
    double.state.pulls.push({ number: 8, headSha: 'c'.repeat(40), baseSha: BASE, files: [] });
    // #8's head is not the run's commit: skipped; no other candidate.
    expect(await resolve('workflow_run', run([8]))).toMatchObject({ kind: 'none' });
  });

  it('says there is nothing to check for other events and malformed payloads', async () => {
    expect(await resolve('push', {})).toEqual({
      kind: 'none',
      reason: 'chunkgate compares the Markdown of a pull request with its base; the push event has no pull request, so there is nothing to check.',
    });
    expect(await resolve('workflow_run', { workflow_run: { head_sha: 'not-a-sha' } })).toMatchObject({ kind: 'none' });
    expect(await resolve('pull_request', {})).toMatchObject({ kind: 'none' });
    expect(double.requests).toEqual([]);
  });
});
