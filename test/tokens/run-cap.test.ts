import { countTokens as exact } from 'gpt-tokenizer/encoding/o200k_base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countTokens } from '../../src/tokens/measure.js';
import { countRunCapped, RUN_CAP, runCappedSegments } from '../../src/tokens/runCap.js';
import { tokenOffsets } from '../../src/tokens/tokenOffsets.js';

describe('runCappedSegments: the rule', () => {
  it('leaves text without a run longer than 1000 characters whole', () => {
    expect(RUN_CAP).toBe(1000);
    expect(runCappedSegments('short text')).toBeNull();
    expect(runCappedSegments(`${'a'.repeat(1000)}${' '.repeat(1000)}b`)).toBeNull();
  });

  it('cuts every run of non-whitespace (or whitespace) longer than 1000 every 1000 characters from its start', () => {
    // "hi " (3) + 2500 letters + " end" : the run [3, 2503) becomes [3,1003) [1003,2003) [2003,2503).
    const text = `hi ${'a'.repeat(2500)} end`;
    expect(runCappedSegments(text)).toEqual([
      [0, 3],
      [3, 1003],
      [1003, 2003],
      [2003, 2503],
      [2503, 2507],
    ]);
    expect(runCappedSegments(`x${' '.repeat(1500)}y`)).toEqual([
      [0, 1],
      [1, 1001],
      [1001, 1501],
      [1501, 1502],
    ]);
  });

  it('finds every run longer than 1000 characters wherever it lies (the quick look per 500-character window misses none)', () => {
    // Runs of 999 to 1002 characters (letters, spaces, CJK, NBSP) at any offset in short text.
    const run = fc.tuple(fc.constantFrom('a', ' ', '中', '\u00a0', '\n'), fc.integer({ min: 990, max: 1010 })).map(([char, length]) => char.repeat(length));
    const filler = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '.', '中'), maxLength: 700 });
    fc.assert(
      fc.property(fc.array(fc.oneof(run, filler), { maxLength: 5 }), (parts) => {
        const text = parts.join('');
        expect(runCappedSegments(text) !== null).toBe(/\s{1001}|\S{1001}/.test(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('never cuts between the halves of a surrogate pair', () => {
    // 999 letters then emoji: the cut at 1000 would split the pair, so it moves to 999.
    const text = `${'a'.repeat(999)}${'😀'.repeat(10)}`;
    expect(runCappedSegments(text)).toEqual([
      [0, 999],
      [999, 1019],
    ]);
  });
});

describe('countRunCapped: the approximation', () => {
  it('is exact without long runs', () => {
    const text = 'An ordinary sentence, with words and 12345 digits.\n'.repeat(50);
    let calls = 0;
    expect(countRunCapped(text, (piece) => (calls++, countTokens(piece, 'o200k_base')))).toBe(countTokens(text, 'o200k_base'));
    expect(calls).toBe(1);
  });

  it('is within one token per cut of the exact count on a long base64-like run', () => {
    // A pseudo-random 4000-character run of base64 letters: 3 cuts.
    let seed = 7;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const run = Array.from({ length: 4000 }, () => alphabet[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % 64]).join('');
    const capped = countTokens(run, 'o200k_base');
    expect(Math.abs(capped - exact(run))).toBeLessThanOrEqual(3);
  });
});

describe('tokenOffsets on capped text', () => {
  it('ends where countTokens counts, and every offset slices the text', () => {
    const text = `intro ${'b'.repeat(2300)} outro`;
    const ends = tokenOffsets(text, 'o200k_base');
    expect(ends).toHaveLength(countTokens(text, 'o200k_base'));
    expect(ends.at(-1)).toBe(text.length);
    expect([...ends].sort((a, b) => a - b)).toEqual(ends);
    // Pieces never straddle a cut: 1006 and 2006 (run start 6 + 1000, + 2000) are token ends.
    expect(ends).toContain(1006);
    expect(ends).toContain(2006);
  });
});
