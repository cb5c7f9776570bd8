/**
 * The shared escapers as GitHub renders them: through remark-gfm, a `|` (or a `\|`) in a file
 * name or quoted text stays inside its table cell, and every marker form is made inert.
 */
import type { Root, RootContent, TableCell } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { codeSpan, escapeHtml, escapeInline, escapeMessage, neutralizeFenced, neutralizeMarker } from '../../src/report/escape.js';

const ZWJ = '\u200D';
const HOSTILE = ['a|b', 'a\\|b', 'a\\\\|b', 'end\\', '|', '||x||', 'x` | `y', 'tail |'];

function cells(markdown: string): TableCell[][] {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown);
  const rows: TableCell[][] = [];
  const walk = (node: Root | RootContent) => {
    if (node.type === 'tableRow') rows.push(node.children);
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(tree);
  return rows;
}

/** A three-column table whose middle cell is `cell`; its rows as seen by remark-gfm. */
function row(cell: string): TableCell[] {
  const rows = cells(`| A | B | C |\n|---|---|---|\n| left | ${cell} | right |\n`);
  expect(rows).toHaveLength(2);
  return rows[1]!;
}

describe('table cells under remark-gfm', () => {
  it.each(HOSTILE)('codeSpan(%j, { table }) stays one cell and shows the text (a joiner may follow a backslash)', (text) => {
    const [left, middle, right] = row(codeSpan(text, { table: true }));
    expect([toString(left!), toString(right!)]).toEqual(['left', 'right']);
    expect(middle!.children.map((child) => child.type)).toEqual(['inlineCode']);
    expect(toString(middle!).replaceAll(ZWJ, '').trim()).toBe(text.trim());
  });

  it.each(HOSTILE)('escapeInline(%j) stays one cell and shows the text', (text) => {
    const [, middle, right] = row(escapeInline(text));
    expect(toString(right!)).toBe('right');
    expect(toString(middle!)).toBe(text.trim());
  });

  it.each(HOSTILE)('escapeMessage(%j, { table }) stays one cell', (text) => {
    const cellsOfRow = row(escapeMessage(`quoted \`${text}\` and ${text}`, { table: true }));
    expect(cellsOfRow).toHaveLength(3);
    expect(toString(cellsOfRow[2]!)).toBe('right');
  });

  it('escapeHtml turns | into an entity, so HTML in a cell cannot end it either', () => {
    expect(escapeHtml('a|b')).toBe('a&vert;b');
    const [, middle, right] = row(`<code>${escapeHtml('docs/a|b.md')}</code>`);
    expect(toString(right!)).toBe('right');
    expect(middle!.children.some((child) => child.type === 'text' && child.value === 'docs/a|b.md')).toBe(true);
  });
});

describe('marker neutralisation', () => {
  it('makes every chunkgate marker form inert, whatever the spacing and case, and nothing else', () => {
    const text = '<!-- chunkgate --> <!-- chunkgate:docs --> <!--chunkgate:finding:abc --> <!-- ChunkGate --> <!-- other -->';
    expect(neutralizeMarker(text)).toBe(
      `<!-- chunk${ZWJ}gate --> <!-- chunk${ZWJ}gate:docs --> <!--chunk${ZWJ}gate:finding:abc --> <!-- Chunk${ZWJ}Gate --> <!-- other -->`,
    );
    expect(neutralizeFenced('<!-- chunkgate:docs -->')).toBe(`<!-- chunk${ZWJ}gate:docs -->`);
  });
});
