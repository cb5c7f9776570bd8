import { describe, expect, it } from 'vitest';
import { fitsIn } from '../../../src/metrics/structural/fits.js';
import type { Measure } from '../../../src/types.js';

/** A tokens measure that counts calls and answers a fixed size. */
function fakeTokens(size: number): Measure & { calls: string[] } {
  const calls: string[] = [];
  return { unit: 'tokens', size: (text) => (calls.push(text), size), calls };
}

describe('fitsIn', () => {
  it('compares the length in chars', () => {
    expect(fitsIn('abcde', 5, { unit: 'chars', size: (text) => text.length })).toBe(true);
    expect(fitsIn('abcdef', 5, { unit: 'chars', size: (text) => text.length })).toBe(false);
  });

  it('accepts short ASCII text without tokenizing it', () => {
    const measure = fakeTokens(999);
    expect(fitsIn('ten chars!', 10, measure)).toBe(true); // 10 ASCII chars ≤ 10 → at most 10 tokens
    expect(measure.calls).toEqual([]);
  });

  it('rejects text with more word runs than max without tokenizing it', () => {
    const measure = fakeTokens(0);
    expect(fitsIn('one two three four', 3, measure)).toBe(false); // 4 word runs > 3 → at least 4 tokens
    expect(measure.calls).toEqual([]);
  });

  it('rejects a long text from its prefix, and measures the rest', () => {
    // 3 runs ≤ max 3, 40 chars > 4 × 3 = 12 → the 12-char prefix measures 20 > 3 + 16 → does not fit
    const long = fakeTokens(20);
    expect(fitsIn(`{${'-'.repeat(30)}} a b c #`.padEnd(40, '#'), 3, long)).toBe(false);
    expect(long.calls).toHaveLength(1);
    expect(long.calls[0]).toHaveLength(12);
    // non-ASCII short text: measured whole
    const short = fakeTokens(2);
    expect(fitsIn('分块', 3, short)).toBe(true);
    expect(short.calls).toEqual(['分块']);
  });
});
