import { describe, expect, it } from 'vitest';
import { structuralPreservation } from '../../../src/metrics/structural/structural-preservation.js';
import { build, draftOf } from './fixture.js';

const source = ['# Guide', '', 'Intro para.', '', '## Setup', '', '| a | b |', '|---|---|', '| 1 | 2 |', '', '## Usage', '', 'Use it.'].join(
  '\n',
);

describe('structuralPreservation', () => {
  it('scores preserved structures minus orphan headings', () => {
    const chunks = [
      draftOf(source, '# Guide', '## Setup'), // ends on the "Setup" heading → orphan
      draftOf(source, '| a | b |', '| 1 | 2 |'),
      draftOf(source, '## Usage', 'Use it.'),
    ];
    // structures (all fit in max 1000): section Guide (whole doc) split; section Setup split (heading in
    // chunk 0, table in chunk 1); table whole; section Usage whole → 2 / 4 = 50
    // orphans: 1 of 3 chunks → 33.33 → 50 − 33.33 = 16.67
    expect(structuralPreservation(build(source, chunks, { max: 1000 }))).toBeCloseTo(16.6667, 3);
  });

  it('scores 100 when every structure is whole and nothing is orphaned', () => {
    const chunks = [draftOf(source, '# Guide', 'Use it.')];
    expect(structuralPreservation(build(source, chunks, { max: 1000 }))).toBe(100);
  });

  it('ignores structures larger than max', () => {
    const chunks = [
      draftOf(source, '# Guide', 'Intro para.'),
      draftOf(source, '## Setup', '| 1 | 2 |'),
      draftOf(source, '## Usage', 'Use it.'),
    ];
    // max 40 chars: Guide section (all 93 chars) does not fit → ignored; Setup section
    // "## Setup\n\n| a | b |\n|---|---|\n| 1 | 2 |" = 39 chars fits, whole; table whole; Usage whole → 3 / 3 = 100
    expect(structuralPreservation(build(source, chunks, { max: 40 }))).toBe(100);
    // max 38: the Setup section (39) no longer fits, the rest is unchanged → still 100
    expect(structuralPreservation(build(source, chunks, { max: 38 }))).toBe(100);
  });

  it('counts a structure held whole by one chunk as preserved even when a neighbour repeats part of it', () => {
    const chunks = [draftOf(source, '# Guide', '| 1 | 2 |'), draftOf(source, '| 1 | 2 |', 'Use it.')];
    // Guide section split (0 of 1); Setup whole in chunk 0; table whole in chunk 0; Usage whole in chunk 1
    // → 3 / 4 = 75, no orphans
    expect(structuralPreservation(build(source, chunks, { max: 1000 }))).toBe(75);
  });

  it('clamps at 0 and scores 100 for a document without structures', () => {
    const headings = '# One\n\n# Two';
    // sections One and Two (each heading-only) are whole → 2 / 2 = 100; both chunks end on a heading → − 100 → 0
    expect(structuralPreservation(build(headings, [draftOf(headings, '# One'), draftOf(headings, '# Two')]))).toBe(0);
    const prose = 'Just a paragraph.';
    expect(structuralPreservation(build(prose, [draftOf(prose, prose)]))).toBe(100);
  });
});
