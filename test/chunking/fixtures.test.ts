import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Chunk } from '../../src/types.js';
import { chunk, malformed, uncovered, view } from './helpers.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'chunking');

function fixture(name: string): { source: string; path: string } {
  const path = ['input.md', 'input.mdx'].map((file) => join(FIXTURES, name, file)).find((file) => existsSync(file))!;
  return { source: readFileSync(path, 'utf8'), path };
}

function lines(chunks: readonly Chunk[]): string[] {
  return chunks.map((piece) => `${piece.startLine}-${piece.endLine}`);
}

describe('heading-merge: front matter title, short sections, parent-path fallback', () => {
  const { source } = fixture('heading-merge');

  it('merges short sections into the next sibling, and a last one into the previous, under the parent path', () => {
    // Bodies (chars): Widget "Widgets turn input into output." = 31 ≥ 10 → alone.
    // Setup "Short." = 6 < 10, next is Install (depth 2 ≥ 2) → merged forward; group body
    // "Short.\n\n## Install\n\nRun … root." = 6 + 2 + 10 + 2 + 43 = 63 ≥ 10. Notes: body 0 < 10
    // and no next section → merged into the previous group. Paths ['Widget Guide','Widget','Setup' | 'Install' |
    // 'Notes'] share ['Widget Guide','Widget']; the front matter title heads them because it differs from the H1.
    const { doc, chunks } = chunk(source, { max: 200, min: 10 });
    expect(view(chunks)).toEqual([
      { text: '# Widget\n\nWidgets turn input into output.', path: 'Widget Guide › Widget' },
      {
        text: '## Setup\n\nShort.\n\n## Install\n\nRun npm install widget in the project root.\n\n## Notes',
        path: 'Widget Guide › Widget',
      },
    ]);
    // Line 1–3 front matter, 4 blank, 5 "# Widget", 7 text; 9 "## Setup" … 17 "## Notes".
    expect(lines(chunks)).toEqual(['5-7', '9-17']);
    expect(chunks.map((piece) => piece.kinds)).toEqual([
      ['heading', 'paragraph'],
      ['heading', 'paragraph'],
    ]);
    expect(uncovered(doc, chunks)).toEqual([]);
  });

  it('keeps every section when min is 0, each with its own path', () => {
    const { chunks } = chunk(source, { max: 200, min: 0 });
    expect(view(chunks)).toEqual([
      { text: '# Widget\n\nWidgets turn input into output.', path: 'Widget Guide › Widget' },
      { text: '## Setup\n\nShort.', path: 'Widget Guide › Widget › Setup' },
      { text: '## Install\n\nRun npm install widget in the project root.', path: 'Widget Guide › Widget › Install' },
      { text: '## Notes', path: 'Widget Guide › Widget › Notes' },
    ]);
  });

  it('chains merges while the group stays short (min 40)', () => {
    // Widget body 31 < 40 → takes Setup (depth 2 ≥ 1): body 31 + 2 + 8 + 2 + 6 = 49 ≥ 40.
    // Install body 43 ≥ 40 → alone; Notes (0, last) joins it → common path Widget Guide › Widget.
    const { chunks } = chunk(source, { max: 200, min: 40 });
    expect(view(chunks)).toEqual([
      { text: '# Widget\n\nWidgets turn input into output.\n\n## Setup\n\nShort.', path: 'Widget Guide › Widget' },
      { text: '## Install\n\nRun npm install widget in the project root.\n\n## Notes', path: 'Widget Guide › Widget' },
    ]);
  });

  it('keeps deeper headings inside their section (headingLevels.max 1)', () => {
    // One section: 8 + 2 + 31 + 2 + 83 = 126 chars ≤ 200.
    const { chunks } = chunk(source, { max: 200, min: 10, headingLevels: { max: 1 } });
    expect(view(chunks)).toEqual([{ text: source.slice(source.indexOf('# Widget')).trimEnd(), path: 'Widget Guide › Widget' }]);
    expect(chunks[0]!.chars).toBe(126);
  });

  it('drops the front matter title from the path when it equals the first H1', () => {
    const { chunks } = chunk('---\ntitle: Widget\n---\n\n# Widget\n\nText here.\n\n## Use\n\nMore text.\n', { min: 0 });
    expect(view(chunks).map((piece) => piece.path)).toEqual(['Widget', 'Widget › Use']);
    expect(chunks[0]!.startOffset).toBe('---\ntitle: Widget\n---\n\n'.length);
  });
});

