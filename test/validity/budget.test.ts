import { describe, expect, it } from 'vitest';
import { answeredWithin, contextWithin } from '../../scripts/validity/budget.js';

// Chunk order → tokens: 0:300, 1:300, 2:500, 3:100, 4:2000
const sizes = new Map([
  [0, 300],
  [1, 300],
  [2, 500],
  [3, 100],
  [4, 2000],
]);
const tokensOf = (order: number) => sizes.get(order)!;

describe('contextWithin', () => {
  it('takes ranked chunks while their tokens fit the budget', () => {
    // 300 + 300 = 600 ≤ 1024; + 500 = 1100 > 1024: stops before chunk 2 (chunk 3 would fit, but ranks lower)
    expect(contextWithin([0, 1, 2, 3], tokensOf, 1024)).toEqual([0, 1]);
    // 300 + 300 + 500 + 100 = 1200 ≤ 2048
    expect(contextWithin([0, 1, 2, 3], tokensOf, 2048)).toEqual([0, 1, 2, 3]);
    // exactly the budget is within it: 300 + 300 = 600
    expect(contextWithin([0, 1, 2], tokensOf, 600)).toEqual([0, 1]);
  });

  it('always reads the first chunk, even one larger than the budget', () => {
    expect(contextWithin([4, 0], tokensOf, 512)).toEqual([4]);
    expect(contextWithin([], tokensOf, 512)).toEqual([]);
  });
});

describe('answeredWithin', () => {
  it('is 1 only when a relevant chunk is read within the budget', () => {
    const relevant = new Set([2]);
    expect(answeredWithin([0, 1, 2], tokensOf, relevant, 1024)).toBe(0); // 600 + 500 > 1024
    expect(answeredWithin([0, 1, 2], tokensOf, relevant, 1100)).toBe(1);
    expect(answeredWithin([2, 0], tokensOf, relevant, 100)).toBe(1); // the first chunk is always read
    expect(answeredWithin([0, 1], tokensOf, new Set<number>(), 4096)).toBe(0);
  });
});
