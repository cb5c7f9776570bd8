import { describe, expect, it } from 'vitest';
import { overlapAccuracy } from '../../../src/metrics/structural/overlap-accuracy.js';
import { build, draftAt } from './fixture.js';

const source = 'abcdefghij'.repeat(12); // 120 chars, one paragraph, no whitespace

describe('overlapAccuracy', () => {
  it('compares actual overlap with the configured one (O > 0)', () => {
    // [0,50) ∩ [40,90) = 10 → 1 − |10 − 10| / 10 = 1
    // [40,90) ∩ [85,120) = 5 → 1 − |5 − 10| / 10 = 0.5
    // mean 0.75 → 75
    const input = build(source, [draftAt(0, 50), draftAt(40, 90), draftAt(85, 120)], { overlap: 10 });
    expect(overlapAccuracy(input)).toBe(75);
  });

  it('caps each pair at 0 when the overlap is far off', () => {
    // [0,50) ∩ [25,60) = 25 → |25 − 10| / 10 = 1.5 → min 1 → 0
    // [25,60) ∩ [60,120) = 0 → |0 − 10| / 10 = 1 → 0
    const input = build(source, [draftAt(0, 50), draftAt(25, 60), draftAt(60, 120)], { overlap: 10 });
    expect(overlapAccuracy(input)).toBe(0);
  });

  it('with O = 0 scores the share of pairs without overlap', () => {
    // [0,50)/[50,100): none; [50,100)/[95,120): 5 shared chars → 1 of 2 → 50
    const input = build(source, [draftAt(0, 50), draftAt(50, 100), draftAt(95, 120)], { overlap: 0 });
    expect(overlapAccuracy(input)).toBe(50);
  });

  it('with heading, only consecutive pieces of one split request overlap', () => {
    // pairs: (0,1) crosses a section → not requested; (1,2) pieces 1→2 of a section split, overlap 10 → 1;
    // (2,3) third chunk is a new section → not requested. Mean over one pair → 100.
    // Were every pair counted: (0,1) overlap 5 → 0.5, (2,3) overlap 20 → 0 → (0.5 + 1 + 0) / 3 = 50.
    const input = build(
      source,
      [
        draftAt(0, 30),
        draftAt(25, 60, { split: { kind: 'section', part: 1, parts: 2 } }),
        draftAt(50, 100, { split: { kind: 'section', part: 2, parts: 2 } }),
        draftAt(80, 120),
      ],
      { strategy: 'heading', overlap: 10 },
    );
    expect(overlapAccuracy(input)).toBe(100);
    expect(overlapAccuracy({ ...input, options: { ...input.options, strategy: 'recursive' } })).toBe(50);
  });

  it('scores 100 when no pair is eligible', () => {
    // heading strategy, no splits: nothing requested
    const input = build(source, [draftAt(0, 60), draftAt(50, 120)], { strategy: 'heading', overlap: 10 });
    expect(overlapAccuracy(input)).toBe(100);
    expect(overlapAccuracy(build(source, [draftAt(0, 120)], { overlap: 10 }))).toBe(100);
  });
});
