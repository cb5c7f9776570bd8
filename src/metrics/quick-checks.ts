/**
 * The quick checks as numbers with their targets (docs/scores.md#quick-checks): the share of chunks their own
 * query finds in the top 3 (at least {@link SELF_RETRIEVAL_TARGET}), the share that end on a
 * sentence or block end (at least {@link CLEAN_END_TARGET}), the share of duplicates (at most
 * {@link DUPLICATE_LIMIT}), and the chunk lengths in tokens; per file and for the whole run.
 */
import { createHash } from 'node:crypto';
import { normalizedText } from './rules/duplicate-chunk.js';
import { SELF_RETRIEVAL_TARGET } from './self-retrievability.js';
import { CLEAN_END_TARGET } from './structural/boundary-integrity.js';
import { DUPLICATE_LIMIT } from './structural/unique-chunk-rate.js';
import type { DocEval, QuickCheck, QuickChecks, QuickChecksReport } from '../types.js';

export type { QuickCheck, QuickChecks, QuickChecksReport } from '../types.js';

/** What the run's numbers are added up from: one head file's counts and its chunks' text keys. */
export interface QuickTally {
  path: string;
  chunks: number;
  /** Chunks their own query finds in the top 3. */
  findable: number;
  cleanEnds: number;
  /** Chunks repeating an earlier chunk of the file. */
  duplicates: number;
  tokens: { total: number; min: number; max: number } | null;
  /** A hash of each non-blank chunk's normalised text, in order: the run's duplicates are counted across files. */
  keys: string[];
}

/**
 * The counts of one evaluated file. Findable: a chunk whose `self_retrievability` is 100. Clean
 * ends: `boundary_integrity` × N / 100, the count that metric was computed from (the chunk-end
 * test needs the parsed blocks, which a report no longer holds). Duplicates: the
 * `unique_chunk_rate` test (blank chunks are `empty-chunk`, not duplicates).
 */
export function quickTally(doc: DocEval): QuickTally {
  const { chunks } = doc;
  const seen = new Set<string>();
  const keys: string[] = [];
  let duplicates = 0;
  for (const chunk of chunks) {
    const text = normalizedText(chunk);
    if (text === '') continue;
    const key = createHash('sha256').update(text).digest('base64url').slice(0, 22);
    keys.push(key);
    if (seen.has(key)) duplicates += 1;
    else seen.add(key);
  }
  let tokens: QuickTally['tokens'] = null;
  for (const { tokens: size } of chunks) {
    tokens = tokens === null ? { total: size, min: size, max: size } : { total: tokens.total + size, min: Math.min(tokens.min, size), max: Math.max(tokens.max, size) };
  }
  return {
    path: doc.path,
    chunks: chunks.length,
    findable: chunks.filter((chunk) => chunk.metrics.self_retrievability >= 100).length,
    cleanEnds: Math.round((doc.metrics.boundary_integrity * chunks.length) / 100),
    duplicates,
    tokens,
    keys,
  };
}

/** A minimum met (`value ≥ target`), or with `atMost` a maximum kept. */
function check(value: number, target: number, atMost = false): QuickCheck {
  return { value, target, pass: atMost ? value <= target : value >= target };
}

/**
 * The checks of `chunks` chunks with these counts. No chunks: self-retrievability and clean ends
 * 1 and duplicates 0, as the metrics score an empty file 100.
 */
function checksOf(chunks: number, findable: number, cleanEnds: number, duplicates: number, tokens: QuickTally['tokens']): QuickChecks {
  const share = (count: number, empty: number) => (chunks === 0 ? empty : count / chunks);
  return {
    chunks,
    selfRetrievability: check(share(findable, 1), SELF_RETRIEVAL_TARGET),
    cleanEnds: check(share(cleanEnds, 1), CLEAN_END_TARGET),
    duplicates: check(share(duplicates, 0), DUPLICATE_LIMIT, true),
    tokens: tokens === null || chunks === 0 ? null : { mean: tokens.total / chunks, min: tokens.min, max: tokens.max },
  };
}

/**
 * The quick checks of each file and of the run from the files' {@link quickTally}s. The run's
 * shares are over all its chunks (a file with many chunks counts for more); its duplicates are
 * chunks repeating an earlier chunk of any file (files in the given order), so text every page
 * repeats (an "Edit this page" footer, a template) counts once per page after the first.
 */
export function quickChecksOf(tallies: readonly QuickTally[]): QuickChecksReport {
  const seen = new Set<string>();
  let duplicates = 0;
  let chunks = 0;
  let findable = 0;
  let cleanEnds = 0;
  let tokens: QuickTally['tokens'] = null;
  for (const tally of tallies) {
    for (const key of tally.keys) {
      if (seen.has(key)) duplicates += 1;
      else seen.add(key);
    }
    chunks += tally.chunks;
    findable += tally.findable;
    cleanEnds += tally.cleanEnds;
    if (tally.tokens !== null) {
      tokens =
        tokens === null
          ? { ...tally.tokens }
          : { total: tokens.total + tally.tokens.total, min: Math.min(tokens.min, tally.tokens.min), max: Math.max(tokens.max, tally.tokens.max) };
    }
  }
  return {
    run: checksOf(chunks, findable, cleanEnds, duplicates, tokens),
    files: tallies.map((tally) => ({ path: tally.path, ...checksOf(tally.chunks, tally.findable, tally.cleanEnds, tally.duplicates, tally.tokens) })),
  };
}
