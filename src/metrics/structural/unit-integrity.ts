import type { StructuralInput } from './input.js';
import { unitSpans } from './lost-units.js';
import { chunkHolding } from './structures.js';

/**
 * `unit_integrity` (docs/scores.md#do-the-scores-track-retrieval): 100 × the share of the
 * document's answer-bearing units — sentences, list-item lines, table rows, lines of code or markup
 * ({@link unitSpans}), front matter excluded — that one chunk holds whole. Retrieval can only
 * return an answer whole when one chunk holds it: a unit cut across a boundary is lost unless
 * overlap repeats it whole in the neighbour, which counts. Unlike a cut's position, this weighs a
 * cut by what it breaks: one split sentence costs a 40-sentence page 2.5 points, a 4-sentence page
 * 25. No units → 100.
 */
export function unitIntegrity(input: StructuralInput): number {
  const { doc, chunks } = input;
  const units = unitSpans(doc, { start: doc.frontmatter?.end ?? 0, end: doc.source.length });
  if (units.length === 0) return 100;
  const holder = chunkHolding(chunks);
  const whole = units.filter((unit) => holder(unit) !== null).length;
  return (100 * whole) / units.length;
}
