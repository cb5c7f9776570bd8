import { describe, expect, it } from 'vitest';
import { wordSimilarity } from '../../src/compare/similarity.js';

describe('wordSimilarity', () => {
  it('is the Jaccard index of lower-cased word sets', () => {
    // {the, quick, brown, fox} vs {the, quick, red, fox}: 3 shared / 5 in the union = 0.6
    expect(wordSimilarity('The quick brown fox', 'the quick red fox')).toBeCloseTo(0.6, 10);
  });

  it('counts repeated words once', () => {
    // {a, b} vs {a, b}: 2 / 2
    expect(wordSimilarity('a a a b', 'b a')).toBe(1);
  });

  it('treats each Han character as a word', () => {
    // {数, 据, 切, 分} vs {数, 据, 分, 析}: 3 shared / 5 in the union
    expect(wordSimilarity('数据切分', '数据分析')).toBeCloseTo(0.6, 10);
    // "abc中文" is {abc, 中, 文}; "abc" is {abc}: 1 / 3
    expect(wordSimilarity('abc中文', 'abc')).toBeCloseTo(1 / 3, 10);
  });

  it('returns the documented neutral values for texts without words', () => {
    expect(wordSimilarity('', '  --- ')).toBe(1);
    expect(wordSimilarity('', 'word')).toBe(0);
  });
});
