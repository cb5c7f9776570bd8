import { describe, expect, it } from 'vitest';
import { compareDoc } from '../../src/compare/diff-doc.js';
import { buildReport } from '../../src/compare/summary.js';
import { renderComment } from '../../src/report/comment.js';
import { axisTop, CHARTS_HEADING, chartColumns, chunkSizeChart, chunkSizeCharts, mermaidText, splitChart } from '../../src/report/mermaid.js';
import { fileItems } from '../../src/report/items.js';
import type { DocDiff, Report } from '../../src/types.js';
import { demoComparison } from '../helpers/browser.js';
import { chunk, doc, issue } from './factory.js';
import { CONTEXT, THRESHOLDS } from './sample.js';

/** The parsed structure of one xychart-beta block, or an error naming the line that breaks it. */
function parseXyChart(block: string) {
  const match = /^~~~mermaid\n---\n([\s\S]*?)\n---\n([\s\S]*?)\n~~~(?:\n|$)/.exec(block);
  if (!match) throw new Error('not a mermaid fence with front matter');
  const lines = match[2]!.split('\n');
  expect(lines[0]).toBe('xychart-beta');
  const statement = (keyword: string) => lines.filter((line) => line.trimStart().startsWith(`${keyword} `));
  const numbers = (text: string) => text.split(',').map((item) => item.trim()).map((item) => {
    expect(item).toMatch(/^\d+$/);
    return Number(item);
  });
  const title = /^ {2}title "([^"`]*)"$/.exec(statement('title')[0]!)![1]!;
  const xAxis = /^ {2}x-axis "([^"]*)" \[(.*)\]$/.exec(statement('x-axis')[0]!)!;
  const categories = xAxis[2]!.split(', ').map((item) => /^"([^"]*)"$/.exec(item)![1]!);
  const yAxis = /^ {2}y-axis "(tokens|chars)" 0 --> (\d+)$/.exec(statement('y-axis')[0]!)!;
  const bars = statement('bar').map((line) => numbers(/^ {2}bar \[(.*)\]$/.exec(line)![1]!));
  const series = statement('line').map((line) => numbers(/^ {2}line \[(.*)\]$/.exec(line)![1]!));
  // Every line of the body is one of the statements above: nothing the grammar would reject.
  expect(lines.slice(1).every((line) => /^ {2}(title|x-axis|y-axis|bar|line) /.test(line))).toBe(true);
  return { config: match[1]!, title, axis: xAxis[1]!, categories, unit: yAxis[1]!, top: Number(yAxis[2]), bars, series };
}

function diffOf(baseSizes: number[], headSizes: number[], path = 'docs/a.md', headIssues: Parameters<typeof issue>[0][] = []): DocDiff {
  const make = (sizes: number[], score: number, tags: Parameters<typeof issue>[0][] = []) =>
    sizes.map((tokens, index) =>
      chunk({ text: `chunk ${index} ${'x'.repeat(index)}`, index, tokens, score, startLine: index * 5 + 1, endLine: index * 5 + 4, issues: tags.map((tag) => issue(tag, index * 5 + 1)) }),
    );
  return compareDoc(
    { path, status: 'modified', base: doc(path, make(baseSizes, 95)), head: doc(path, make(headSizes, 40, headIssues)) },
    THRESHOLDS,
  );
}

describe('chunkSizeChart', () => {
  it('plots head bars over a base line and a max line, padded to the longer side', () => {
    const file = diffOf([100, 200], [100, 300, 400]);
    const chart = parseXyChart(chunkSizeChart(file)!);
    expect(chart.title).toBe('docs/a.md');
    // The third head chunk has no base chunk: its column says so.
    expect(chart.categories).toEqual(['1', '2', '3 new']);
    expect(chart.unit).toBe('tokens');
    expect(chart.bars).toEqual([[100, 300, 400]]);
    // Base had 2 chunks: padded with 0. 400 ≥ 512 / 2, so the max line shows.
    expect(chart.series).toEqual([[100, 200, 0], [512, 512, 512]]);
    expect(chart.axis).toBe('chunk');
    // Largest value 512 × 1.1 = 563.2 → 570.
    expect(chart.top).toBe(570);
    expect(chart.config).toContain('plotColorPalette');
  });

  it('leaves out the max line when every chunk is under half of max, and skips useless charts', () => {
    const chart = parseXyChart(chunkSizeChart(diffOf([100], [50, 60]))!);
    expect(chart.series).toEqual([[100, 0]]);
    // 100 × 1.1 = 110.
    expect(chart.top).toBe(110);
    expect(chunkSizeChart(diffOf([100, 200], [100, 200]))).toBeNull();
    expect(chunkSizeChart(diffOf(new Array(41).fill(10), [10]))).toBeNull();
    const added = compareDoc({ path: 'docs/new.md', status: 'added', head: doc('docs/new.md', [chunk({ text: 'x', score: 10 })]) }, THRESHOLDS);
    expect(chunkSizeChart(added)).toBeNull();
  });

  it('keeps titles inside the quotes and the fence whatever the path', () => {
    // " x " ` ; # @ → _ x _ _ _ _ _
    expect(mermaidText('docs/"x"`;#@me.md')).toBe('docs/_x_____me.md');
    const long = `docs/${'a'.repeat(80)}.md`;
    expect(mermaidText(long)).toHaveLength(60);
    expect(mermaidText(long).startsWith('…')).toBe(true);
    const chart = chunkSizeChart(diffOf([1], [2], 'docs/```\n"evil".md'))!;
    // Inside the fence no backtick and no tilde but its own two ~~~; the caption shows the path in a longer code span.
    const fence = chart.slice(0, chart.indexOf('\n~~~\n') + 4);
    expect(fence.match(/`/g)).toBeNull();
    expect(fence.match(/~~~/g)).toHaveLength(2);
    expect(chart.slice(fence.length)).toContain('````');
    // ``` \n " → 5 underscores, the closing " → 1.
    expect(parseXyChart(chart).title).toBe('docs/_____evil_.md');
  });

  it('rounds the axis top up to tens', () => {
    expect(axisTop([])).toBe(10);
    // 91 × 1.1 = 100.1 → 110.
    expect(axisTop([91])).toBe(110);
  });

  it('charts only files whose regressed chunks have a size problem, at most `limit`', () => {
    const files = [diffOf([1], [600], 'a.md', ['oversize-chunk']), diffOf([1], [700], 'b.md', ['oversize-chunk']), diffOf([1], [800], 'c.md', ['oversize-chunk']), diffOf([1], [900], 'd.md', ['oversize-chunk'])];
    expect(files.every((file) => file.regressions.length > 0)).toBe(true);
    expect(chunkSizeCharts(files).map((chart) => parseXyChart(chart).title)).toEqual(['a.md', 'b.md', 'c.md']);
    expect(chunkSizeCharts(files, { limit: 1 })).toHaveLength(1);
    const calm = diffOf([1], [600], 'a.md', ['oversize-chunk']);
    expect(chunkSizeCharts([{ ...calm, regressions: [] }])).toEqual([]);
    // Lost text under max: the sizes say nothing about it, so no chart.
    const lost = diffOf([100], [120], 'e.md', ['source-loss']);
    expect(lost.regressions.length).toBeGreaterThan(0);
    expect(chunkSizeCharts([lost])).toEqual([]);
  });
});

