import { lineAt } from '../../markdown/lines.js';
import { coverageGaps } from '../structural/gaps.js';
import type { StructuralInput } from '../structural/input.js';
import { lostUnits } from '../structural/lost-units.js';
import { contentStart } from '../structural/text.js';
import { excerpt, finding, type RuleFinding } from './finding.js';

/**
 * `source-loss`: non-whitespace source text outside front matter that no chunk
 * covers. One issue per uncovered gap, on the chunk that follows the gap (the
 * last chunk for a trailing gap), at the line of the first lost text, with the
 * number of lost non-whitespace characters. No chunks → nothing to report on.
 */
export function checkSourceLoss(input: StructuralInput): RuleFinding[] {
  const { doc, chunks } = input;
  if (chunks.length === 0) return [];
  return coverageGaps(doc, chunks).map((gap) => {
    const units = lostUnits(doc, gap);
    const first = units[0];
    const line = first?.line ?? lineAt(doc.lineStarts, contentStart(doc.source, gap.start, gap.end));
    const last = units.at(-1)?.line ?? line;
    const lines = last > line ? `lines ${line}–${last}` : `line ${line}`;
    return finding(gap.chunk, 'source-loss', {
      message: `Unexpected loss of “${excerpt(first?.text ?? '')}” (${lines}, ${gap.nonWhitespace} chars), expected all source text in a chunk`,
      line,
      actual: gap.nonWhitespace,
      expected: 0,
    });
  });
}
