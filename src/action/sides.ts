import * as core from '@actions/core';
import type { DocText } from '../sources/doc-text.js';
import pLimit from 'p-limit';
import { readDocsAt } from '../sources/git-blobs.js';
import { fetchCommits, hasCommit, isShallowRepository, mergeBase, showFile } from '../sources/git.js';
import { getDocAt, getFileAt, mergeBaseOf } from '../sources/github.js';
import type { GitHubClient } from '../sources/octokit.js';
import type { PullContext } from './event.js';

/** Reads files at commits: from the local repository when it has them, else through the REST API. */
export interface FileReader {
  /** How the files are read, for the log. */
  via: 'git' | 'api';
  /** A small trusted file (the config, the golden set) as text, `null` when absent. */
  read(ref: string, path: string): Promise<string | null>;
  /**
   * Docs files through the guarded reader (size, NUL, UTF-8 and UTF-16 checks, links kept
   * inside the tree): each path's text, or why it cannot be checked; a path absent at `ref` is
   * not in the map. By git, a few processes for any number of paths; by the API, one request each.
   */
  readDocs(ref: string, paths: readonly string[]): Promise<Map<string, DocText>>;
}

/** The two commits a PR is compared at, and how their files are read. */
export interface Sides {
  /** The merge base of the PR's base and head: the base side of every comparison. */
  mergeBase: string;
  reader: FileReader;
}

async function allPresent(repoDir: string, shas: string[]): Promise<boolean> {
  const present = await Promise.all(shas.map((sha) => hasCommit(repoDir, sha).catch(() => false)));
  return present.every(Boolean);
}

/**
 * Where the PR's two sides come from, with as few REST requests as possible:
 *
 * 1. A full history with both commits (`fetch-depth: 0`): `git merge-base`, files by git; no request.
 * 2. Otherwise the merge base from the compare API (one request; a shallow history cannot give
 *    it), then the merge base and head are fetched into the checkout as data — never checked
 *    out — and read by git: two git round trips for any number of files. For a fork PR the
 *    head comes from the base repository (GitHub serves it as `refs/pull/N/head`).
 * 3. When that fails (no checkout, no credentials), one contents request per file side.
 *
 * A merge group's two commits are located the same way.
 */
export async function locateSides(octokit: GitHubClient, pull: Pick<PullContext, 'owner' | 'repo' | 'baseSha' | 'headSha'>, repoDir: string): Promise<Sides> {
  const git: FileReader = { via: 'git', read: (ref, path) => showFile(repoDir, ref, path), readDocs: (ref, paths) => readDocsAt(repoDir, ref, paths) };
  const shallow = await isShallowRepository(repoDir);
  if (!shallow && (await allPresent(repoDir, [pull.baseSha, pull.headSha]))) {
    return { mergeBase: (await mergeBase(repoDir, pull.baseSha, pull.headSha)) ?? pull.baseSha, reader: git };
  }
  const found = await mergeBaseOf(octokit, { owner: pull.owner, repo: pull.repo, base: pull.baseSha, head: pull.headSha });
  const base = found ?? pull.baseSha;
  const missing: string[] = [];
  for (const sha of new Set([base, pull.headSha])) if (!(await allPresent(repoDir, [sha]))) missing.push(sha);
  if (missing.length === 0) return { mergeBase: base, reader: git };
  const fetched = await fetchCommits(repoDir, missing);
  if (fetched.ok && (await allPresent(repoDir, missing))) {
    core.info(`Fetched ${missing.map((sha) => sha.slice(0, 7)).join(' and ')} from origin as data (not checked out)`);
    return { mergeBase: base, reader: git };
  }
  core.info(
    `Reading files through the REST API, one request per file side: ${fetched.ok ? 'the commits are not in the checkout' : `git fetch failed (${fetched.error.split('\n')[0]})`}. ` +
      'Check out the repository (actions/checkout, any fetch-depth) so chunkgate can fetch the two commits instead.',
  );
  const at = (ref: string, path: string) => ({ owner: pull.owner, repo: pull.repo, path, ref });
  return {
    mergeBase: base,
    reader: { via: 'api', read: (ref, path) => getFileAt(octokit, at(ref, path)), readDocs: (ref, paths) => docsByRequest(paths, (path) => getDocAt(octokit, at(ref, path))) },
  };
}

/** Docs files read one request each, at most 8 at a time (a 300-file PR must not send 600 requests at once). */
async function docsByRequest(paths: readonly string[], readOne: (path: string) => Promise<DocText | null>): Promise<Map<string, DocText>> {
  const limit = pLimit(8);
  const read = await Promise.all(paths.map((path) => limit(async () => [path, await readOne(path)] as const)));
  return new Map(read.flatMap(([path, doc]) => (doc === null ? [] : [[path, doc] as const])));
}
