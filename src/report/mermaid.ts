import { BLOCK_NOUN, RULES, SIZE_RULE_TAGS } from '../shared/rules.js';
import type { DocDiff, EvaluatedChunk, IssueTag } from '../types.js';
import { codeSpan } from './escape.js';
import { formatNumber, lineRange, plural } from './format.js';
import { fileItems, type ReportItem } from './items.js';

/** Heading of the comment's chart section. */
export const CHARTS_HEADING = '### 📊 Chunk sizes, base vs head';

/** Options of {@link chunkSizeCharts}. */
export interface ChartOptions {
  /** Files charted at most, taken in the given order (default: `3`). */
  limit?: number;
  /** A file with more chunks than this on either side gets no chart: the bars would be unreadable (default: `40`). */
  maxChunks?: number;
}

/** Bar (head), base line and `max` line colours: GitHub blue, grey, red. */
const PALETTE = '#0969da, #8c959f, #cf222e';

/** A split block's chart: whole-block bars grey, piece bars blue, the `max` line red. */
const BLOCK_PALETTE = '#8c959f, #0969da, #cf222e';

/** The new tags that make a chunk's size its problem: a file chart shows them. */
const SIZE_TAGS: readonly IssueTag[] = SIZE_RULE_TAGS;

/** Longest title kept, in characters (the start is cut: a path's end is what tells files apart). */
const TITLE_MAX = 60;

/**
 * Text safe inside a Mermaid double-quoted string: letters, digits, spaces and `. _ / - ( ) + , :`
 * kept, anything else (quotes, backticks, `#`, `;`, `@`, line breaks) becomes `_`; longer than
 * 60 characters → `…` + the last 59.
 */
export function mermaidText(text: string): string {
  const safe = text.replace(/[^\p{L}\p{N} ._/()+,:-]/gu, '_');
  return safe.length > TITLE_MAX ? `…${safe.slice(safe.length - (TITLE_MAX - 1))}` : safe;
}

function sizeOf(chunk: EvaluatedChunk, unit: 'tokens' | 'chars'): number {
  return unit === 'chars' ? chunk.chars : chunk.tokens;
}

/** `y-axis` top: the largest value × 1.1, rounded up to a multiple of 10 (at least 10). */
export function axisTop(values: readonly number[]): number {
  // × 11 / 100 rather than × 1.1 / 10: integer arithmetic, so 100 gives 110, not 120.
  return Math.max(10, Math.ceil((Math.max(0, ...values) * 11) / 100) * 10);
}

/** One column of a file chart: a head chunk and the base chunk it replaced; `null` for the side that has none. */
export interface ChartColumn {
  head: number | null;
  base: number | null;
}

/**
 * Chart columns pairing base and head chunks the way the comparison aligned them (`file.alignment`):
 * head chunks in order, each with the size of the base chunk it replaces (`null` for a new chunk);
 * a base chunk nothing replaced gets a column of its own (head `null`) just before the first head
 * chunk aligned past it, or at the end. Without an alignment, chunks pair by position.
 */
export function chartColumns(file: DocDiff, unit: 'tokens' | 'chars'): ChartColumn[] {
  const heads = file.head?.chunks ?? [];
  const bases = file.base?.chunks ?? [];
  if (!file.alignment || file.alignment.length !== heads.length) {
    return Array.from({ length: Math.max(heads.length, bases.length) }, (_, index) => ({
      head: heads[index] ? sizeOf(heads[index], unit) : null,
      base: bases[index] ? sizeOf(bases[index], unit) : null,
    }));
  }
  const used = new Set(file.alignment.filter((index): index is number => index !== null));
  const columns: ChartColumn[] = [];
  let next = 0;
  const flushUpTo = (limit: number) => {
    for (; next < limit; next += 1) if (!used.has(next)) columns.push({ head: null, base: sizeOf(bases[next]!, unit) });
  };
  heads.forEach((chunk, index) => {
    const base = file.alignment![index] ?? null;
    if (base === null) {
      columns.push({ head: sizeOf(chunk, unit), base: null });
      return;
    }
    flushUpTo(base);
    next = Math.max(next, base + 1);
    columns.push({ head: sizeOf(chunk, unit), base: sizeOf(bases[base]!, unit) });
  });
  flushUpTo(bases.length);
  return columns;
}

