import { lineAt } from '../../markdown/lines.js';
import type { StructuralInput } from '../structural/input.js';
import { consecutiveOverlaps } from '../structural/overlap.js';
import { chunkSize, sizeLabel } from '../structural/size.js';
import { contentStart } from '../structural/text.js';
import { finding, type RuleFinding } from './finding.js';
import { RULES } from '../../shared/rules.js';

/** Share of a chunk that may repeat its predecessor when no overlap was configured. */
const UNREQUESTED_SHARE = 0.25;

/**
 * `excess-overlap`: the source the chunk shares with the previous chunk, o in the
 * unit, exceeds `1.5 × O + 1` for the configured overlap O > 0, or, when O = 0,
 * exceeds 25% of the chunk's size. Pairs the configured overlap does not apply to
 * (across `heading` sections, see `consecutiveOverlaps`) count as O = 0.
 * Line: the first line of the shared text.
 */
export function checkExcessOverlap(input: StructuralInput): RuleFinding[] {
  const { doc, chunks, options, measure } = input;
  const findings: RuleFinding[] = [];
  for (const pair of consecutiveOverlaps(input)) {
    if (!pair.span || contentStart(doc.source, pair.span.start, pair.span.end) >= pair.span.end) continue;
    const target = pair.requested ? options.overlap : 0;
    const line = lineAt(doc.lineStarts, contentStart(doc.source, pair.span.start, pair.span.end));
    const label = sizeLabel(pair.size, measure.unit);
    if (target > 0) {
      const limit = 1.5 * target + 1;
      if (pair.size <= limit) continue;
      findings.push(
        finding(pair.index, 'excess-overlap', {
          message: `Unexpected ${label} overlap with the previous chunk, expected at most ${limit}`,
          line,
          actual: pair.size,
          expected: limit,
          hint: RULES['excess-overlap'].hint({ target, unit: measure.unit }),
        }),
      );
      continue;
    }
    const size = chunkSize(chunks[pair.index]!, measure.unit);
    if (pair.size <= UNREQUESTED_SHARE * size) continue;
    findings.push(
      finding(pair.index, 'excess-overlap', {
        message: `Unexpected ${label} overlap with the previous chunk (${Math.round((100 * pair.size) / Math.max(1, size))}% of this chunk), expected none`,
        line,
        actual: pair.size,
        expected: 0,
        hint: RULES['excess-overlap'].hint(null),
      }),
    );
  }
  return findings;
}
