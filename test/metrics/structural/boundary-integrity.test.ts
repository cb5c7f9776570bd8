import { describe, expect, it } from 'vitest';
import { boundaryIntegrity } from '../../../src/metrics/structural/boundary-integrity.js';
import { build, draftOf } from './fixture.js';

describe('boundaryIntegrity', () => {
  it('accepts CJK terminators and terminators followed by markup', () => {
    const source = [
      '第一段。第二句！',
      '',
      'Some **bold.**',
      '',
      '见下文（注意。）',
      '',
      '他说「好；」',
      '',
      'Ends with `code;`',
      '',
      'A line without end',
      '',
      'Ends with a colon:',
    ].join('\n');
    const chunks = [
      draftOf(source, '第一段。第二句！'), // ！ → clean
      draftOf(source, 'Some **bold.**'), // strip ** → . → clean
      draftOf(source, '见下文（注意。）'), // strip ） → 。 → clean
      draftOf(source, '他说「好；」'), // strip 」 → ； → clean
      draftOf(source, 'Ends with `code;`'), // strip ` → ; → clean
      draftOf(source, 'A line without end'), // d → not clean
      draftOf(source, 'Ends with a colon:'), // : → not clean
    ];
    // 5 of 7 clean → 100 × 5 / 7 = 71.43
    expect(boundaryIntegrity(build(source, chunks))).toBeCloseTo(71.4286, 3);
  });

  it('accepts the end of a whole table, list item, closed code block or html block', () => {
    const source = [
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '- item one',
      '- item two',
      '',
      '```js',
      'x()',
      '```',
      '',
      '<div>',
      'hi',
      '</div>',
      '',
      '```',
      'never closed',
    ].join('\n');
    const chunks = [
      draftOf(source, '| a | b |', '| 1 | 2 |'), // whole table → clean
      draftOf(source, '- item one'), // first list item ends → clean
      draftOf(source, '- item two', 'x()\n```'), // item two + code block to its closing fence → clean
      draftOf(source, '<div>', '</div>'), // whole html block → clean
      draftOf(source, '```\nnever', 'never closed'), // unclosed fence, no terminator → not clean
    ];
    // 4 of 5 → 80
    expect(boundaryIntegrity(build(source, chunks))).toBe(80);
  });

  it('rejects a chunk ending inside a table, or holding only the end of a table', () => {
    const source = ['| a | b |', '|---|---|', '| 1 | 2 |', '| 3 | 4 |'].join('\n');
    const chunks = [
      draftOf(source, '| a | b |', '| 1 | 2 |'), // ends after row 2 of 3, not a split piece → not clean
      draftOf(source, '| 3 | 4 |'), // reaches the table end but does not hold the table → not clean
    ];
    expect(boundaryIntegrity(build(source, chunks))).toBe(0);
    // The same ranges as pieces of an over-max table split by rows (with the header repeated) end at row ends → 100
    const header = { start: 0, end: source.indexOf('| 1 |') };
    const pieces = [
      { ...chunks[0]!, split: { kind: 'table' as const, part: 1, parts: 2 } },
      { ...chunks[1]!, prefix: [header], split: { kind: 'table' as const, part: 2, parts: 2 } },
    ];
    expect(boundaryIntegrity(build(source, pieces))).toBe(100);
  });

  it('scores 100 without chunks', () => {
    expect(boundaryIntegrity({ ...build('Text.', []), chunks: [] })).toBe(100);
  });
});

describe('boundaryIntegrity with split code pieces', () => {
  const source = ['```js', 'one()', 'two()', '```'].join('\n');
  const close = { start: source.lastIndexOf('\n'), end: source.length };
  const open = { start: 0, end: source.indexOf('one()') };

  it('accepts re-fenced pieces that end at a code line, rejects the same cut without a split', () => {
    // piece 1 "```js\none()" + "\n```": text ends with a closing fence, extent ends at the end of line "one()"
    // piece 2 "```js\n" + "two()\n```": ends at the block's closing fence
    // "one()" has no terminator (strip `)` → "(") so only the block rule can accept them → 2 / 2 = 100
    const pieces = build(source, [
      draftOf(source, '```js', 'one()', { suffix: [close], split: { kind: 'code', part: 1, parts: 2 } }),
      draftOf(source, 'two()', 'two()\n```', { prefix: [open], split: { kind: 'code', part: 2, parts: 2 } }),
    ]);
    expect(boundaryIntegrity(pieces)).toBe(100);
    // plain cuts at the same places: chunk 0 ends inside the block (not clean); chunk 1 reaches the closing
    // fence but does not hold the whole block (not clean) → 0
    const cuts = build(source, [draftOf(source, '```js', 'one()'), draftOf(source, 'two()', 'two()\n```')]);
    expect(boundaryIntegrity(cuts)).toBe(0);
  });
});
