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

/**
 * ASCII text around every UAX #29 sentence rule, weighted toward the contexts that decide a
 * break: terminators with closers and spaces (SB9–SB11), `3.5` (SB6), `U.S` (SB7), `e.g. the`
 * and `a.) b` (SB8), `etc.,` and `?!` (SB8a), CR LF (SB3, SB4), controls and symbols (Other).
 */
const asciiPiece = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('a', 'z', 'B', 'Q', '3', '0', ' ', ' ', '.', '.', '!', '?') },
  { weight: 3, arbitrary: fc.constantFrom(')', '(', '"', "'", '[', ']', '{', '}', ',', '-', ':', ';', '\t', '\v', '\f') },
  { weight: 2, arbitrary: fc.constantFrom('\n', '\r', '\r\n', '#', '*', '`', '/', '<', '>', '_', '~', '@', '\0', '\x1f', '\x7f') },
  { weight: 2, arbitrary: fc.constantFrom('a. B', 'a.) b', '3.5', 'e.g. the', 'Hi!" he', 'U.S.A.', 'etc.,', 'a. 1 b', '. . x', '?!) ', '." ( a') },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)) },
);
/** The non-ASCII characters the breaker knows (Latin-1 letters, NBSP, Han, CJK and typographic punctuation), and some it does not. */
const widePiece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('é', 'É', 'ß', 'ª', '\xa0', '·', '×', '中', '文', '。', '！', '？', '，', '：', '；', '、', '（', '）', '“', '”', '‘', '’', '「', '」', '–', '—', '…', '†', '→') },
  { weight: 1, arbitrary: fc.constantFrom('\u0085', '\u2028', '\u0301', '\u00ad', '¿', '😀', 'ı', '．', '﹒', '\u3000') },
  { weight: 1, arbitrary: fc.integer({ min: 0x80, max: 0xff }).map((code) => String.fromCharCode(code)) },
);
const proseTexts = fc.array(fc.oneof({ weight: 3, arbitrary: asciiPiece }, { weight: 2, arbitrary: widePiece }), { maxLength: 40 }).map((parts) => parts.join(''));
const asciiTexts = fc.array(asciiPiece, { maxLength: 40 }).map((parts) => parts.join(''));

describe('the sentence breaker (property): exactly Intl.Segmenter’s sentences', () => {
  it('on ASCII strings built around every rule SB1–SB11', () => {
    fc.assert(
      fc.property(asciiTexts, (text) => {
        expect(sentenceSegments(text)).toEqual(segmentText(SENTENCES, text));
        expect(firstSentence(text)).toBe(firstSentenceBySegmenter(text));
      }),
      { numRuns: 25_000 },
    );
  });

  it('on strings of ASCII and the non-ASCII characters it knows, and some it does not', () => {
    fc.assert(
      fc.property(proseTexts, (text) => {
        expect(sentenceSegments(text)).toEqual(segmentText(SENTENCES, text));
        expect(firstSentence(text)).toBe(firstSentenceBySegmenter(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it('on ASCII lines mixed with lines the segmenter reads', () => {
    const mixed = fc.array(fc.oneof(asciiPiece, fc.constantFrom('\n', 'é. a', '“Hi.” b', '。', '\u2028')), { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(mixed, (text) => {
        expect(sentenceSegments(text)).toEqual(segmentText(SENTENCES, text));
      }),
      { numRuns: 5000 },
    );
  });

  it('gives every character it knows the class ICU gives it, in the contexts that tell the classes apart', () => {
    const codes = [...Array(0x100).keys(), ...Array.from({ length: 0xa000 - 0x4e00 }, (_, i) => 0x4e00 + i)];
    codes.push(0x3002, 0xff01, 0xff1f, 0x3001, 0xff0c, 0xff1a, 0xff1b, 0x2013, 0x2014, 0xff08, 0xff09, 0x201c, 0x201d, 0x2018, 0x2019, 0x300c, 0x300d, 0x2026, 0x2020, 0x2192);
    for (const code of codes) {
      const c = String.fromCharCode(code);
      const contexts = [`a.${c}b`, `a.${c} B`, `a.${c} b`, `a. ${c}b`, `a. ${c}B`, `A${c}B`, `a${c}.B`, `a?${c} b`, `a.${c}`, `${c}.${c}`, `a. ${c}`, `a.${c}${c}B c`, `a${c}.B`];
      for (const text of code >= 0x4e00 && code < 0xa000 ? contexts.slice(0, 8) : contexts) {
        expect(sentenceSegments(text)).toEqual(segmentText(SENTENCES, text));
      }
    }
  });

  it('breaks as UAX #29 does on hand-picked cases', () => {
    const parts = (text: string): string[] => sentenceSegments(text).map((part) => part.segment);
    expect(parts('Run the command. Then open the app.')).toEqual(['Run the command. ', 'Then open the app.']);
    expect(parts('Pi is 3.14 here. U.S.A. is big.')).toEqual(['Pi is 3.14 here. ', 'U.S.A. is big.']);
    expect(parts('See e.g. the docs. Hi!" he said.')).toEqual(['See e.g. the docs. ', 'Hi!" ', 'he said.']); // SB8 is for `.` only
    expect(parts('Wait?! (yes.) No; etc., ok.\r\nNext')).toEqual(['Wait?! ', '(yes.) ', 'No; etc., ok.\r\n', 'Next']);
  });
});
