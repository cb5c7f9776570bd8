import { lineAt } from '../../markdown/lines.js';
import type { Span } from '../../types.js';
import type { StructuralInput } from '../structural/input.js';
import { BRACKET_PAIRS, pairBrackets } from './bracket-pairs.js';
import { finding, type RuleFinding } from './finding.js';

/**
 * `unclosed-bracket`: a bracket pair `()` `[]` `{}` `（）` `【】` `「」` `“”` that is
 * balanced in the source prose (code ignored) has one side in the chunk and the
 * other outside it, i.e. a boundary cut the parenthesis or quotation. One issue per
 * chunk, on the line of the first cut bracket, with the number of cut pairs.
 */
export function checkUnclosedBrackets(input: StructuralInput): RuleFinding[] {
  const { doc, chunks } = input;
  const { offsets, partner } = pairBrackets(doc);
  if (offsets.length === 0) return [];
  const findings: RuleFinding[] = [];
  for (const [index, chunk] of chunks.entries()) {
    const inside = (offset: number): boolean => chunk.spans.some((span) => offset >= span.start && offset < span.end);
    const cut = chunk.spans.flatMap((span) => offsetsIn(offsets, span)).filter((offset) => !inside(partner.get(offset)!));
    if (cut.length === 0) continue;
    const first = cut.reduce((min, offset) => Math.min(min, offset));
    const char = doc.source[first]!;
    const closer = BRACKET_PAIRS[char];
    const message =
      closer !== undefined
        ? `Unexpected unclosed \`${char}\`, expected its \`${closer}\` in the same chunk`
        : `Unexpected \`${char}\` whose opening bracket is in another chunk, expected the pair in one chunk`;
    findings.push(
      finding(index, 'unclosed-bracket', {
        message,
        line: lineAt(doc.lineStarts, first),
        actual: cut.length,
        expected: 0,
      }),
    );
  }
  return findings;
}

/** The offsets in `[span.start, span.end)` of an ascending list, by binary search. */
function offsetsIn(offsets: readonly number[], span: Span): number[] {
  let low = 0;
  let high = offsets.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (offsets[middle]! >= span.start) high = middle;
    else low = middle + 1;
  }
  const found: number[] = [];
  for (let at = low; at < offsets.length && offsets[at]! < span.end; at += 1) found.push(offsets[at]!);
  return found;
}
