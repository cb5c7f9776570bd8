/**
 * The complexity caps checked before parsing (docs/rules.md#files-chunkgate-cannot-check): a file exactly at a limit is
 * parsed, one level or one backtick over is refused, with the deepest value and the line where
 * it first went over.
 */
import { describe, expect, it } from 'vitest';
import { complexityExcess, DEFAULT_COMPLEXITY_LIMITS } from '../../src/markdown/complexity.js';
import { backtickRuns, deepBlockQuotes, deepList, emphasisStorm } from '../helpers/hostile.js';

const nesting = (limit: number) => ({ nesting: limit, backtickRun: 100, inlineMarkers: 1000 });
const backticks = (limit: number) => ({ nesting: 100, backtickRun: limit, inlineMarkers: 1000 });

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

describe('inline markers × paragraph length', () => {
  const markers = (millions: number) => ({ nesting: 100, backtickRun: 100, inlineMarkers: millions });

  it('an emphasis storm just under the default passes; just over is refused with the sum, the paragraph and its line', () => {
    // Line 3: "*a **b " × n without its last space: 7n − 1 characters plus the line end, 2n marker runs.
    // n = 3,700: 7,400 × 25,900 = 191,660,000 ≤ 200 million; n = 3,800: 7,600 × 26,600 = 202,160,000.
    expect(complexityExcess(emphasisStorm(3700), DEFAULT_COMPLEXITY_LIMITS)).toBeNull();
    const excess = complexityExcess(emphasisStorm(3800), DEFAULT_COMPLEXITY_LIMITS);
    expect(excess).toMatchObject({ kind: 'inlineMarkers', actual: 203, limit: 200, line: 3 });
    expect(excess!.reason).toBe(
      'inline markers (* _ ~ [ ]) times the length of their paragraph add up to 203 million, over the limit of 200 million (the heaviest paragraph, from line 3: 7,600 markers in 26,600 characters)',
    );
    expect(excess!.hint).toContain('limits.inlineMarkers');
  });

  it('list items and table rows are paragraphs of their own; one paragraph of the same lines is not', () => {
    // 2,000 items "- [x]": 2 markers × 6 characters each, 24,000 in all.
    const items = '- [x]\n'.repeat(2000);
    expect(complexityExcess(items, markers(1))).toBeNull();
    // "[x]" on 2,000 lines of one paragraph: 4,000 markers × 8,000 characters = 32 million.
    expect(complexityExcess('[x]\n'.repeat(2000), markers(31))).toMatchObject({ actual: 32, line: 1 });
    expect(complexityExcess('[x]\n'.repeat(2000), markers(32))).toBeNull();
    const table = `| a | b |\n|---|---|\n${'| [x] | *y* |\n'.repeat(2000)}`;
    expect(complexityExcess(table, markers(1))).toBeNull();
  });

  it('lines the parser keeps in one paragraph count as one: quoted lines, lines that cannot interrupt a paragraph, rows of no table', () => {
    // Each: 2,000 lines of 4 characters + line end ("a_ " and its prefix), one marker each, one paragraph.
    const storms = {
      quoted: '> a_\n'.repeat(2000),
      'numbered from 2': `a_ b\n${'2. a_\n'.repeat(1999)}`,
      'empty bullets': `a_ b\n${'-   \na_ b\n'.repeat(999)}-   \n`,
      'cells that do not match the header': `a | b | c\n--|--\n${'a_ b\n'.repeat(1998)}`,
      'a quote after a table': `| a |\n|---|\n> a_ b\n${'a_ b\n'.repeat(1997)}`,
    };
    for (const [name, text] of Object.entries(storms)) {
      expect([name, complexityExcess(text, markers(1))?.kind]).toEqual([name, 'inlineMarkers']);
    }
  });

  it('fenced code counts nothing', () => {
    expect(complexityExcess(`\`\`\`json\n${'[x], '.repeat(10_000)}\n\`\`\`\n`, markers(1))).toBeNull();
    expect(complexityExcess(`~~~\n${'a_ '.repeat(10_000)}\n~~~\n`, markers(1))).toBeNull();
  });

  it('underscores, tildes and brackets count as markers; other punctuation does not', () => {
    // 1,000 × "a_ b~ [c] " = 10,000 characters + line end, 4,000 markers: 40,004,000.
    expect(complexityExcess(`${'a_ b~ [c] '.repeat(1000)}\n`, markers(40))).toMatchObject({ actual: 41 });
    expect(complexityExcess(`${'a. b, (c) '.repeat(1000)}\n`, markers(1))).toBeNull();
  });
});