describe('charts in the comment', () => {
  it('charts the demo’s split table as its pieces, the table whole and max, under the charts heading', async () => {
    const { report } = await demoComparison();
    const body = renderComment(report, { ...CONTEXT, charts: true });
    expect(body).toContain(CHARTS_HEADING);
    const blocks = body.match(/~~~mermaid\n[\s\S]*?\n~~~/g)!;
    expect(blocks).toHaveLength(1);
    const chart = parseXyChart(blocks[0]);
    expect(chart.title).toBe('docs/deploy.md L34-L63: table in 3 pieces');
    expect(chart.axis).toBe('table');
    expect(chart.categories).toEqual(['before', 'whole', 'piece 1', 'piece 2', 'piece 3']);
    // Grey: the 123-token chunk the table was in on the base branch, and the table whole
    // (296 + 304 + 217 = 817, the size the row names); blue: the pieces, each under max.
    expect(chart.bars).toEqual([
      [123, 817, 0, 0, 0],
      [0, 0, 296, 304, 217],
    ]);
    expect(chart.series).toEqual([[320, 320, 320, 320, 320]]);
    // 817 × 1.1 = 898.7 → 900.
    expect(chart.top).toBe(900);
    expect(body).toContain('The table (817 tokens, `max` 320) is cut into 3 pieces');
    expect(body).toContain('<sub>`docs/deploy.md` L34–L63: the table is 817 tokens, over `max` 320, so it is cut into 3 pieces · grey = the chunk it was on the base branch (123 tokens) and the table whole · blue = its pieces · red line = `max` 320 tokens</sub>');
    const deploy = report.files.find((file) => file.path === 'docs/deploy.md')!;
    expect(deploy.head!.chunks.filter((c) => c.split?.kind === 'table').map((c) => c.tokens)).toEqual([296, 304, 217]);
    expect(renderComment(report, CONTEXT)).not.toContain('~~~mermaid');
  });

  it('stays under 65,536 characters on the largest case, dropping charts before rows', () => {
    // 40 files, each with 30 base and 30 head chunks, every head chunk a gating regression (new source loss) over max: charted.
    const files = Array.from({ length: 40 }, (_, index) =>
      diffOf(Array.from({ length: 30 }, (_, i) => 100 + i), Array.from({ length: 30 }, (_, i) => 600 + i), `docs/section-${index}/page.md`, ['source-loss', 'oversize-chunk']),
    );
    const report: Report = buildReport({ version: '0.1.0', config: {}, scorer: 'heuristic', files, failOn: ['regression'], partial: false, cost: null });
    const full = renderComment(report, { ...CONTEXT, charts: true, maxLength: 10_000_000 });
    expect(full.length).toBeGreaterThan(65_536);
    expect(full.match(/~~~mermaid/g)).toHaveLength(3);
    const body = renderComment(report, { ...CONTEXT, charts: true });
    expect(body.length).toBeLessThan(65_536);
    expect(body).not.toContain('~~~mermaid');
    // Rows are still there: charts went first.
    expect(body).toContain('### ❌ What this PR breaks');
  });

  it('drops the chart first when only the rows and excerpts fit', async () => {
    const { report } = await demoComparison();
    const everything = renderComment(report, { ...CONTEXT, charts: true });
    const without = renderComment(report, CONTEXT);
    const chartLength = everything.length - without.length;
    expect(chartLength).toBeGreaterThan(0);
    const tight = renderComment(report, { ...CONTEXT, charts: true, maxLength: without.length + 1 });
    expect(tight).toBe(without);
    expect(renderComment(report, { ...CONTEXT, charts: true, maxLength: everything.length + 1 })).toBe(everything);
  });
});

