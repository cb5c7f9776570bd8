import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortSmallest } from '../../../src/metrics/rules/smallest-first.js';

/** Keys as the near-duplicate rule makes them (`frequency · 2³² + id`), with repeats and runs to stress the partition. */
const key = fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 40 })).map(([frequency, id]) => frequency * 2 ** 32 + id);
const values = fc.oneof(
  fc.array(key, { maxLength: 200 }),
  fc.uniqueArray(key, { maxLength: 200 }),
  fc.uniqueArray(key, { maxLength: 200 }).map((list) => list.sort((a, b) => a - b)),
  fc.uniqueArray(key, { maxLength: 200 }).map((list) => list.sort((a, b) => b - a)),
);

describe('sortSmallest (property): the first `count` entries of a full sort, and the same values', () => {
  it('on generated keys and every count', () => {
    fc.assert(
      fc.property(values, fc.integer({ min: -1, max: 210 }), (list, count) => {
        const sorted = Float64Array.from(list).sort();
        const partial = sortSmallest(Float64Array.from(list), count);
        const kept = Math.max(0, Math.min(count, list.length));
        expect(Array.from(partial.subarray(0, kept))).toEqual(Array.from(sorted.subarray(0, kept)));
        expect(Array.from(partial).sort((a, b) => a - b)).toEqual(Array.from(sorted));
      }),
      { numRuns: 3000 },
    );
  });

  it('on a hand-checked list: the two smallest of 5, 1, 4, 2, 3 first, in order', () => {
    const partial = sortSmallest(Float64Array.of(5, 1, 4, 2, 3), 2);
    expect(Array.from(partial.subarray(0, 2))).toEqual([1, 2]);
    expect(Array.from(partial.subarray(2)).sort()).toEqual([3, 4, 5]);
  });
});
