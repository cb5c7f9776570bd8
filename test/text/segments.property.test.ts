import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEGMENT_WINDOW, firstSentence } from '../../src/text/segments.js';

/** The former `firstSentence`: the first segment of the first window by `Intl.Segmenter`, always. */
function firstSentenceBySegmenter(text: string): string {
  for (const part of new Intl.Segmenter('und', { granularity: 'sentence' }).segment(text.slice(0, SEGMENT_WINDOW))) return part.segment;
  return '';
}

/** Pieces around the one-sentence fast path: ASCII words, spaces, tabs, terminators, closers, line breaks, non-ASCII. */
const piece = fc.constantFrom('a', 'B', '7', ' ', '\t', '.', '!', '?', ')', '"', "'", ',', ';', ':', '-', '\n', '\r', '\v', '\f', '\u0085', '\u2028', 'é', '。', 'etc', 'e.g', 'Run it', 'U.S', '1.5');
const texts = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));

describe('firstSentence (property): the one-sentence fast path gives the segmenter’s first sentence', () => {
  it('on strings built around the fast path', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(firstSentence(text)).toBe(firstSentenceBySegmenter(text));
      }),
      { numRuns: 4000 },
    );
  });

  it('on arbitrary ASCII strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)), maxLength: 80 }), (text) => {
        expect(firstSentence(text)).toBe(firstSentenceBySegmenter(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('takes a clause without a terminator whole, with its final line break', () => {
    expect(firstSentence('Run the `dev` command (it watches files)\n')).toBe('Run the `dev` command (it watches files)\n');
    expect(firstSentence('Run it\nthen stop')).toBe('Run it\n');
  });
});
