import pLimit from 'p-limit';
import { isIncluded } from '../config/resolve.js';
import type { Config } from '../config/types.js';
import type { FilePair } from '../engine/compare-files.js';
import type { ChangedFile } from '../sources/changed-file.js';
import { listChangedMarkdown } from '../sources/github.js';
import type { GitHubClient } from '../sources/octokit.js';
import type { PullContext } from './event.js';
import type { FileReader } from './sides.js';

/** The changed Markdown files of the PR with both sides' text, and each file's patch. */
export async function collectPairs(
  octokit: GitHubClient,
  pull: PullContext,
  config: Config,
  reader: FileReader,
  base: string,
): Promise<{ pairs: FilePair[]; changed: ChangedFile[] }> {
  const changed = await listChangedMarkdown(
    octokit,
    { owner: pull.owner, repo: pull.repo, pull_number: pull.number },
    (path) => isIncluded(config, path),
  );
  // Bounded: a 300-file PR must not start 600 git processes (or requests) at once.
  const limit = pLimit(8);
  const pair = async (file: ChangedFile): Promise<FilePair> => {
    const baseText = file.status === 'added' ? null : await reader.read(base, file.previousPath ?? file.path);
    const headText = file.status === 'removed' ? null : await reader.read(pull.headSha, file.path);
    // A file GitHub calls modified but that is missing at the merge base is new to this PR.
    const status = file.status === 'modified' && baseText === null ? 'added' : file.status;
    return {
      path: file.path,
      ...(file.previousPath !== undefined ? { previousPath: file.previousPath } : {}),
      status,
      base: baseText,
      head: headText,
    };
  };
  const pairs = await Promise.all(changed.map((file) => limit(() => pair(file))));
  return { pairs, changed };
}
