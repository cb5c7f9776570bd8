import { describe, expect, it } from 'vitest';
import { lineAt, lineStartsOf } from '../../src/markdown/lines.js';
import { capTitle, TITLE_LIMIT } from '../../src/markdown/title.js';
import { parseMarkdown } from '../../src/markdown/parse.js';

describe('parseMarkdown', () => {
  it('keeps offsets and lines of every top-level block and skips front matter', () => {
    const source = '---\ntitle: Hello\n---\n# A\n\nText.\n\n```js\nx\ny\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nSetext\n===\n\n- a\n- b\n';
    const { doc, warnings } = parseMarkdown('x.md', source);
    expect(warnings).toEqual([]);
    expect(doc.frontmatter).toEqual({ start: 0, end: 20, title: 'Hello' });
    expect(doc.blocks.map((b) => [b.kind, b.startLine, b.endLine])).toEqual([
      ['heading', 4, 4],
      ['paragraph', 6, 6],
      ['code', 8, 11],
      ['table', 13, 15],
      ['heading', 17, 18],
      ['list', 20, 21],
    ]);
    for (const block of doc.blocks) expect(source.slice(block.start, block.end).trim()).toBe(source.slice(block.start, block.end));
    const [heading, , code, table, setext, list] = doc.blocks;
    expect(heading).toMatchObject({ depth: 1, title: 'A', atomic: false });
    expect(setext).toMatchObject({ depth: 1, title: 'Setext' });
    expect(code!.atomic).toBe(true);
    // The fence: "```js" line, two content lines "x" and "y", closing "```".
    expect(code!.fence!.lines.map((l) => source.slice(l.start, l.end))).toEqual(['x', 'y']);
    expect(source.slice(code!.fence!.open!.start, code!.fence!.open!.end)).toBe('```js');
    expect(source.slice(code!.fence!.close!.start, code!.fence!.close!.end)).toBe('```');
    // Header row and one body row; the delimiter row lies between them.
    expect(table!.rows!.map((r) => source.slice(r.start, r.end))).toEqual(['| a | b |', '| 1 | 2 |']);
    expect(list!.items!).toHaveLength(2);
  });

  it('treats an unclosed fence as code to the end with no closing line', () => {
    const { doc } = parseMarkdown('x.md', '~~~~\na\n# not a heading\n');
    expect(doc.blocks.map((b) => b.kind)).toEqual(['code']);
    expect(doc.blocks[0]!.fence!.close).toBeNull();
    expect(doc.blocks[0]!.fence!.lines).toHaveLength(2);
  });

  it('parses MDX JSX, expressions and ESM as atomic blocks', () => {
    const source = 'import X from "y"\n\n# Hi\n\n<Tabs>\n  <Tab>x</Tab>\n</Tabs>\n\n{1 + 1}\n';
    const { doc } = parseMarkdown('page.mdx', source);
    expect(doc.blocks.map((b) => [b.kind, b.atomic])).toEqual([
      ['esm', true],
      ['heading', false],
      ['jsx', true],
      ['expression', true],
    ]);
  });

  it('falls back to Markdown with a warning when an .mdx file is not valid MDX', () => {
    const { doc, warnings } = parseMarkdown('bad.mdx', '# Title\n\nUse a < b and {oops\n');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^bad\.mdx: not valid MDX/);
    expect(doc.blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph']);
  });

  it('keeps Markdown-looking front matter out of the blocks, and offsets exact after it', () => {
    const source = '---\ntitle: Guide\nnote: |\n  # not a heading\n  - not a list\n---\n# Real\n\nBody.\n';
    const { doc } = parseMarkdown('x.md', source);
    // "---\n" 4 + "title: Guide\n" 13 + "note: |\n" 8 + "  # not a heading\n" 18 + "  - not a list\n" 15 + "---" 3 = 61.
    expect(doc.frontmatter).toEqual({ start: 0, end: 61, title: 'Guide' });
    expect(doc.blocks.map((b) => [b.kind, source.slice(b.start, b.end), b.startLine])).toEqual([
      ['heading', '# Real', 7],
      ['paragraph', 'Body.', 9],
    ]);
  });

  it('treats a fence that is not at the very start, or never closed, as Markdown', () => {
    expect(parseMarkdown('x.md', '\n---\ntitle: x\n---\n').doc.frontmatter).toBeNull();
    expect(parseMarkdown('x.md', '---\ntitle: x\n').doc.frontmatter).toBeNull();
  });

  it('reads a TOML front matter title', () => {
    const { doc } = parseMarkdown('x.md', '+++\ntitle = "Guide"\n+++\n\nBody.\n');
    expect(doc.frontmatter?.title).toBe('Guide');
  });
});

