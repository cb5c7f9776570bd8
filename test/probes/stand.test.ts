import { describe, expect, it } from 'vitest';
import { covered, packContext, standOf } from '../../src/probes/stand.js';
import { lostGround } from '../../src/probes/run.js';

describe('packContext', () => {
  it('takes the best-ranked chunks while they fit the budget, and always the first', () => {
    const tokens = [600, 300, 200, 100];
    expect(packContext([0, 1, 2, 3], (order) => tokens[order]!, 1000)).toEqual([0, 1]); // 600 + 300; +200 would be 1,100
    expect(packContext([2, 3, 0], (order) => tokens[order]!, 1000)).toEqual([2, 3, 0]); // 200 + 100 + 600 = 900
    expect(packContext([0], () => 5000, 1000)).toEqual([0]);
  });
});

describe('covered', () => {
  it('needs the union of the spans to reach over the target with no gap', () => {
    expect(covered({ start: 10, end: 30 }, [{ start: 0, end: 20 }, { start: 20, end: 40 }])).toBe(true);
    expect(covered({ start: 10, end: 30 }, [{ start: 0, end: 20 }, { start: 21, end: 40 }])).toBe(false);
    expect(covered({ start: 10, end: 30 }, [{ start: 15, end: 40 }])).toBe(false);
  });
});

describe('standOf', () => {
  const chunks = [
    { file: 'a.md', span: { start: 0, end: 100 } },
    { file: 'b.md', span: { start: 0, end: 50 } },
    { file: 'b.md', span: { start: 50, end: 120 } },
  ];
  const tokens = [700, 200, 400];
  it('ranks the first chunk that holds the passage whole, and checks the packed context', () => {
    const stand = standOf([0, 2, 1], (order) => chunks[order]!, (order) => tokens[order]!, 'b.md', { start: 60, end: 90 }, 1024);
    // Rank 2 holds it; the context holds chunks 0 (700) only: 700 + 400 > 1,024.
    expect(stand).toEqual({ rank: 2, fits: false });
  });
  it('a passage cut in two has no rank, yet fits when both pieces are read', () => {
    const stand = standOf([1, 2, 0], (order) => chunks[order]!, (order) => tokens[order]!, 'b.md', { start: 40, end: 60 }, 1024);
    expect(stand).toEqual({ rank: null, fits: true }); // 200 + 400 = 600 read
  });
});

describe('lostGround', () => {
  const rule = { top: 5, margin: 2 };
  it('counts a passage that left the context, or fell two ranks from the top five', () => {
    expect(lostGround({ rank: 1, fits: true }, { rank: 1, fits: false }, rule)).toBe(true);
    expect(lostGround({ rank: 2, fits: true }, { rank: 4, fits: true }, rule)).toBe(true);
    expect(lostGround({ rank: 2, fits: true }, { rank: 3, fits: true }, rule)).toBe(false);
    expect(lostGround({ rank: 5, fits: false }, { rank: null, fits: false }, rule)).toBe(true);
    // From rank 6 down, only the context counts.
    expect(lostGround({ rank: 6, fits: false }, { rank: 30, fits: false }, rule)).toBe(false);
  });
});