describe('splitChart', () => {
  /** A new code block (no base chunk) cut into 2 pieces of 300 and 140 chars, max 320 chars. */
  function newCodeSplit(): DocDiff {
    const pieces = [1, 2].map((part) =>
      chunk({ text: `piece ${part}`, index: part, chars: part === 1 ? 300 : 140, tokens: 1, score: 50, startLine: part === 1 ? 5 : 20, endLine: part === 1 ? 19 : 26, split: { kind: 'code', part, parts: 2 }, issues: [issue('code-fence-split', 5)] }),
    );
    const head = doc('docs/run.md', [chunk({ text: 'intro', startLine: 1, endLine: 3 }), ...pieces]);
    head.chunking = { ...head.chunking, unit: 'chars', max: 320 };
    const regressions = head.chunks.slice(1).map((piece) => ({ reason: 'new-failing-chunk' as const, match: 'new' as const, base: null, head: piece, delta: null, newTags: ['code-fence-split' as const], origin: 'new' as const, gating: true }));
    return { path: 'docs/run.md', status: 'modified', base: doc('docs/run.md', [chunk({ text: 'intro' })]), head, deltas: [], regressions, failures: [], findings: [] };
  }

  it('shows a new block without a “before” column, in the file’s unit, with the pieces under max and the block over it', () => {
    const file = newCodeSplit();
    const [item] = fileItems(file);
    expect(item!.type).toBe('split');
    const chart = parseXyChart(splitChart(item!)!);
    expect(chart.title).toBe('docs/run.md L5-L26: new code block in 2 pieces');
    expect(chart.categories).toEqual(['whole', 'piece 1', 'piece 2']);
    expect(chart.unit).toBe('chars');
    // Whole: 300 + 140 = 440 over max 320; 440 × 1.1 = 484 → 490.
    expect(chart.bars).toEqual([
      [440, 0, 0],
      [0, 300, 140],
    ]);
    expect(chart.series).toEqual([[320, 320, 320]]);
    expect(chart.top).toBe(490);
    expect(splitChart(item!)).toContain('<sub>`docs/run.md` L5–L26: the new code block is 440 chars, over `max` 320, so it is cut into 2 pieces · grey = the code block whole · blue = its pieces · red line = `max` 320 chars</sub>');
    // The whole chart list of the file: the split's chart, and no file chart (no chunk is over max).
    expect(chunkSizeCharts([file])).toEqual([splitChart(item!)]);
  });

  it('is null for an item that is not a split', () => {
    const [item] = fileItems(diffOf([100], [120], 'e.md', ['source-loss']));
    expect(item!.type).toBe('regression');
    expect(splitChart(item!)).toBeNull();
  });
});

describe('chart columns', () => {
  const sized = (tokens: number[]) => tokens.map((size, index) => chunk({ text: `c${index}`, index, tokens: size }));
  const file = (base: number[], head: number[], alignment: (number | null)[]): DocDiff => ({
    path: 'a.md',
    status: 'modified',
    base: doc('a.md', sized(base)),
    head: doc('a.md', sized(head)),
    deltas: [],
    regressions: [],
    failures: [],
    findings: [],
    alignment,
  });

  it('pairs chunks by the alignment: a chunk inserted at the top does not shift the rest', () => {
    // head 0 is new; heads 1–3 replace bases 0–2.
    expect(chartColumns(file([10, 20, 30], [5, 10, 21, 30], [null, 0, 1, 2]), 'tokens')).toEqual([
      { head: 5, base: null },
      { head: 10, base: 10 },
      { head: 21, base: 20 },
      { head: 30, base: 30 },
    ]);
  });

  it('gives a base chunk that nothing replaced its own column, in base order', () => {
    // base 1 (20) left; base 3 (40) left at the end.
    expect(chartColumns(file([10, 20, 30, 40], [11, 30], [0, 2]), 'tokens')).toEqual([
      { head: 11, base: 10 },
      { head: null, base: 20 },
      { head: 30, base: 30 },
      { head: null, base: 40 },
    ]);
  });

  it('pairs by position without an alignment', () => {
    const positional = { ...file([10, 20], [5], [0]), alignment: undefined };
    expect(chartColumns(positional, 'tokens')).toEqual([
      { head: 5, base: 10 },
      { head: null, base: 20 },
    ]);
  });
});
