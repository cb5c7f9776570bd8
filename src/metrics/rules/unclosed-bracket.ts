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
  for (let index = 0; index < chunks.length; index++) {
    const spans = chunks[index]!.spans;
    // Cut pairs counted (a bracket in two overlapping spans of the chunk counts twice, as listed) and the first cut bracket.
    let cut = 0;
    let first = Infinity;
    for (let at = 0; at < spans.length; at++) {
      const span = spans[at]!;
      for (let k = firstAtOrAfter(offsets, span.start); k < offsets.length && offsets[k]! < span.end; k++) {
        const offset = offsets[k]!;
        if (inside(spans, partner.get(offset)!)) continue;
        cut += 1;
        if (offset < first) first = offset;
      }
    }
    if (cut === 0) continue;
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
        actual: cut,
        expected: 0,
      }),
    );
  }
  return findings;
}

/** Whether `offset` lies in one of `spans`. */
function inside(spans: readonly Span[], offset: number): boolean {
  for (let at = 0; at < spans.length; at++) if (offset >= spans[at]!.start && offset < spans[at]!.end) return true;
  return false;
}

/** Index of the first entry of the ascending `offsets` at or after `start`, by binary search. */
function firstAtOrAfter(offsets: readonly number[], start: number): number {
  let low = 0;
  let high = offsets.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (offsets[middle]! >= start) high = middle;
    else low = middle + 1;
  }
  return low;
}
