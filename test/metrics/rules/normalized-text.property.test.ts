import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizedText } from '../../../src/metrics/rules/duplicate-chunk.js';
import type { Chunk } from '../../../src/types.js';

/** A chunk holding only `text` (all `normalizedText` reads). */
const chunkOf = (text: string) => ({ text }) as Chunk;
/** The former normalisation: every whitespace run becomes one space, ends trimmed. */
const reference = (text: string) => text.replace(/\s+/g, ' ').trim();

const piece = fc.constantFrom(' ', '  ', '\n', '\t', '\r\n', '\u00a0', '\u2028', '\u3000', '\ufeff', 'a', 'Word', '.', '上');
const texts = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

describe('normalizedText (property): lone spaces left alone, the text is the /\\s+/g normalisation', () => {
  it('on strings of spaces, line breaks, Unicode spaces and words', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(normalizedText(chunkOf(text))).toBe(reference(text));
      }),
      { numRuns: 4000 },
    );
  });

  it('on arbitrary Unicode strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        expect(normalizedText(chunkOf(text))).toBe(reference(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('folds runs to one space and trims', () => {
    expect(normalizedText(chunkOf(' a  b\n\tc d \u00a0'))).toBe('a b c d');
  });
});
