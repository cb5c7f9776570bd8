import type { DocDiff, EvaluatedChunk } from '../types.js';
import { codeSpan } from './escape.js';
import { formatNumber, plural } from './format.js';

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

/**
 * Chart columns pairing base and head chunks the way the comparison aligned them (`file.alignment`):
 * head chunks in order, each with the size of the base chunk it replaces (`0` for a new chunk);
 * a base chunk nothing replaced gets a column of its own (head `0`) just before the first head
 * chunk aligned past it, or at the end. Without an alignment, chunks pair by position.
 */
export function chartColumns(file: DocDiff, unit: 'tokens' | 'chars'): { head: number; base: number }[] {
  const heads = file.head?.chunks ?? [];
  const bases = file.base?.chunks ?? [];
  if (!file.alignment || file.alignment.length !== heads.length) {
    return Array.from({ length: Math.max(heads.length, bases.length) }, (_, index) => ({
      head: heads[index] ? sizeOf(heads[index], unit) : 0,
      base: bases[index] ? sizeOf(bases[index], unit) : 0,
    }));
  }
  const used = new Set(file.alignment.filter((index): index is number => index !== null));
  const columns: { head: number; base: number }[] = [];
  let next = 0;
  const flushUpTo = (limit: number) => {
    for (; next < limit; next += 1) if (!used.has(next)) columns.push({ head: 0, base: sizeOf(bases[next]!, unit) });
  };
  heads.forEach((chunk, index) => {
    const base = file.alignment![index] ?? null;
    if (base === null) {
      columns.push({ head: sizeOf(chunk, unit), base: 0 });
      return;
    }
    flushUpTo(base);
    next = Math.max(next, base + 1);
    columns.push({ head: sizeOf(chunk, unit), base: sizeOf(bases[base]!, unit) });
  });
  flushUpTo(bases.length);
  return columns;
}

/**
 * One file's chunk sizes as a Mermaid `xychart-beta` (GitHub renders it natively): one column per
 * aligned pair of chunks ({@link chartColumns}: a head chunk and the base chunk it replaced, so a
 * chunk inserted at the top does not shift every later comparison); bars = head sizes, a grey
 * line = base sizes (`0` where a side has no chunk), and a red line at `max` when some chunk
 * reaches half of it. Sizes are in the file's unit. A caption line under the fence says which
 * series is which. The fence is `~~~` like every fence of the comment (GitHub draws any `mermaid`
 * code block); the body can hold no `~`, so it cannot close early.
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
  const lines = [
    '~~~mermaid',
    '---',
    'config:',
    '  xyChart:',
    '    width: 640',
    '    height: 260',
    '  themeVariables:',
    '    xyChart:',
    `      plotColorPalette: "${PALETTE}"`,
    '---',
    'xychart-beta',
    `  title "${mermaidText(file.path)}"`,
    `  x-axis "chunk" [${Array.from({ length: count }, (_, index) => `"${index + 1}"`).join(', ')}]`,
    `  y-axis "${unit}" 0 --> ${top}`,
    `  bar [${columns.map((column) => column.head).join(', ')}]`,
    `  line [${columns.map((column) => column.base).join(', ')}]`,
    ...(showMax ? [`  line [${new Array<number>(count).fill(limit).join(', ')}]`] : []),
    '~~~',
  ];
  const caption = [
    `${codeSpan(file.path)}: bars = head (${plural(headSizes.length, 'chunk')})`,
    `grey line = base (${plural(baseSizes.length, 'chunk')}), paired by alignment`,
    ...(showMax ? [`red line = \`max\` ${formatNumber(limit)} ${unit}`] : []),
  ].join(' · ');
  return `${lines.join('\n')}\n\n<sub>${caption}</sub>`;
}

/**
 * The chart blocks for a comment: one {@link chunkSizeChart} per file with regressed chunks, in
 * the given order (pass worst first), skipping files without a useful chart, at most `limit`.
 */
export function chunkSizeCharts(files: readonly DocDiff[], options: ChartOptions = {}): string[] {
  const charts: string[] = [];
  for (const file of files) {
    if (charts.length >= (options.limit ?? 3)) break;
    if (file.regressions.length === 0) continue;
    const chart = chunkSizeChart(file, options);
    if (chart) charts.push(chart);
  }
  return charts;
}