/** The front matter and `xychart-beta` head every chart shares. */
function chartHead(palette: string, title: string): string[] {
  return [
    '~~~mermaid',
    '---',
    'config:',
    '  xyChart:',
    '    width: 640',
    '    height: 260',
    '  themeVariables:',
    '    xyChart:',
    `      plotColorPalette: "${palette}"`,
    '---',
    'xychart-beta',
    `  title "${mermaidText(title)}"`,
  ];
}

/**
 * One file's chunk sizes as a Mermaid `xychart-beta` (GitHub renders it natively): one column per
 * aligned pair of chunks ({@link chartColumns}: a head chunk and the base chunk it replaced, so a
 * chunk inserted at the top does not shift every later comparison); bars = head sizes, a grey
 * line = base sizes, and a red line at `max` when some chunk reaches half of it. A column whose
 * chunk is new is labelled `new` on the x-axis (`3 new`), one whose chunk left `gone`: the line
 * cannot skip a point, so it is drawn at 0 there, and the label says why. Sizes are in the file's
 * unit. A caption line under the fence says which series is which. The fence is `~~~` like every
 * fence of the comment (GitHub draws any `mermaid` code block); the body can hold no `~`, so it
 * cannot close early.
 *
 * `null` (no chart) when a side is missing, either side has more than `maxChunks` chunks, or the
 * size sequences are identical.
 */
export function chunkSizeChart(file: DocDiff, options: ChartOptions = {}): string | null {
  const { base, head } = file;
  if (!base || !head) return null;
  const maxChunks = options.maxChunks ?? 40;
  if (base.chunks.length > maxChunks || head.chunks.length > maxChunks) return null;
  const unit = head.chunking.unit;
  const headSizes = head.chunks.map((chunk) => sizeOf(chunk, unit));
  const baseSizes = base.chunks.map((chunk) => sizeOf(chunk, unit));
  if (headSizes.length === baseSizes.length && headSizes.every((size, index) => size === baseSizes[index])) return null;
  const columns = chartColumns(file, unit);
  const count = columns.length;
  const limit = head.chunking.max;
  const showMax = Math.max(...headSizes, ...baseSizes) >= limit / 2;
  const top = axisTop([...headSizes, ...baseSizes, ...(showMax ? [limit] : [])]);
  const label = (column: ChartColumn, index: number) => `"${index + 1}${column.base === null ? ' new' : column.head === null ? ' gone' : ''}"`;
  const fresh = columns.filter((column) => column.base === null).length;
  const gone = columns.filter((column) => column.head === null).length;
  const lines = [
    ...chartHead(PALETTE, file.path),
    `  x-axis "chunk" [${columns.map(label).join(', ')}]`,
    `  y-axis "${unit}" 0 --> ${top}`,
    `  bar [${columns.map((column) => column.head ?? 0).join(', ')}]`,
    `  line [${columns.map((column) => column.base ?? 0).join(', ')}]`,
    ...(showMax ? [`  line [${new Array<number>(count).fill(limit).join(', ')}]`] : []),
    '~~~',
  ];
  const caption = [
    `${codeSpan(file.path)}: bars = head (${plural(headSizes.length, 'chunk')})`,
    `grey line = base (${plural(baseSizes.length, 'chunk')}), paired by alignment`,
    ...(fresh > 0 ? [`“new”: no base chunk (${plural(fresh, 'column')})`] : []),
    ...(gone > 0 ? [`“gone”: no head chunk (${plural(gone, 'column')})`] : []),
    ...(showMax ? [`red line = \`max\` ${formatNumber(limit)} ${unit}`] : []),
  ].join(' · ');
  return `${lines.join('\n')}\n\n<sub>${caption}</sub>`;
}

/**
 * The chart of one split table or code block: what is wrong is that the block is larger than
 * `max`, while each piece is under it. Grey bars: the chunk it was on the base branch (`before`,
 * left out for a new block) and the block whole; blue bars: its pieces; red line: `max`. `null`
 * for any other item.
 */
