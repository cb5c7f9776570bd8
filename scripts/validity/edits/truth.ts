/**
 * The truth of an edited case, from a golden query only (never from probes; pure): where the
 * query's evidence stands on each side — the rank of the first chunk that wholly holds an
 * excerpt, and whether such a chunk is read within a context budget of the chunks ranked
 * first — and whether the edit made it worse, better, or neither.
 */
import { contextWithin } from '../budget.js';

/** The context budget, in tokens. */
export const CONTEXT_BUDGET = 1024;
/** Ranks that count as found. */
export const TOP_K = 5;
/** A fall of this many ranks or more, from within {@link TOP_K}, is worse. */
export const RANK_MARGIN = 2;

/** Where a query's evidence stands on one side. */
export interface Stand {
  /** 1-based rank of the first chunk holding an excerpt (`null`: no chunk holding one is ranked). */
  rank: number | null;
  /** A chunk holding an excerpt is read within the budget. */
  within: boolean;
  /** The excerpt of the edited page is no longer on the page (the edit removed it). */
  lost: boolean;
}

export type Outcome = 'worse' | 'better' | 'neutral';

/**
 * Where the evidence stands: `ranking` is the side's ranking of the query (chunk indexes, best
 * first), `holders` the chunks wholly holding an excerpt, `tokensOf` a chunk's size.
 */
export function standOf(
  ranking: readonly number[],
  holders: ReadonlySet<number>,
  tokensOf: (chunk: number) => number,
  options: { budget?: number; lost?: boolean } = {},
): Stand {
  const at = ranking.findIndex((chunk) => holders.has(chunk));
  const within = contextWithin(ranking, tokensOf, options.budget ?? CONTEXT_BUDGET).some((chunk) => holders.has(chunk));
  return { rank: at === -1 ? null : at + 1, within, lost: options.lost ?? false };
}

/** Whether `to` stands worse than `from`: out of the budget it was in, or fallen by {@link RANK_MARGIN} or out of the top {@link TOP_K} from within it. */
function fell(from: Stand, to: Stand): boolean {
  if (from.within && !to.within) return true;
  if (from.rank === null || from.rank > TOP_K) return false;
  return to.rank === null || to.rank > TOP_K || to.rank - from.rank >= RANK_MARGIN;
}

/**
 * The case's truth: `worse` when the edit removed the evidence, or the evidence fell
 * ({@link fell}) from base to head; else `better` when it rose the same way (head to base);
 * else `neutral`.
 */
export function outcomeOf(base: Stand, head: Stand): Outcome {
  if (head.lost && !base.lost) return 'worse';
  if (fell(base, head)) return 'worse';
  if (fell(head, base)) return 'better';
  return 'neutral';
}
