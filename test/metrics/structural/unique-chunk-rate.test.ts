import { describe, expect, it } from 'vitest';
import { uniqueChunkRate } from '../../../src/metrics/structural/unique-chunk-rate.js';
import { build, draftOf, spanOf } from './fixture.js';

describe('uniqueChunkRate (the uniqueness check)', () => {
  it('counts chunks whose whitespace-normalised text repeats an earlier chunk', () => {
    const source = ['Edit this page.', '', 'Body one.', '', 'Edit   this page.', '', 'Body two.', '', 'Edit this\npage.'].join('\n');
    const third = spanOf(source, 'Edit   this page.');
    const fifth = spanOf(source, 'Edit this\npage.');
    const input = build(source, [
      draftOf(source, 'Edit this page.'),
      draftOf(source, 'Body one.'),
      { start: third.start, end: third.end, headingPath: [], kinds: ['paragraph'] },
      draftOf(source, 'Body two.'),
      { start: fifth.start, end: fifth.end, headingPath: [], kinds: ['paragraph'] },
    ]);
    // chunks 2 and 4 repeat chunk 0 once whitespace is folded: 2 of 5 → 100 × (1 − 0.4) = 60
    expect(uniqueChunkRate(input)).toBeCloseTo(60, 6);
  });

  it('scores 100 with distinct chunks or none', () => {
    const source = 'One.\n\nTwo.';
    expect(uniqueChunkRate(build(source, [draftOf(source, 'One.'), draftOf(source, 'Two.')]))).toBe(100);
    expect(uniqueChunkRate({ ...build(source, [draftOf(source, 'One.')]), chunks: [] })).toBe(100);
  });
});
