/**
 * The validity experiment's second view of the truth (docs/scores.md#do-the-scores-track-retrieval): retrieval at an
 * equal context budget. Top-5 hands an answering model 5 chunks whatever their size, so a
 * configuration of 1,024-token chunks reads eight times the text of one of 128-token chunks.
 * Here every configuration gets the same number of tokens: the best-ranked chunks are taken in
 * order while they fit the budget, and a query is answered when one of them wholly holds an
 * evidence excerpt.
 */

import { packContext } from '../../src/probes/stand.js';

/** Context budgets of the experiment, in tokens of the configuration's tokenizer. */
export const BUDGETS = [512, 1024, 2048, 4096] as const;

/**
 * The chunks a model reads within `budget` tokens: the product's packing (`packContext` of
 * src/probes/stand.ts), so the truth and the probes fill a context the same way.
 */
export const contextWithin = packContext;

/** 1 when a chunk of {@link contextWithin} is one of `relevant`, else 0 (a query's recall at the budget). */
export function answeredWithin(ranking: readonly number[], tokensOf: (order: number) => number, relevant: ReadonlySet<number>, budget: number): 0 | 1 {
  return contextWithin(ranking, tokensOf, budget).some((order) => relevant.has(order)) ? 1 : 0;
}
