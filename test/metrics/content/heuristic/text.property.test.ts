import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLOSERS, sentenceUnits } from '../../../../src/metrics/content/text.js';

/** The former `splitProse`, one-character strings tested with `includes` (issue 16 reads char codes). */
function referenceSplitProse(text: string, start: number, end: number, cut: (at: number) => void): void {
  for (let at = start; at < end; at++) {
    const char = text[at]!;
    if ('。！？；'.includes(char)) {
      let next = at + 1;
      while (next < end && CLOSERS.includes(text[next]!)) next += 1;
      if (next < end) cut(next);
    } else if ('.!?'.includes(char) && /\s/.test(text[at + 1] ?? '') && at + 1 < end && (char !== '.' || !/\d/.test(text[at - 1] ?? ''))) {
      cut(at + 1);
    }
  }
}

/** The units `sentenceUnits` gives for one prose line, from the reference splitter: the cuts it makes. */
function referenceCuts(line: string): number[] {
  const cuts: number[] = [];
  referenceSplitProse(line, 0, line.length, (at) => cuts.push(at));
  return cuts;
}

// Terminators of both widths, closers, spaces of both kinds, digits, letters and a lone surrogate.
const CHARS = ['.', '!', '?', ';', '。', '！', '？', '；', '"', '」', ')', '*', ' ', '\u3000', '\t', 'a', 'B', '1', '文', '\ud83d'];

describe('sentenceUnits prose cuts (char codes)', () => {
  it('cuts a prose line where the one-character-string splitter did', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 40 }), (chars) => {
        // One line that starts with a letter, so it is prose (not a heading, list item, table or fence).
        const line = `x${chars.join('')}`;
        const starts = [0, ...referenceCuts(line)];
        const expected = starts
          .map((start, index): [number, number] => [start, starts[index + 1] ?? line.length])
          .filter(([start, end]) => /\S/.test(line.slice(start, end)));
        expect(sentenceUnits(line)).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
