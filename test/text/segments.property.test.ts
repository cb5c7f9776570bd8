import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEGMENT_WINDOW, firstSentence, segmentText, sentenceSegments } from '../../src/text/segments.js';

/** The sentence segmenter of `src/text/segments.ts`: the reference runs it on the whole text. */
const SENTENCES = new Intl.Segmenter('und', { granularity: 'sentence' });

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

/** Multi-line text around the line fast path: terminators, abbreviations, CR, non-ASCII separators. */
const lines = fc.array(fc.oneof(piece, fc.constant('\n'), fc.constant('\r\n'), fc.constant('Mr. Smith')), { maxLength: 60 }).map((parts) => parts.join(''));

describe('sentenceSegments (property): lines without a terminator skip the segmenter, sentences unchanged', () => {
  it('on multi-line strings built around the fast path', () => {
    fc.assert(
      fc.property(lines, (text) => {
        expect(sentenceSegments(text)).toEqual(segmentText(SENTENCES, text));
      }),
      { numRuns: 4000 },
    );
  });

  it('on arbitrary Unicode strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (text) => {
        expect(sentenceSegments(text)).toEqual(segmentText(SENTENCES, text));
      }),
      { numRuns: 3000 },
    );
  });

  it('cuts after each line break, and in a line only at its terminators', () => {
    // "Set it\n" 0–7 (fast), "Run it. " 7–15 and "Stop\n" 15–20 (segmenter), "Done" 20–24 (fast)
    expect(sentenceSegments('Set it\nRun it. Stop\nDone')).toEqual([
      { segment: 'Set it\n', index: 0 },
      { segment: 'Run it. ', index: 7 },
      { segment: 'Stop\n', index: 15 },
      { segment: 'Done', index: 20 },
    ]);
  });
});
