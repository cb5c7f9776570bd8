import { describe, expect, it } from 'vitest';
import { emptyTinyRate } from '../../../src/metrics/structural/empty-tiny-rate.js';
import { build, draftAt, sized } from './fixture.js';

describe('emptyTinyRate', () => {
  it('penalises blank chunks and chunks below tiny', () => {
    // source "   \n\nxxxxxxxxx\n\n…": chunk 0 is 3 spaces (blank), then sizes 9, 10, 50 with tiny 10
    const source = `   \n\n${'x'.repeat(9)}\n\n${'y'.repeat(10)}\n\n${'z'.repeat(50)}`;
    const drafts = [draftAt(0, 3), draftAt(5, 14), draftAt(16, 26), draftAt(28, 78)];
    // bad: blank (3 chars ≥ tiny would not matter) and 9 < 10 → 2 of 4 → 100 × (1 − 0.5) = 50
    expect(emptyTinyRate(build(source, drafts, { tiny: 10 }))).toBe(50);
  });

  it('counts a blank chunk as bad even when it is not below tiny', () => {
    // 12 spaces ≥ tiny 10, but whitespace only → 1 of 2 bad → 50
    const source = `${' '.repeat(12)}\n${'x'.repeat(20)}`;
    expect(emptyTinyRate(build(source, [draftAt(0, 12), draftAt(13, 33)], { tiny: 10 }))).toBe(50);
  });

  it('scores 100 when every chunk has at least tiny', () => {
    // 10 and 11 are not below tiny 10
    expect(emptyTinyRate(sized([10, 11], { tiny: 10 }))).toBe(100);
    expect(emptyTinyRate({ ...sized([1]), chunks: [] })).toBe(100);
  });
});
