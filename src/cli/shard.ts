import { createHash } from 'node:crypto';
import type { RunPages } from '../engine/boilerplate.js';
import type { Report, ShardInfo } from '../types.js';
import { UsageError } from './args.js';

/** `--shard I/N`: this run evaluates slice `index` (1-based) of `count`. */
export interface Shard {
  index: number;
  count: number;
}

/** Parses `--shard I/N` (`1 ≤ I ≤ N ≤ 256`); `undefined` when the flag is absent. */
export function parseShard(text: string | undefined): Shard | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = match ? Number(match[1]) : Number.NaN;
  const count = match ? Number(match[2]) : Number.NaN;
  if (!match || count < 1 || count > 256 || index < 1 || index > count) {
    throw new UsageError(`Unexpected --shard ${JSON.stringify(text)}, expected I/N with 1 ≤ I ≤ N ≤ 256, e.g. --shard 2/4`);
  }
  return { index, count };
}

/**
 * Whether `path` belongs to `shard`: by a hash of the path (FNV-1a), so each file always goes to
 * the same slice whatever else is added or removed (a slice's cache stays warm), and every
 * shard of a run, seeing the same file list, agrees on the split without talking to the others.
 */
export function inShard(path: string, shard: Shard): boolean {
  let hash = 0x811c9dc5;
  for (let at = 0; at < path.length; at += 1) hash = Math.imul(hash ^ path.charCodeAt(at), 0x01000193);
  return (hash >>> 0) % shard.count === shard.index - 1;
}

/** SHA-256 of a run's whole file list: the shards of one run must agree on it (`chunkgate merge` checks). */
function pathsDigest(paths: readonly string[]): string {
  const hash = createHash('sha256');
  for (const path of paths) hash.update(path).update('\0');
  return hash.digest('hex');
}

/** Parses `--jobs N` (a whole number ≥ 1); `undefined` when absent. */
export function parseJobs(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const jobs = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isInteger(jobs) || jobs < 1 || jobs > 256) {
    throw new UsageError(`Unexpected --jobs ${JSON.stringify(text)}, expected a whole number from 1 to 256`);
  }
  return jobs;
}

/**
 * Marks the report of a slice (`--shard`) with what `chunkgate merge` checks and needs: the
 * slice, the command, `failOn`, the digest of the whole run's file list and the pages the slice
 * looked at (pages in path order).
 */
export function withShard(report: Report, shard: Shard | undefined, info: { command: ShardInfo['command']; failOn: string[]; paths: readonly string[]; pages: RunPages }): Report {
  if (!shard) return report;
  const pages = (side: RunPages['base']) => [...side].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([path, blocks]) => ({ path, blocks }));
  return {
    ...report,
    shard: { index: shard.index, count: shard.count, command: info.command, failOn: info.failOn, paths: pathsDigest(info.paths), pages: { base: pages(info.pages.base), head: pages(info.pages.head) } },
  };
}