export function splitChart(item: ReportItem): string | null {
  if (item.type !== 'split' || !item.file.head) return null;
  const { file, pieces } = item;
  const unit = file.head!.chunking.unit;
  const limit = file.head!.chunking.max;
  const noun = BLOCK_NOUN[RULES[item.tag].block];
  const sizes = pieces.map((piece) => sizeOf(piece, unit));
  const whole = sizes.reduce((sum, size) => sum + size, 0);
  const bases = [...new Set(item.regressions.flatMap((regression) => (regression.base ? [regression.base] : [])))];
  const before = bases.length > 0 ? bases.reduce((sum, chunk) => sum + sizeOf(chunk, unit), 0) : null;
  const span = { startLine: pieces[0]!.startLine, endLine: pieces.at(-1)!.endLine };
  const parts = Math.max(pieces.length, pieces[0]!.split?.parts ?? 0);
  const grey = [...(before === null ? [] : [before]), whole];
  const categories = [...(before === null ? [] : [bases.length === 1 ? 'before' : `before, ${bases.length} chunks`]), 'whole', ...pieces.map((piece, index) => `piece ${piece.split?.part ?? index + 1}`)];
  const top = axisTop([...grey, ...sizes, limit]);
  const lines = [
    ...chartHead(BLOCK_PALETTE, `${file.path} ${lineRange(span).replace(/–/g, '-')}: ${before === null ? 'new ' : ''}${noun} in ${parts} pieces`),
    `  x-axis "${mermaidText(noun)}" [${categories.map((category) => `"${mermaidText(category)}"`).join(', ')}]`,
    `  y-axis "${unit}" 0 --> ${top}`,
    `  bar [${[...grey, ...sizes.map(() => 0)].join(', ')}]`,
    `  bar [${[...grey.map(() => 0), ...sizes].join(', ')}]`,
    `  line [${new Array<number>(categories.length).fill(limit).join(', ')}]`,
    '~~~',
  ];
  const caption = [
    `${codeSpan(file.path)} ${lineRange(span)}: the ${before === null ? 'new ' : ''}${noun} is ${formatNumber(whole)} ${unit}, over \`max\` ${formatNumber(limit)}, so it is cut into ${plural(parts, 'piece')}`,
    `grey = ${before === null ? '' : `the chunk it was on the base branch (${formatNumber(before)} ${unit}) and `}the ${noun} whole`,
    'blue = its pieces',
    `red line = \`max\` ${formatNumber(limit)} ${unit}`,
  ].join(' · ');
  return `${lines.join('\n')}\n\n<sub>${caption}</sub>`;
}

/** Whether a file chart says something: a regressed chunk of the file (not a split's piece) has a size problem, or is over `max`. */
function sizeMatters(file: DocDiff, items: readonly ReportItem[]): boolean {
  const max = file.head?.chunking.max ?? Infinity;
  const unit = file.head?.chunking.unit ?? 'tokens';
  return items.some(
    (item) =>
      item.type === 'regression' &&
      item.bucket !== 'base' &&
      (item.regression.newTags.some((tag) => SIZE_TAGS.includes(tag)) || sizeOf(item.regression.head, unit) > max),
  );
}

/**
 * The chart blocks for a comment, for files with regressed chunks, in the given order (pass worst
 * first), at most `limit`: a chart where it shows the problem, none where it says nothing. Each
 * split table or code block this change breaks or is worth a look at gets its {@link splitChart}
 * (its pieces, the block whole and `max`: every piece is under `max`, so a file chart would show
 * bars that look fine); a file with a regressed chunk whose size is its problem (a new
 * `oversize-chunk`, `tiny-chunk` or `empty-chunk`, or a chunk over `max`) gets its
 * {@link chunkSizeChart}; any other regression (lost text, a score drop on a metric) gets no chart.
 */
export function chunkSizeCharts(files: readonly DocDiff[], options: ChartOptions = {}): string[] {
  const charts: string[] = [];
  const limit = options.limit ?? 3;
  for (const file of files) {
    if (file.regressions.length === 0) continue;
    const items = fileItems(file);
    for (const item of items) {
      if (item.type !== 'split' || item.bucket === 'base' || charts.length >= limit) continue;
      const chart = splitChart(item);
      if (chart) charts.push(chart);
    }
    if (charts.length >= limit) break;
    if (!sizeMatters(file, items)) continue;
    const chart = chunkSizeChart(file, options);
    if (chart) charts.push(chart);
  }
  return charts;
}
