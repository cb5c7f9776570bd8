import { describe, expect, it } from 'vitest';
import { chunkTitle } from '../../src/report/format.js';

describe('chunkTitle', () => {
  it('joins the heading path and marks a piece', () => {
    expect(chunkTitle({ headingPath: ['Guide', 'Setup'], split: { kind: 'table', part: 2, parts: 5 } })).toBe('Guide › Setup (2/5)');
  });

  it('names a chunk without a path by the heading it opens with, not "before the first heading"', () => {
    expect(chunkTitle({ headingPath: [], text: '# Getting started ##\n\nInstall it.' })).toBe('Getting started');
    expect(chunkTitle({ headingPath: [], text: 'Intro text.' })).toBe('(before the first heading)');
    expect(chunkTitle({ headingPath: [] })).toBe('(before the first heading)');
  });
});
