import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineStartsOf } from '../../src/markdown/lines.js';

/** The one-regex pass lineStartsOf keeps for text with carriage returns, applied to every text. */
function regexLineStarts(source: string): number[] {
  const starts = [0];
  for (const match of source.matchAll(/\r\n?|\n/g)) starts.push(match.index + match[0].length);
  return starts;
}

const TEXT = fc.array(fc.constantFrom('a', 'é', ' ', '\n', '\n', '\r', '\r\n', '😀', '#'), { maxLength: 60 }).map((parts) => parts.join(''));

describe('lineStartsOf', () => {
  it('equals the regex pass on any text, with or without carriage returns', () => {
    fc.assert(
      fc.property(TEXT, (source) => {
        expect(lineStartsOf(source)).toEqual(regexLineStarts(source));
      }),
      { numRuns: 2000 },
    );
  });

  it('equals it on text with `\\n` line endings only (the scan without the regex)', () => {
    const lfOnly = TEXT.map((text) => text.replaceAll('\r', ''));
    fc.assert(
      fc.property(lfOnly, (source) => {
        expect(lineStartsOf(source)).toEqual(regexLineStarts(source));
      }),
      { numRuns: 2000 },
    );
    expect(lineStartsOf('ab\n\ncd\n')).toEqual([0, 3, 4, 7]);
  });
});
