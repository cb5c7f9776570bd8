import pLimit from 'p-limit';
import { isIncluded } from '../config/resolve.js';
import type { Config } from '../config/types.js';
import type { FilePair } from '../engine/compare-files.js';
import { isMarkdownPath, relevantChanges, type ChangedFile } from '../sources/changed-file.js';
import { docPair } from '../sources/doc-pair.js';
import type { FileReader } from './sides.js';

/**
 * The changed Markdown files the config includes (renames followed, see `relevantChanges`) with
 * both sides' text: `base` at the comparison's base commit, `head` at its head commit.
 *
 * @param files every changed file of the pull request or merge group, Markdown or not.
 */
export async function collectPairs(
  files: readonly ChangedFile[],
  config: Config,
  reader: FileReader,
  commits: { base: string; head: string },
): Promise<{ pairs: FilePair[]; changed: ChangedFile[] }> {
  const changed = relevantChanges(files, (path) => isMarkdownPath(path) && isIncluded(config, path));
  // Bounded: a 300-file PR must not start 600 git processes (or requests) at once.
  const limit = pLimit(8);
  const pair = async (file: ChangedFile): Promise<FilePair> => {
    const baseDoc = file.status === 'added' ? null : await reader.readDoc(commits.base, file.previousPath ?? file.path);
    const headDoc = file.status === 'removed' ? null : await reader.readDoc(commits.head, file.path);
    // A file GitHub calls modified but that is missing at the merge base is new to this PR.
    const status = file.status === 'modified' && baseDoc === null ? 'added' : file.status;
    return docPair({ ...file, status }, baseDoc, headDoc);
  };
  const pairs = await Promise.all(changed.map((file) => limit(() => pair(file))));
  return { pairs, changed };
}