describe('table-split: a GFM table bigger than max', () => {
  const { source } = fixture('table-split');
  const header = '| Item | Cost |\n| ---- | ---- |\n';

  for (const strategy of ['heading', 'recursive', 'sentence'] as const) {
    it(`${strategy}: splits by rows, repeats the header and delimiter rows, keeps the heading with the first piece`, () => {
      // Rows are 15 chars, a row with its line break 16; header + delimiter + line breaks = 32.
      // Budget per piece: 64 − 32 = 32 rows-chars. The heading "## Prices\n\n" (11) rides on
      // the first row: 11 + 15 = 26 ≤ 32, + 16 = 42 > 32 → piece 1 = Tea (58 chars).
      // Piece 2: Cake 15 + Pie 16 = 31 ≤ 32, + Jam 16 = 47 > 32 → Cake, Pie (32 + 31 = 63 chars).
      // Piece 3: Jam (32 + 15 = 47 chars).
      const { doc, chunks } = chunk(source, { strategy, max: 64 });
      expect(view(chunks)).toEqual([
        { text: `## Prices\n\n${header}| Tea  | 3    |`, path: 'Prices', split: 'table 1/3' },
        { text: `${header}| Cake | 5    |\n| Pie  | 4    |`, path: 'Prices', split: 'table 2/3' },
        { text: `${header}| Jam  | 2    |`, path: 'Prices', split: 'table 3/3' },
      ]);
      expect(chunks.map((piece) => piece.chars)).toEqual([58, 63, 47]);
      expect(lines(chunks)).toEqual(['1-5', '6-7', '8-8']);
      // The repeated header is a prefix slice of the source, the rows are the chunk's own extent.
      expect(chunks[1]!.spans).toEqual([
        { start: source.indexOf('| Item'), end: source.indexOf('| Tea') },
        { start: source.indexOf('| Cake'), end: source.indexOf('| Pie') + 15 },
      ]);
      expect(chunks.map((piece) => piece.kinds)).toEqual([['heading', 'table'], ['table'], ['table']]);
      expect(uncovered(doc, chunks)).toEqual([]);
      expect(malformed(doc, chunks)).toEqual([]);
    });
  }

  it('keeps the table whole when it fits (max 110 ≥ 9 + 2 + 95)', () => {
    const { chunks } = chunk(source, { max: 110 });
    expect(view(chunks)).toEqual([{ text: source.trimEnd(), path: 'Prices' }]);
  });
});

