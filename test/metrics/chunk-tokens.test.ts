/**
 * `chunkTokens` splits a chunk once (`tokenize`) and learns on the way whether lower-casing keeps
 * the text's length, which `bodySearchTerms` asks instead of lower-casing the text again.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkTokens, lowerCaseKeepsLength } from '../../src/metrics/chunk-tokens.js';
import { tokenize } from '../../src/text/words.js';

/** Pieces around the one length-changing lower-casing ("İ" → "i̇") and other case mappings that keep the length. */
const piece = fc.constantFrom('Tauri', 'İ', 'i\u0307', 'ß', 'ẞ', 'Σ', 'ǅ', 'ﬁ', '文件', '😀', '\ud801\udc00', ' ', '\n', '.');
const text = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));

describe('chunkTokens and lowerCaseKeepsLength', () => {
  it('give tokenize(text) and whether text.toLowerCase() keeps its length, on generated text', () => {
    let changing = 0;
    fc.assert(
      fc.property(text, (value) => {
        const chunk = { text: value };
        const keeps = value.toLowerCase().length === value.length;
        // Asked before and after the split: the answer does not depend on the order.
        expect(lowerCaseKeepsLength(chunk)).toBe(keeps);
        expect(chunkTokens(chunk)).toEqual(tokenize(value));
        expect(lowerCaseKeepsLength({ text: value })).toBe(keeps);
        if (!keeps) changing += 1;
      }),
      { numRuns: 1000, seed: 1616 },
    );
    expect(changing).toBeGreaterThan(100);
  });

  it('on hand-checked texts: "İ" lower-cases to two code units, "ẞ" and the Deseret "𐐀" to one character each', () => {
    expect(lowerCaseKeepsLength({ text: 'İzmir' })).toBe(false);
    expect(lowerCaseKeepsLength({ text: 'ẞ \ud801\udc00 Tauri' })).toBe(true);
    const chunk = { text: 'İzmir ok' };
    expect(chunkTokens(chunk)).toBe(chunkTokens(chunk));
    expect(chunkTokens(chunk).words).toEqual(['i̇zmir', 'ok']);
  });
});
