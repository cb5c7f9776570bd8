/**
 * The complexity caps checked before parsing (issue 24 item 4): a file exactly at a limit is
 * parsed, one level or one backtick over is refused, with the deepest value and the line where
 * it first went over.
 */
import { describe, expect, it } from 'vitest';
import { complexityExcess, DEFAULT_COMPLEXITY_LIMITS } from '../../src/markdown/complexity.js';
import { backtickRuns, deepBlockQuotes, deepList } from '../helpers/hostile.js';

const nesting = (limit: number) => ({ nesting: limit, backtickRun: 100 });
const backticks = (limit: number) => ({ nesting: 100, backtickRun: limit });

describe('nesting of lists and block quotes', () => {
  it('a list nested exactly to the limit passes; one level more is refused at the line of that item', () => {
    // "# List", "", "- item 0", "  - item 1", "    - item 2", "      - item 3": item n is on line n + 3.
    expect(complexityExcess(deepList(3), nesting(3))).toBeNull();
    expect(complexityExcess(deepList(4), nesting(3))).toMatchObject({ kind: 'nesting', actual: 4, limit: 3, line: 6 });
  });

  it('the default limit: 100 levels pass, 101 are refused at line 103, the reason names depth, limit and line', () => {
    expect(complexityExcess(deepList(100), DEFAULT_COMPLEXITY_LIMITS)).toBeNull();
    const excess = complexityExcess(deepList(1000), DEFAULT_COMPLEXITY_LIMITS);
    expect(excess).toMatchObject({ actual: 1000, limit: 100, line: 103 });
    expect(excess!.reason).toBe('lists and block quotes nested 1,000 levels deep, over the limit of 100 (from line 103)');
    expect(excess!.hint).toContain('limits.nesting');
  });

  it('block quotes count, on one line', () => {
    expect(complexityExcess(deepBlockQuotes(3), nesting(3))).toBeNull();
    expect(complexityExcess(deepBlockQuotes(10_000), nesting(3))).toMatchObject({ actual: 10_000, line: 1 });
  });

  it('quotes inside list items inside quotes add up', () => {
    const text = '> - a\n>   > b\n>   > - c\n';
    expect(complexityExcess(text, nesting(4))).toBeNull();
    expect(complexityExcess(text, nesting(3))).toMatchObject({ actual: 4, line: 3 });
  });

  it('a blank line ends a block quote, so quotes one after another do not add up', () => {
    expect(complexityExcess('> a\n\n> b\n\n> c\n', nesting(1))).toBeNull();
  });

  it('list items stay open over blank lines', () => {
    expect(complexityExcess('- a\n\n  - b\n\n    - c\n', nesting(2))).toMatchObject({ actual: 3, line: 5 });
  });

  it('markers inside fenced or indented code open nothing', () => {
    expect(complexityExcess('```\n- a\n  - b\n    - c\n> > >\n```\n', nesting(1))).toBeNull();
    expect(complexityExcess('- a\n\n  ~~~\n  - b\n    - c\n  ~~~\n', nesting(1))).toBeNull();
    expect(complexityExcess('Text.\n\n    > > > x\n    - - - y\n', nesting(1))).toBeNull();
  });

  it('a thematic break is not a list item', () => {
    expect(complexityExcess('- a\n  * * *\n', nesting(1))).toBeNull();
  });

  it('lines ended by a lone carriage return are lines too', () => {
    expect(complexityExcess(deepList(4).replaceAll('\n', '\r'), nesting(3))).toMatchObject({ actual: 4, line: 6 });
    expect(complexityExcess(deepList(4).replaceAll('\n', '\r\n'), nesting(3))).toMatchObject({ actual: 4, line: 6 });
  });
});

describe('backtick runs', () => {
  it('a run exactly at the limit passes; one backtick more is refused at its line', () => {
    const text = '# Code\n\n``` js\nx\n```\n\nInline ```` a ```` and\n`````b';
    expect(complexityExcess(text, backticks(5))).toBeNull();
    expect(complexityExcess(text, backticks(4))).toMatchObject({ kind: 'backtickRun', actual: 5, limit: 4, line: 8 });
  });

  it('the longest run is reported, the line is where the first run over the limit is', () => {
    const excess = complexityExcess(backtickRuns(1799), DEFAULT_COMPLEXITY_LIMITS);
    // Every run is on line 3 (one paragraph after "# Backticks" and a blank line).
    expect(excess).toMatchObject({ actual: 1799, limit: 64, line: 3 });
    expect(excess!.reason).toBe('a run of 1,799 backticks, over the limit of 64 (from line 3)');
    expect(excess!.hint).toContain('limits.backtickRun');
    expect(complexityExcess(backtickRuns(64), DEFAULT_COMPLEXITY_LIMITS)).toBeNull();
  });
});
