import { describe, expect, it } from 'vitest';
import { auc, caseScore, moved, type DumpedPassage } from '../../scripts/validity/edits/curves.js';

describe('moved', () => {
  it('counts a probe as the truth counts a golden query', () => {
    expect(moved(['terms', 1, true, 3, true])).toBe(1); // 2 ranks down
    expect(moved(['terms', 4, true, 6, true])).toBe(1); // out of the top 5
    expect(moved(['terms', 2, true, 2, false])).toBe(1); // out of the context budget
    expect(moved(['terms', 2, true, null, false])).toBe(1); // not ranked at all
    expect(moved(['terms', 1, true, 2, true])).toBe(0); // one rank is not a fall
    expect(moved(['terms', 3, true, 2, true])).toBe(-1);
    expect(moved(['terms', 6, false, 1, true])).toBeNull(); // not in the base's top 5: no say
  });
});

describe('caseScore', () => {
  const passages: DumpedPassage[] = [
    // 2 of 3 lost ground, 1 held: 2/3.
    { c: null, p: [['s', 1, true, 4, true], ['s', 2, true, 9, true], ['s', 1, true, 1, true], ['h', 1, true, 9, true]] },
    // 1 lost, 1 gained: 0.
    { c: 'moved under "Setup"', p: [['s', 1, true, 3, true], ['s', 3, true, 1, true]] },
  ];
  it('is the largest net share of a passage’s probes of that kind that lost ground', () => {
    expect(caseScore(passages, 's', false)).toBeCloseTo(2 / 3);
    expect(caseScore(passages, 's', true)).toBe(0);
    expect(caseScore(passages, 'h', false)).toBe(1);
    expect(caseScore(passages, 'h', true)).toBe(-1); // the passage with a cause has no such probe
  });
});

describe('auc', () => {
  it('is the share of (worse, other) pairs that the score orders right, ties half', () => {
    // Pairs: (0.9, 0.1) right, (0.9, 0.5) right, (0.5, 0.1) right, (0.5, 0.5) tie: 3.5 / 4.
    expect(auc([0.9, 0.5, 0.1, 0.5], [true, true, false, false])).toBe(0.875);
    expect(auc([1, 2], [true, true])).toBeNaN();
  });
});
