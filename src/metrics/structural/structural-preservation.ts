import type { StructuralInput } from './input.js';
import { orphanHeading } from './orphan.js';
import { spanFits } from './fits.js';
import { chunkSize } from './size.js';
import { chunkHolding, structuresOf } from './structures.js';

/**
 * `structural_preservation` (docs/scores.md#structural-metrics-per-document): among the tables, code blocks, lists,
 * blockquotes and heading sections (depth ≤ `headingLevels.max`, each up to the
 * next such heading; see `structuresOf`) whose source
 * fits in `max`, the share kept whole in one chunk, minus orphan headings:
 * `clamp(100 × preserved / eligible − 100 × orphans / N, 0, 100)`.
 *
 * A structure is preserved when one chunk holds all of its non-whitespace
 * content (a piece repeated in a neighbour as overlap does not split it); an
 * orphan is a chunk ending on a heading (see `orphanHeading`).
 * Nothing eligible → the first term is 100; no chunks → no orphans.
 */
export function structuralPreservation(input: StructuralInput): number {
  const { doc, chunks, options, measure } = input;
  const holder = chunkHolding(chunks);
  let eligible = 0;
  let preserved = 0;
  for (const structure of structuresOf(doc, options.headingLevels.max)) {
    if (structure.end <= structure.start) continue;
    const chunk = holder(structure);
    // Inside a chunk that fits, the structure fits too: no need to measure it.
    const fits =
      (chunk !== null && chunkSize(chunk, measure.unit) <= options.max) ||
      spanFits(doc, structure, options.max, measure);
    if (!fits) continue;
    eligible += 1;
    if (chunk !== null) preserved += 1;
  }
  const orphans = chunks.filter((chunk) => orphanHeading(doc, chunk) !== null).length;
  const kept = eligible === 0 ? 100 : (100 * preserved) / eligible;
  const penalty = chunks.length === 0 ? 0 : (100 * orphans) / chunks.length;
  return Math.min(100, Math.max(0, kept - penalty));
}
