import { lastAtOrBefore } from '../../markdown/lines.js';
import type { DocEval, EvaluatedChunk } from '../../types.js';
import { chunkTitle, formatNumber, formatScore, lineRange } from '../format.js';
import { escapeText } from './escape.js';

/** One side (base or head) of a file, as {@link sourceView} draws it. */
export interface SideViewInput {
  /** Id prefix of the side's chunks, e.g. `f0-head`; a chunk's id is `<prefix>-c<index>`. */
  prefix: string;
  doc: DocEval;
  /** The source text; `null` rebuilds the lines from the chunk texts. */
  text: string | null;
  /** Indexes of the chunks to highlight as regressed. */
  regressed: ReadonlySet<number>;
}

/** A boundary marker placed at a column of a source line. */
interface Marker {
  line: number;
  column: number;
  /** Ends sort before starts at the same column. */
  order: 0 | 1;
  html: string;
}

/** The element id of chunk `index` on a side. */
export function chunkId(prefix: string, index: number): string {
  return `${prefix}-c${index}`;
}

/** The issue tags of a chunk as badges, one per tag, coloured by its most severe issue. */
export function tagBadges(chunk: EvaluatedChunk): string {
  const seen = new Map<string, string>();
  const rank = { high: 0, medium: 1, low: 2 } as const;
  for (const issue of [...chunk.issues].sort((a, b) => rank[a.severity] - rank[b.severity])) {
    if (!seen.has(issue.tag)) seen.set(issue.tag, issue.severity);
  }
  return [...seen].map(([tag, severity]) => `<span class="tag sev-${severity}">${escapeText(tag)}</span>`).join('');
}

/** The band's tooltip: number, lines, size, score and grade, heading path, tags. */
function tooltip(chunk: EvaluatedChunk, count: number): string {
  const tags = [...new Set(chunk.issues.map((issue) => issue.tag))].join(', ');
  return [
    `chunk ${chunk.index + 1}/${count}`,
    lineRange(chunk),
    `${formatNumber(chunk.tokens)} tokens`,
    `${formatScore(chunk.score)} ${chunk.grade}`,
    chunkTitle(chunk),
    ...(tags ? [tags] : []),
  ].join(' · ');
}

/**
 * Lanes for the bands: chunks in line order, each in the first lane whose last band ends on an
 * earlier line, so overlapping or line-sharing neighbours sit side by side. Returns the lane
 * per chunk (by position in `chunks`) and the lane count (at least 1).
 */
export function assignLanes(chunks: readonly Pick<EvaluatedChunk, 'startLine' | 'endLine'>[]): { lanes: number[]; count: number } {
  const order = chunks.map((_, index) => index).sort((a, b) => chunks[a]!.startLine - chunks[b]!.startLine || a - b);
  const lastLine: number[] = [];
  const lanes: number[] = new Array<number>(chunks.length).fill(0);
  for (const index of order) {
    const chunk = chunks[index]!;
    let lane = lastLine.findIndex((end) => end < chunk.startLine);
    if (lane === -1) lane = lastLine.length;
    lastLine[lane] = chunk.endLine;
    lanes[index] = lane;
  }
  return { lanes, count: Math.max(1, lastLine.length) };
}

/** Source lines rebuilt from chunk texts, each chunk's lines laid from its `startLine`. */
function linesFromChunks(chunks: readonly EvaluatedChunk[]): string[] {
  const lines: (string | undefined)[] = [];
  for (const chunk of chunks) {
    chunk.text.split('\n').forEach((line, offset) => {
      const at = chunk.startLine - 1 + offset;
      if (lines[at] === undefined) lines[at] = line;
    });
  }
  return Array.from({ length: lines.length }, (_, index) => lines[index] ?? '');
}

/** The 0-based line holding `offset` (binary search over line starts). */
function lineOf(lineStarts: readonly number[], offset: number): number {
  return lastAtOrBefore(lineStarts, offset);
}

/**
 * One side of a file as a grid: line numbers, one coloured band per chunk spanning its lines
 * (colour by grade, outlined when regressed; `title` is the tooltip), and the source text with
 * a numbered marker and the issue badges where each chunk starts and a thin bar where it ends.
 * Every text is escaped; the bands are `div`s with `data-ref` (the page script shows details).
 */
export function sourceView(input: SideViewInput): string {
  const { prefix, doc, text, regressed } = input;
  const chunks = doc.chunks;
  const lines = text === null ? linesFromChunks(chunks) : text.split('\n');
  const lineStarts: number[] = [];
  let start = 0;
  for (const line of lines) {
    lineStarts.push(start);
    start += line.length + 1;
  }
  const markers: Marker[] = [];
  for (const chunk of chunks) {
    const id = chunkId(prefix, chunk.index);
    const open = `<span class="cut g-${chunk.grade}" data-ref="${id}" title="chunk ${chunk.index + 1} starts">${chunk.index + 1}</span>${tagBadges(chunk)}`;
    const close = `<span class="end" title="chunk ${chunk.index + 1} ends"></span>`;
    if (text === null) {
      const first = Math.max(0, chunk.startLine - 1);
      const last = Math.max(first, chunk.endLine - 1);
      markers.push({ line: first, column: 0, order: 1, html: open });
      markers.push({ line: last, column: lines[last]?.length ?? 0, order: 0, html: close });
    } else {
      const from = Math.min(Math.max(0, chunk.startOffset), text.length);
      const to = Math.min(Math.max(from, chunk.endOffset), text.length);
      const fromLine = lineOf(lineStarts, from);
      const toLine = lineOf(lineStarts, Math.max(from, to - 1));
      markers.push({ line: fromLine, column: from - lineStarts[fromLine]!, order: 1, html: open });
      markers.push({ line: toLine, column: Math.min(to - lineStarts[toLine]!, lines[toLine]!.length), order: 0, html: close });
    }
  }
  const byLine = new Map<number, Marker[]>();
  for (const marker of markers) byLine.set(marker.line, [...(byLine.get(marker.line) ?? []), marker]);

  const { lanes, count } = assignLanes(chunks);
  const textColumn = count + 2;
  const out: string[] = [`<div class="src" style="grid-template-columns: 3.2em repeat(${count}, 10px) 1fr">`];
  chunks.forEach((chunk, position) => {
    const id = chunkId(prefix, chunk.index);
    const classes = `band g-${chunk.grade}${regressed.has(chunk.index) ? ' reg' : ''}`;
    const rows = `${chunk.startLine} / ${Math.max(chunk.startLine, chunk.endLine) + 1}`;
    out.push(
      `<div class="${classes}" id="${id}" data-ref="${id}" data-grade="${chunk.grade}" tabindex="0" role="button" title="${escapeText(tooltip(chunk, chunks.length))}" style="grid-row: ${rows}; grid-column: ${lanes[position]! + 2}"></div>`,
    );
  });
  lines.forEach((line, index) => {
    const row = index + 1;
    const placed = (byLine.get(index) ?? []).sort((a, b) => a.column - b.column || a.order - b.order);
    let html = '';
    let column = 0;
    for (const marker of placed) {
      html += escapeText(line.slice(column, marker.column)) + marker.html;
      column = Math.max(column, marker.column);
    }
    html += escapeText(line.slice(column));
    out.push(`<span class="n" style="grid-row: ${row}; grid-column: 1">${row}</span><span class="t" style="grid-row: ${row}; grid-column: ${textColumn}">${html}</span>`);
  });
  out.push('</div>');
  return out.join('\n');
}
