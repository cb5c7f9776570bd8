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
    // structures (all fit in max 1000): section Guide ("# Guide … Intro para.") whole in chunk 0;
    // section Setup split (heading in chunk 0, table in chunk 1); table whole; section Usage whole → 3 / 4 = 75
    // orphans: 1 of 3 chunks → 33.33 → 75 − 33.33 = 41.67
    expect(structuralPreservation(build(source, chunks, { max: 1000 }))).toBeCloseTo(41.6667, 3);
    // headingLevels.max 1: "## …" start no sections, so Guide spans the whole document and is split;
    // the table is whole → 1 / 2 = 50; chunk 0 still ends on a heading → 50 − 33.33 = 16.67
    expect(structuralPreservation(build(source, chunks, { max: 1000, headingLevels: { max: 1 } }))).toBeCloseTo(16.6667, 3);
  });

  it('scores 100 when every structure is whole and nothing is orphaned', () => {
    const chunks = [draftOf(source, '# Guide', 'Use it.')];
    expect(structuralPreservation(build(source, chunks, { max: 1000 }))).toBe(100);
  });

  it('ignores structures larger than max', () => {
    const chunks = [draftOf(source, '# Guide', '|---|---|'), draftOf(source, '| 1 | 2 |', 'Use it.')];
    // max 1000: Guide whole; Setup and the table split (cut after the delimiter row); Usage whole → 2 / 4 = 50
    expect(structuralPreservation(build(source, chunks, { max: 1000 }))).toBe(50);
    // max 20: the table (29 chars) and Setup (39) no longer fit and drop out; Guide (20) and Usage (17)
    // are whole → 2 / 2 = 100
    expect(structuralPreservation(build(source, chunks, { max: 20 }))).toBe(100);
  });

  it('counts a structure held whole by one chunk as preserved even when a neighbour repeats part of it', () => {
    const chunks = [draftOf(source, '# Guide', '| 1 | 2 |'), draftOf(source, '| 1 | 2 |', 'Use it.')];
    // Guide, Setup and the table are whole in chunk 0 (chunk 1 repeats the last table row); Usage whole in
    // chunk 1 → 4 / 4 = 100, no orphans (counting "spread over two chunks" as split would give 75)
    expect(structuralPreservation(build(source, chunks, { max: 1000 }))).toBe(100);
  });

  it('clamps at 0 and scores 100 for a document without structures', () => {
    const headings = '# One\n\n# Two\n\nBody.';
    // section One (heading only) is whole, Two is cut from its body → 1 / 2 = 50; two of three chunks end on a
    // heading with text after it → − 66.7 → 0
    expect(structuralPreservation(build(headings, [draftOf(headings, '# One'), draftOf(headings, '# Two'), draftOf(headings, 'Body.')]))).toBe(0);
    const prose = 'Just a paragraph.';
    expect(structuralPreservation(build(prose, [draftOf(prose, prose)]))).toBe(100);
  });
});