describe('code-split: a long fenced code block', () => {
  const { source } = fixture('code-split');
  const open = '~~~python title="run.py"\n';

  it('splits by lines and re-fences every piece with the same fence and info string', () => {
    // Opening line + break = 25, break + closing fence = 4 → budget 50 − 29 = 21.
    // Lines are 5 chars, 6 with the break before them. "# Script\n\n" (10) rides on line a:
    // 10 + 5 = 15, + 6 (b) = 21 ≤ 21, + 6 (c) = 27 > 21 → piece 1 = a, b (10 + 25 + 11 + 4 = 50 chars).
    // Piece 2 = c, d (25 + 11 + 4 = 40 chars), ending on the source's own closing fence.
    const { doc, chunks } = chunk(source, { max: 50 });
    expect(view(chunks)).toEqual([
      { text: `# Script\n\n${open}a = 1\nb = 2\n~~~`, path: 'Script', split: 'code 1/2' },
      { text: `${open}c = 3\nd = 4\n~~~`, path: 'Script', split: 'code 2/2' },
    ]);
    expect(chunks.map((piece) => piece.chars)).toEqual([50, 40]);
    expect(lines(chunks)).toEqual(['1-5', '6-8']);
    expect(chunks[0]!.spans).toHaveLength(2); // own extent + re-closing suffix
    expect(chunks[1]!.spans).toHaveLength(2); // re-opening prefix + own extent
    expect(uncovered(doc, chunks)).toEqual([]);
  });

  it('recursive reaches the same pieces through the block level', () => {
    const { chunks } = chunk(source, { strategy: 'recursive', max: 50 });
    expect(view(chunks).map((piece) => piece.split)).toEqual(['code 1/2', 'code 2/2']);
  });

  it('keeps the block whole when it fits (8 + 2 + 52 = 62 chars)', () => {
    expect(chunk(source, { max: 62 }).chunks).toHaveLength(1);
    expect(chunk(source, { max: 61 }).chunks).toHaveLength(2);
  });
});

describe('setext-fence: setext headings, nested lists, a heading inside a code fence', () => {
  const { source } = fixture('setext-fence');
  const beta = source.slice(source.indexOf('Beta'), source.indexOf('Gamma text.') + 'Gamma text.'.length);

  it('heading: sections from setext headings only, never from "# Not a heading" in the fence', () => {
    const { chunks } = chunk(source, { max: 500 });
    expect(view(chunks)).toEqual([
      { text: 'Alpha\n=====\n\nIntro line.', path: 'Alpha' },
      { text: beta, path: 'Alpha › Beta' },
    ]);
    expect(lines(chunks)).toEqual(['1-4', '6-18']);
    expect(chunks[1]!.kinds).toEqual(['heading', 'list', 'code', 'paragraph']);
  });

  it('recursive: cuts at the H2, then at blocks, packing up to max 40', () => {
    // Depth 1 finds no cut after the start; depth 2 cuts before "Beta". Alpha section =
    // 11 + 2 + 11 = 24 ≤ 40. Beta section = 9 + 2 + 31 + 2 + 25 + 2 + 11 = 82 > 40 → blocks:
    // heading 9 + list 33 = 42 > 40 → heading alone; list 31 + code 27 = 58 > 40 → list
    // alone; code 25 + paragraph 13 = 38 ≤ 40.
    const { chunks } = chunk(source, { strategy: 'recursive', max: 40 });
    expect(view(chunks)).toEqual([
      { text: 'Alpha\n=====\n\nIntro line.', path: 'Alpha' },
      { text: 'Beta\n----', path: 'Alpha › Beta' },
      { text: '- one\n  - one.a\n  - one.b\n- two', path: 'Alpha › Beta' },
      { text: '```md\n# Not a heading\n```\n\nGamma text.', path: 'Alpha › Beta' },
    ]);
  });
});

