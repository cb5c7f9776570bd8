import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src/chunking/index.js';
import { createMeasure } from '../../../src/tokens/index.js';
import { defaultConfig } from '../../../src/config/schema.js';
import { parseMarkdown } from '../../../src/markdown/parse.js';
import { checkSplitBlocks } from '../../../src/metrics/rules/split-blocks.js';
import { build, draftOf, spanOf } from '../structural/fixture.js';

const source = [
  'Intro.', // 1
  '', // 2
  '| a | b |', // 3
  '|---|---|', // 4
  '| 1 | 2 |', // 5
  '| 3 | 4 |', // 6
  '', // 7
  '```js', // 8
  'one();', // 9
  'two();', // 10
  '```', // 11
].join('\n');

describe('checkSplitBlocks', () => {
  it('flags both chunks around a boundary inside a table, at the cut line', () => {
    const input = build(source, [draftOf(source, 'Intro.', '| 1 | 2 |'), draftOf(source, '| 3 | 4 |')]);
    const tableCuts = checkSplitBlocks(input).filter((f) => f.issue.tag === 'table-split');
    // chunk 0 ends after row "| 1 | 2 |" (line 5); chunk 1 starts at "| 3 | 4 |" (line 6)
    expect(tableCuts.map((f) => [f.chunk, f.issue.line, f.issue.severity])).toEqual([
      [0, 5, 'high'],
      [1, 6, 'high'],
    ]);
    expect(tableCuts[0]!.issue.message).toBe('Unexpected chunk boundary inside a table (lines 3–6), expected the whole table in one chunk');
  });

  it('flags a boundary inside a code block as code-fence-split', () => {
    const input = build(source, [draftOf(source, 'Intro.', 'one();'), draftOf(source, 'two();', 'two();\n```')]);
    expect(checkSplitBlocks(input).map((f) => [f.issue.tag, f.chunk, f.issue.line])).toEqual([
      ['code-fence-split', 0, 9],
      ['code-fence-split', 1, 10],
    ]);
  });

  it('flags every piece of an over-max table or code block once', () => {
    const header = { start: spanOf(source, '| a | b |').start, end: spanOf(source, '| 1 | 2 |').start };
    const open = { start: spanOf(source, '```js').start, end: spanOf(source, 'one();').start };
    const close = spanOf(source, '\n```');
    const input = build(source, [
      draftOf(source, '| a | b |', '| 1 | 2 |', { split: { kind: 'table', part: 1, parts: 2 } }),
      draftOf(source, '| 3 | 4 |', '| 3 | 4 |', { prefix: [header], split: { kind: 'table', part: 2, parts: 2 } }),
      draftOf(source, '```js', 'one();', { suffix: [close], split: { kind: 'code', part: 1, parts: 2 } }),
      draftOf(source, 'two();', 'two();\n```', { prefix: [open], split: { kind: 'code', part: 2, parts: 2 } }),
    ]);
    const findings = checkSplitBlocks(input);
    expect(findings.map((f) => [f.issue.tag, f.chunk, f.issue.line, f.issue.message.slice(0, 34)])).toEqual([
      ['table-split', 0, 3, 'Unexpected piece 1/2 of a split ta'],
      ['table-split', 1, 6, 'Unexpected piece 2/2 of a split ta'],
      ['code-fence-split', 2, 8, 'Unexpected piece 1/2 of a split co'],
      ['code-fence-split', 3, 10, 'Unexpected piece 2/2 of a split co'],
    ]);
  });

  it('leaves whole tables and code blocks alone', () => {
    const input = build(source, [draftOf(source, 'Intro.'), draftOf(source, '| a | b |', '| 3 | 4 |'), draftOf(source, '```js', 'two();\n```')]);
    expect(checkSplitBlocks(input)).toEqual([]);
  });
});

describe('checkSplitBlocks: indents and nested fences', () => {
  it('does not flag an indented code block whose indent fell in the previous chunk', () => {
    const indented = 'Prose before the code.\n\n    indented();\n    code();\n';
    // The first chunk ends on the blank line and the indent of line 3; the second starts at "indented();".
    const start = indented.indexOf('indented();');
    const input = build(indented, [
      { start: 0, end: start, headingPath: [], kinds: ['paragraph'] },
      { start, end: indented.length, headingPath: [], kinds: ['code'] },
    ]);
    expect(checkSplitBlocks(input)).toEqual([]);
  });

  it('flags a boundary inside a code block nested in a list item, at the cut line', () => {
    const nested = ['- Step one:', '', '  ```sh', '  first', '  second', '  ```', '- Step two.'].join('\n');
    const input = build(nested, [draftOf(nested, '- Step one:', 'first'), draftOf(nested, 'second', '- Step two.')]);
    expect(checkSplitBlocks(input).map((f) => [f.issue.tag, f.chunk, f.issue.line])).toEqual([
      ['code-fence-split', 0, 4],
      ['code-fence-split', 1, 5],
    ]);
    expect(checkSplitBlocks(input)[0]!.issue.message).toBe(
      'Unexpected chunk boundary inside a code block nested in a list item (lines 3–6), expected the whole code block in one chunk',
    );
  });
});

describe('checkSplitBlocks: a bare closing fence on the far side of a cut', () => {
  const fenced = ['Intro.', '', '```js', 'one();', 'two();', '```', '', 'After.'].join('\n');

  it('does not flag a chunk that opens with the closing fence, nor the chunk that ends just before it', () => {
    const input = build(fenced, [draftOf(fenced, 'Intro.', 'two();'), draftOf(fenced, '```\n\nAfter.')]);
    expect(checkSplitBlocks(input)).toEqual([]);
  });

  it('still flags a cut between two code lines', () => {
    const input = build(fenced, [draftOf(fenced, 'Intro.', 'one();'), draftOf(fenced, 'two();', 'After.')]);
    expect(checkSplitBlocks(input).map((f) => [f.issue.tag, f.chunk, f.issue.line])).toEqual([
      ['code-fence-split', 0, 4],
      ['code-fence-split', 1, 5],
    ]);
  });

  it('leaves langchain-markdown 1000/200 cuts at closing fences unflagged on a real page', () => {
    const source = readFileSync(fileURLToPath(new URL('../../../fixtures/rules/closing-fence/input.md', import.meta.url)), 'utf8');
    const { doc } = parseMarkdown('input.md', source);
    const options = { ...defaultConfig().chunking, strategy: 'langchain-markdown' as const, unit: 'chars' as const, max: 1000, overlap: 200 };
    const measure = createMeasure('chars', 'o200k_base');
    const chunks = chunkDocument(doc, options, measure);
    // The fixture is built so that some chunk opens with a bare closing fence: the case under test.
    expect(chunks.some((chunk) => /^```\s*$/m.test(chunk.text.split('\n')[0]!))).toBe(true);
    expect(checkSplitBlocks({ doc, chunks, options, measure }).filter((f) => f.issue.tag === 'code-fence-split')).toEqual([]);
  });
});
