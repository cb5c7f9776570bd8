import { describe, expect, it } from 'vitest';
import { contextCarryover } from '../../../src/metrics/structural/context-carryover.js';
import { build, draftAt, draftOf } from './fixture.js';

const source = 'abcdefghij'.repeat(12); // 120 chars, one paragraph, no whitespace

describe('contextCarryover', () => {
  it('gives a hard cut 0 and an overlap of 10% of max or more full credit', () => {
    // max 100 → full credit at 10 shared chars.
    // cut 1: [0,50) ∩ [40,90) = 10 → min(1, 10/10) = 1; cut 2: [40,90) ∩ [90,120) = 0 → 0. Mean 0.5 → 50
    expect(contextCarryover(build(source, [draftAt(0, 50), draftAt(40, 90), draftAt(90, 120)]))).toBe(50);
  });

  it('gives a partial overlap partial credit, and never more than 1 per cut', () => {
    // cut 1: overlap 4 → 0.4; cut 2: overlap 30 → 1. Mean 0.7 → 70
    expect(contextCarryover(build(source, [draftAt(0, 50), draftAt(46, 90), draftAt(60, 120)]))).toBeCloseTo(70, 6);
  });

  it('gives a cut before a heading full credit: the section brings its own context', () => {
    const text = ['# One', '', 'First part of the text.', '', '## Two', '', 'Second part, after a heading.', '', 'Third part, cut hard.'].join('\n');
    const input = build(text, [
      draftOf(text, '# One', 'text.'),
      draftOf(text, '## Two', 'heading.'),
      draftOf(text, 'Third part, cut hard.'),
    ]);
    // cut 1 opens "## Two" → 1; cut 2 opens a paragraph with no overlap → 0. Mean → 50
    expect(contextCarryover(input)).toBe(50);
  });

  it('scores 100 when there is no cut', () => {
    expect(contextCarryover(build(source, [draftAt(0, 120)]))).toBe(100);
    expect(contextCarryover({ ...build(source, [draftAt(0, 120)]), chunks: [] })).toBe(100);
  });
});