describe('mdx-jsx: ESM, a JSX block and an inline expression', () => {
  const { source, path } = fixture('mdx-jsx');
  const jsx = '<Tabs>\n  <Tab label="one">First</Tab>\n</Tabs>';

  it('parses the JSX block as an atomic jsx block', () => {
    expect(chunk(source, {}, path).doc.blocks.map((block) => block.kind)).toEqual(['esm', 'heading', 'jsx', 'paragraph']);
  });

  it('sentence: keeps the JSX block whole and packs it with its heading', () => {
    // esm 30 + heading lead 14 = 44, + jsx lead 47 = 91 > 60 → the range would end on the
    // heading, so it ends before it. heading 12 + jsx 47 = 59 ≤ 60, + "Value … here." 30 > 60.
    // Then "Value is {props.value} here." 28 + " Done." 6 = 34.
    const { chunks } = chunk(source, { strategy: 'sentence', max: 60 }, path);
    expect(view(chunks)).toEqual([
      { text: "import { Tabs } from './tabs';", path: '' },
      { text: `# Components\n\n${jsx}`, path: 'Components' },
      { text: 'Value is {props.value} here. Done.', path: 'Components' },
    ]);
    expect(chunks.map((piece) => piece.kinds)).toEqual([['esm'], ['heading', 'jsx'], ['paragraph']]);
  });

  it('heading: the leading ESM is its own section; the long section splits into two pieces', () => {
    // Section "Components" = 12 + 2 + 45 + 2 + 34 = 95 > 60 → heading + jsx (59), paragraph (34).
    const { chunks } = chunk(source, { max: 60 }, path);
    expect(view(chunks)).toEqual([
      { text: "import { Tabs } from './tabs';", path: '' },
      { text: `# Components\n\n${jsx}`, path: 'Components', split: 'section 1/2' },
      { text: 'Value is {props.value} here. Done.', path: 'Components', split: 'section 2/2' },
    ]);
  });

  it('never cuts the JSX block while it fits (45 chars)', () => {
    for (const strategy of ['heading', 'recursive', 'sentence'] as const) {
      const { chunks } = chunk(source, { strategy, max: 45 }, path);
      expect(chunks.some((piece) => piece.text.includes(jsx))).toBe(true);
    }
  });
});

describe('chinese: CJK sentence boundaries 。！？；', () => {
  const { source } = fixture('chinese');
  // Sentences: 第一步下载。(6) 第二步解压！(6) 第三步运行？(6) 注意：需要管理员权限；(11) 否则失败。(5).

  it('sentence: packs whole sentences up to max 12', () => {
    // "# 安装" 4 + "\n\n第一步下载。" 8 = 12; 6 + 6 = 12; 11 (+5 > 12); 5.
    const { chunks } = chunk(source, { strategy: 'sentence', max: 12 });
    expect(view(chunks)).toEqual([
      { text: '# 安装\n\n第一步下载。', path: '安装', split: 'text 1/4' },
      { text: '第二步解压！第三步运行？', path: '安装', split: 'text 2/4' },
      { text: '注意：需要管理员权限；', path: '安装', split: 'text 3/4' },
      { text: '否则失败。', path: '安装', split: 'text 4/4' },
    ]);
  });

  it('sentence: overlap repeats whole trailing sentences that fit in 6 chars and leave room', () => {
    // After [# 安装, s1]: s1 (6 ≤ 6) + s2 (6) = 12 ≤ 12 → next starts at s1.
    // After [s1, s2]: s2 + s3 = 12 → next starts at s2. After [s2, s3]: s3 (6) + s4 (11) = 17 > 12
    // → no overlap. [s4] alone (11 + 5 > 12), then [s5].
    const { chunks } = chunk(source, { strategy: 'sentence', max: 12, overlap: 6 });
    expect(view(chunks).map((piece) => piece.text)).toEqual([
      '# 安装\n\n第一步下载。',
      '第一步下载。第二步解压！',
      '第二步解压！第三步运行？',
      '注意：需要管理员权限；',
      '否则失败。',
    ]);
  });

  it('heading: a long section splits at the same sentence boundaries, labelled as section pieces', () => {
    const { chunks } = chunk(source, { max: 12 });
    expect(view(chunks).map((piece) => piece.split)).toEqual(['section 1/4', 'section 2/4', 'section 3/4', 'section 4/4']);
    expect(chunks[1]!.text).toBe('第二步解压！第三步运行？');
  });

  it('fixed: cuts every 12 characters regardless of sentences', () => {
    // Source: "# 安装\n\n" (6) + 34 chars + "\n" = 41 → windows [0,12) [12,24) [24,36) [36,41).
    const { chunks } = chunk(source, { strategy: 'fixed', max: 12 });
    expect(view(chunks).map((piece) => piece.text)).toEqual(['# 安装\n\n第一步下载。', '第二步解压！第三步运行？', '注意：需要管理员权限；否', '则失败。']);
  });
});
