import { describe, expect, it } from 'vitest';
import { draw, seededRandom, simulatedQueries } from '../../src/probes/simulated.js';

/** A generator that returns the given numbers in turn. */
const sequence = (...numbers: number[]) => {
  let at = 0;
  return () => numbers[at++ % numbers.length]!;
};

describe('seededRandom', () => {
  it('gives the same numbers for the same text and others for another text', () => {
    const a = seededRandom('Rotate the keys.');
    const b = seededRandom('Rotate the keys.');
    const c = seededRandom('Rotate the key.');
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
    for (const value of first) expect(value >= 0 && value < 1).toBe(true);
  });
});

describe('draw', () => {
  it('picks in proportion to weight, without replacement', () => {
    // Weights 1, 3 (total 4): 0.3 × 4 = 1.2 passes "a" (1) and lands on "b"; then only "a" is left.
    expect(draw(['a', 'b'], [1, 3], 2, sequence(0.3, 0.9))).toEqual(['b', 'a']);
    // 0.2 × 4 = 0.8 < 1: "a".
    expect(draw(['a', 'b'], [1, 3], 1, sequence(0.2))).toEqual(['a']);
  });
  it('never picks a weight of zero while another is left, and stops when the items run out', () => {
    expect(draw(['a', 'b', 'c'], [0, 1, 0], 1, sequence(0, 0.5, 0.99))).toEqual(['b']);
    expect(draw(['a', 'b'], [1, 1], 5, sequence(0.1))).toEqual(['a', 'b']);
    expect(draw([], [], 2, sequence(0.5))).toEqual([]);
  });
});

describe('simulatedQueries', () => {
  const idf = (frequencies: Record<string, number>) => ({ idf: (term: string) => Math.log(1 + (100 - (frequencies[term] ?? 0) + 0.5) / ((frequencies[term] ?? 0) + 0.5)) });
  const passage = { text: 'Rotate the signing keys every ninety days. Old keys stay valid for the rest.', headingPath: ['Security', 'Key rotation'] };
  const weights = idf({ the: 99, for: 95, every: 60, stay: 50, rest: 40, old: 20, valid: 12, days: 8, keys: 5, rotate: 3, signing: 2, ninety: 1 });
  it('is the same on every run and holds the terms its shape asks for', () => {
    const shape = { count: 6, content: 2, common: 1, heading: 1, noise: 0 };
    const queries = simulatedQueries(passage, weights, shape);
    expect(simulatedQueries(passage, weights, shape)).toEqual(queries);
    expect(new Set(queries).size).toBe(queries.length);
    expect(queries.length).toBeGreaterThan(0);
    // Common: the four commonest terms ("the", "for", "every", "stay"); content: the others;
    // heading: a heading word the passage lacks ("key" and "rotation" minus "rotate": "security", "key", "rotation").
    const common = new Set(['the', 'for', 'every', 'stay']);
    for (const query of queries) {
      const words = query.split(' ');
      expect(words).toHaveLength(4);
      expect(words.slice(0, 2).every((word) => !common.has(word) && passage.text.toLowerCase().includes(word))).toBe(true);
      expect(common.has(words[2]!)).toBe(true);
      expect(['security', 'key', 'rotation']).toContain(words[3]);
    }
  });
  it('draws noise from the page, never from the passage itself', () => {
    const queries = simulatedQueries(passage, weights, { count: 4, content: 1, common: 0, heading: 0, noise: 1 }, ['keys', 'certificate', 'certificate', 'expiry']);
    for (const query of queries) expect(['certificate', 'expiry']).toContain(query.split(' ')[1]);
  });
  it('gives nothing for a passage with fewer terms than a query draws from it', () => {
    expect(simulatedQueries({ text: 'See the docs.', headingPath: [] }, weights, { count: 3, content: 4, common: 0, heading: 0, noise: 0 })).toEqual([]);
  });
});
