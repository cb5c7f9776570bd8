import { foldWhitespace, locateExcerpt, type FoldedText } from './locate.js';
import type { Report } from '../types.js';
import { QUERY_TYPES, type GoldenSet, type QueryType } from './schema.js';

/** An expected excerpt the docs no longer hold. */
export interface StaleEvidence {
  id: string;
  file: string;
  text: string;
  /** Why: the file is gone, cannot be read (`detail` says why), or the passage is not in it. */
  reason: 'missing-file' | 'unreadable-file' | 'missing-text';
  /** Why the file could not be read (`unreadable-file` only). */
  detail?: string;
}

/**
 * Checks every expected excerpt against the docs (whitespace-insensitive, verbatim):
 * the stale ones, in golden-set order. `read` returns a file's text, `null` when it does not
 * exist, or `{ unreadable }` with the reason it may not be read (outside the repository, binary…).
 */
export function staleEvidence(golden: GoldenSet, read: (path: string) => string | null | { unreadable: string }): StaleEvidence[] {
  const cache = new Map<string, FoldedText | null | { unreadable: string }>();
  const folded = (path: string) => {
    if (!cache.has(path)) {
      const text = read(path);
      cache.set(path, typeof text === 'string' ? foldWhitespace(text) : text);
    }
    return cache.get(path)!;
  };
  const stale: StaleEvidence[] = [];
  for (const query of golden.queries) {
    for (const evidence of query.evidence) {
      const text = folded(evidence.file);
      if (text === null) stale.push({ id: query.id, file: evidence.file, text: evidence.text, reason: 'missing-file' });
      else if ('unreadable' in text) stale.push({ id: query.id, file: evidence.file, text: evidence.text, reason: 'unreadable-file', detail: text.unreadable });
      else if (!locateExcerpt(evidence.text, text)) stale.push({ id: query.id, file: evidence.file, text: evidence.text, reason: 'missing-text' });
    }
  }
  return stale;
}

/**
 * At most about 50 queries (docs/config.md#retrieval-on-a-golden-set-optional): a golden set is
 * a concentrate of hard cases, not a question bank.
 */
const GOLDEN_MAX_QUERIES = 50;

/** Size and type coverage of a golden set, with what to fix. */
export interface GoldenCoverage {
  queries: number;
  byType: Record<QueryType, number>;
  /** One line each: too many queries, a retrieval type with no query. */
  warnings: string[];
}

const TYPE_NAMES: Record<QueryType, string> = {
  A: 'A (single point, one document: tests precision)',
  B: 'B (several points, one document: tests recall and chunk granularity)',
  C: 'C (several documents: tests how retrieval combines sources)',
  D: 'D (multi-hop: tests the retrieval chain)',
};

/**
 * The coverage rules of docs/config.md#retrieval-on-a-golden-set-optional: warn above
 * {@link GOLDEN_MAX_QUERIES} queries (more dilutes the metrics and makes the expert review too
 * long to repeat) and for each query type A–D with no query (coverage comes before quality and
 * quantity).
 */
export function goldenCoverage(golden: GoldenSet): GoldenCoverage {
  const byType = Object.fromEntries(QUERY_TYPES.map((type) => [type, golden.queries.filter((query) => query.type === type).length])) as Record<QueryType, number>;
  const warnings: string[] = [];
  if (golden.queries.length > GOLDEN_MAX_QUERIES) {
    warnings.push(
      `${golden.queries.length} queries, more than ${GOLDEN_MAX_QUERIES}: keep the golden set small and hard — retire queries that always pass, rather than adding more`,
    );
  }
  for (const type of QUERY_TYPES) {
    if (byType[type] === 0) warnings.push(`no type ${TYPE_NAMES[type]} query: add one so every retrieval scenario is covered`);
  }
  return { queries: golden.queries.length, byType, warnings };
}

/** A query that was perfect on both sides in every past run that asked it. */
export interface RetireCandidate {
  id: string;
  type: QueryType;
  /** Past runs that asked the query (all of them perfect). */
  runs: number;
}

/** Options of {@link retireCandidates}. */
export interface RetireOptions {
  /** Fewest past runs a query must have been perfect in (default: `3`). */
  minRuns?: number;
}

/**
 * Retire the easy ones (docs/config.md#retrieval-on-a-golden-set-optional):
 * queries of the current golden set that were perfect — relevant chunk
 * at rank 1 and every excerpt retrieved (recall 1), on base and on head — in every past report
 * that asked them, and asked in at least `minRuns` of them. They no longer discriminate: move
 * them to a regression suite and add harder (C, D) queries. Reports without a retrieval
 * section are ignored; queries no longer in the golden set are not listed.
 */
export function retireCandidates(golden: GoldenSet, reports: readonly Report[], options: RetireOptions = {}): RetireCandidate[] {
  const minRuns = Math.max(1, options.minRuns ?? 3);
  const tally = new Map<string, { runs: number; perfect: boolean }>();
  for (const report of reports) {
    for (const outcome of report.retrieval?.queries ?? []) {
      const perfect = [outcome.base, outcome.head].every((side) => side.rank === 1 && side.recall === 1);
      const entry = tally.get(outcome.id) ?? { runs: 0, perfect: true };
      entry.runs += 1;
      entry.perfect &&= perfect;
      tally.set(outcome.id, entry);
    }
  }
  return golden.queries.flatMap((query) => {
    const entry = tally.get(query.id);
    return entry && entry.perfect && entry.runs >= minRuns ? [{ id: query.id, type: query.type, runs: entry.runs }] : [];
  });
}
