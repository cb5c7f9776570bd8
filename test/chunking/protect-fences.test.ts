import { describe, expect, it } from 'vitest';
import { protectFences } from '../../src/chunking/protectFences.js';

describe('protectFences', () => {
  it('merges the units a fence overlaps, and every unit between them', () => {
    // units [0,5) [6,10) [11,15) [16,20); a fence over 7–14 touches the 2nd and 3rd.
    const units = [
      { start: 0, end: 5 },
      { start: 6, end: 10 },
      { start: 11, end: 15 },
      { start: 16, end: 20 },
    ];
    expect(protectFences(units, [{ start: 7, end: 14 }])).toEqual([
      { start: 0, end: 5 },
      { start: 6, end: 15 },
      { start: 16, end: 20 },
    ]);
  });

  it('chains fences that share a unit, and leaves units outside every fence alone', () => {
    const units = [0, 10, 20, 30, 40].map((start) => ({ start, end: start + 8 }));
    // fence A over units 1–2, fence B over units 2–3: units 1–3 become one.
    expect(protectFences(units, [{ start: 12, end: 22 }, { start: 25, end: 35 }])).toEqual([
      { start: 0, end: 8 },
      { start: 10, end: 38 },
      { start: 40, end: 48 },
    ]);
    expect(protectFences(units, undefined)).toEqual(units);
    expect(protectFences(units, [])).toEqual(units);
  });
});
