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
  // Each side's files in one batch: by git, two processes for any number of files.
  const [baseDocs, headDocs] = await Promise.all([
    reader.readDocs(commits.base, changed.filter((file) => file.status !== 'added').map((file) => file.previousPath ?? file.path)),
    reader.readDocs(commits.head, changed.filter((file) => file.status !== 'removed').map((file) => file.path)),
  ]);
  const pairs = changed.map((file): FilePair => {
    const baseDoc = file.status === 'added' ? null : (baseDocs.get(file.previousPath ?? file.path) ?? null);
    const headDoc = file.status === 'removed' ? null : (headDocs.get(file.path) ?? null);
    // A file GitHub calls modified but that is missing at the merge base is new to this PR.
    const status = file.status === 'modified' && baseDoc === null ? 'added' : file.status;
    return docPair({ ...file, status }, baseDoc, headDoc);
  });
  return { pairs, changed };
}
