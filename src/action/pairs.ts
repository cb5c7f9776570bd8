import pLimit from 'p-limit';
import { isIncluded } from '../config/resolve.js';
import type { Config } from '../config/types.js';
import type { FilePair } from '../engine/compare-files.js';
import type { ChangedFile } from '../sources/changed-file.js';
import { docPair } from '../sources/doc-pair.js';
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
    const baseDoc = file.status === 'added' ? null : await reader.readDoc(base, file.previousPath ?? file.path);
    const headDoc = file.status === 'removed' ? null : await reader.readDoc(pull.headSha, file.path);
    // A file GitHub calls modified but that is missing at the merge base is new to this PR.
    const status = file.status === 'modified' && baseDoc === null ? 'added' : file.status;
    return docPair({ ...file, status }, baseDoc, headDoc);
  };
  const pairs = await Promise.all(changed.map((file) => limit(() => pair(file))));
  return { pairs, changed };
}
