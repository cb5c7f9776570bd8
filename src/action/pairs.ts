import { isIncluded } from '../config/resolve.js';
import type { Config } from '../config/types.js';
import type { FilePair } from '../engine/compare-files.js';
import type { ChangedFile } from '../sources/changed-file.js';
import { hasCommit, mergeBase, showFile } from '../sources/git.js';
import { getFileAt, listChangedMarkdown, mergeBaseOf } from '../sources/github.js';
import type { GitHubClient } from '../sources/octokit.js';
import type { PullContext } from './event.js';

/** Reads files at commits: from the local checkout when it has them, else through the REST API. */
export interface FileReader {
  /** How the files are read, for the log. */
  via: 'git' | 'api';
  read(ref: string, path: string): Promise<string | null>;
}

/**
 * A reader for `shas`: real `git` in `repoDir` when every commit is present (the README
 * asks for `actions/checkout` with `fetch-depth: 0`), else the contents API with the raw
 * media type.
 */
export async function fileReader(octokit: GitHubClient, pull: PullContext, repoDir: string, shas: string[]): Promise<FileReader> {
  const present = await Promise.all(shas.map((sha) => hasCommit(repoDir, sha).catch(() => false)));
  if (present.every(Boolean)) return { via: 'git', read: (ref, path) => showFile(repoDir, ref, path) };
  return { via: 'api', read: (ref, path) => getFileAt(octokit, { owner: pull.owner, repo: pull.repo, path, ref }) };
}

/**
 * The PR's merge base: local `git merge-base` when `reader` (made for the base and head
 * commits) reads through git, else the compare API. A merge base git finds is itself local,
 * so the same reader serves both sides.
 */
export async function pullMergeBase(octokit: GitHubClient, pull: PullContext, repoDir: string, reader: FileReader): Promise<string> {
  const found =
    reader.via === 'git'
      ? await mergeBase(repoDir, pull.baseSha, pull.headSha)
      : await mergeBaseOf(octokit, { owner: pull.owner, repo: pull.repo, base: pull.baseSha, head: pull.headSha });
  return found ?? pull.baseSha;
}

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
  const pairs = await Promise.all(
    changed.map(async (file): Promise<FilePair> => {
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
    }),
  );
  return { pairs, changed };
}
