import { describe, expect, it } from 'vitest';
import { checkExcessOverlap } from '../../../src/metrics/rules/excess-overlap.js';
import { build, draftAt } from '../structural/fixture.js';

// 12 lines "abcdefghi\n": line n starts at offset 10·(n − 1)
const source = 'abcdefghi\n'.repeat(12);

describe('checkExcessOverlap', () => {
  it('flags overlap above 1.5 × O + 1 on the first shared line', () => {
    // O = 10 → limit 16; [0,50) ∩ [30,100) = [30,50) = 20 chars > 16; offset 30 is on line 4
    const findings = checkExcessOverlap(build(source, [draftAt(0, 50), draftAt(30, 100)], { overlap: 10 }));
    expect(findings.map((f) => [f.chunk, f.issue.tag, f.issue.severity, f.issue.line, f.issue.actual, f.issue.expected])).toEqual([
      [1, 'excess-overlap', 'medium', 4, 20, 16],
    ]);
    expect(findings[0]!.issue.message).toBe('Unexpected 20-char overlap with the previous chunk, expected at most 16');
  });

  it('accepts overlap up to the limit', () => {
    // [0,50) ∩ [34,100) = 16 = limit → fine
    expect(checkExcessOverlap(build(source, [draftAt(0, 50), draftAt(34, 100)], { overlap: 10 }))).toEqual([]);
  });

  it('with O = 0 flags overlap above 25% of the chunk', () => {
    // [0,50) ∩ [30,60) = 20 chars; chunk 1 is 30 chars → 25% = 7.5 < 20 → flagged, line 4
    const flagged = checkExcessOverlap(build(source, [draftAt(0, 50), draftAt(30, 60)], { overlap: 0 }));
    expect(flagged.map((f) => [f.chunk, f.issue.line, f.issue.actual, f.issue.expected])).toEqual([[1, 4, 20, 0]]);
    expect(flagged[0]!.issue.message).toBe('Unexpected 20-char overlap with the previous chunk (67% of this chunk), expected none');
    // [0,50) ∩ [45,100) = 5 chars; chunk 1 is 55 chars → 25% = 13.75 ≥ 5 → fine
    expect(checkExcessOverlap(build(source, [draftAt(0, 50), draftAt(45, 100)], { overlap: 0 }))).toEqual([]);
  });

  it('treats heading pairs across sections as O = 0', () => {
    // heading, O = 10, no split: the 20-char overlap of a 30-char chunk is unrequested → 67% > 25% → flagged
    const findings = checkExcessOverlap(build(source, [draftAt(0, 50), draftAt(30, 60)], { strategy: 'heading', overlap: 10 }));
    expect(findings.map((f) => f.issue.expected)).toEqual([0]);
  });
});