describe('lines', () => {
  it('maps offsets to 1-based lines', () => {
    const starts = lineStartsOf('ab\ncd\n\nef');
    expect(starts).toEqual([0, 3, 6, 7]);
    expect([0, 2, 3, 6, 7, 9].map((offset) => lineAt(starts, offset))).toEqual([1, 1, 2, 3, 4, 4]);
  });

  it('ends lines at \\r\\n and at a lone \\r too, keeping the source offsets', () => {
    expect(lineStartsOf('ab\r\ncd\ref\n\rg')).toEqual([0, 4, 7, 10, 11]);
  });

  it('gives lone-CR files their real lines (every chunk was on line 1)', () => {
    const source = '# One\r\rFirst paragraph.\r\r## Two\r\rSecond paragraph.\r';
    const { doc } = parseMarkdown('x.md', source);
    expect(doc.blocks.map((block) => [block.kind, block.startLine, block.endLine])).toEqual([
      ['heading', 1, 1],
      ['paragraph', 3, 3],
      ['heading', 5, 5],
      ['paragraph', 7, 7],
    ]);
    // The same document with \n and with \r\n has the same lines.
    for (const ending of ['\n', '\r\n']) {
      const same = parseMarkdown('x.md', source.replace(/\r/g, ending)).doc;
      expect(same.blocks.map((block) => [block.startLine, block.endLine])).toEqual(doc.blocks.map((block) => [block.startLine, block.endLine]));
    }
  });
});

describe('capTitle and huge headings', () => {
  it('folds whitespace and keeps titles up to 200 characters whole', () => {
    expect(TITLE_LIMIT).toBe(200);
    expect(capTitle('  Setext\n  title  ')).toBe('Setext title');
    expect(capTitle('x'.repeat(200))).toBe('x'.repeat(200));
  });

  it('cuts longer titles to 200 characters plus an ellipsis, never inside a surrogate pair', () => {
    expect(capTitle('x'.repeat(201))).toBe(`${'x'.repeat(200)}…`);
    expect(capTitle(`${'x'.repeat(199)}😀tail`)).toBe(`${'x'.repeat(199)}…`);
    // A 72 KB title: only its start is looked at; the cut's trailing space goes.
    expect(capTitle('word '.repeat(14_400))).toBe(`${'word '.repeat(40).trimEnd()}…`);
    // Long only because of trailing whitespace: nothing was cut, no ellipsis.
    expect(capTitle(`Short${' '.repeat(5000)}`)).toBe('Short');
  });

  it('caps what the parser gives heading paths', () => {
    const { doc } = parseMarkdown('x.md', `# ${'long '.repeat(100)}\n\nBody.\n`);
    expect(doc.blocks[0]!.title).toBe(`${'long '.repeat(40).trimEnd()}…`);
  });
});

describe('front matter above the limit', () => {
  it('stays out of the chunks but is not YAML-parsed: no title, and a limit the engine reports', () => {
    const value = `title: Huge\n${'k: v\n'.repeat(14_000)}`;
    const source = `---\n${value}---\n\n# Body\n`;
    const { doc, limits } = parseMarkdown('x.md', source);
    expect(doc.frontmatter).toEqual({ start: 0, end: 4 + value.length + 3 });
    expect(doc.blocks.map((block) => block.kind)).toEqual(['heading']);
    expect(limits).toEqual([
      {
        kind: 'frontmatter-too-large',
        severity: 'medium',
        message: `Unexpected ${value.length - 1}-character front matter, expected at most 65536: not read for its title`,
        hint: expect.stringContaining('metadata'),
        line: 1,
        endLine: 14_003,
        actual: value.length - 1,
        expected: 65_536,
      },
    ]);
    expect(parseMarkdown('x.md', '---\ntitle: Small\n---\n\nBody.\n').limits).toEqual([]);
  });
});
