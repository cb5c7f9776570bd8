import type { DocDiff, DocEval } from '../../types.js';
import { describeChunking } from '../format.js';
import { orderFiles, regressionEntries } from '../order.js';
import { chunkDetail } from './chunk-detail.js';
import { escapeText } from './escape.js';
import { sectionHistogram } from './histogram.js';
import { countsLine, failureItems, fileList, passageItems, regressionList, scoreChange } from './overview.js';
import { CONTENT_SECURITY_POLICY, SCRIPT } from './script.js';
import { chunkId, sourceView } from './source-view.js';
import { STYLE } from './style.js';
import type { FileSources, HtmlReportInput, SideSource } from './types.js';

export type { FileSources, HtmlReportInput } from './types.js';
export { GRADE_COLORS } from './style.js';

/** One side's column: header, the source view with its bands, and the hidden chunk details. */
function sideColumn(file: DocDiff, index: number, side: 'base' | 'head', source: SideSource | null): string {
  const doc: DocEval | undefined = file[side];
  const label = side === 'base' ? `base${file.previousPath ? ` · ${file.previousPath}` : ''}` : 'head';
  if (!doc) return `<section class="side ${side}"><header>${escapeText(label)}</header><p class="empty muted">No ${side} side (${file.status}).</p></section>`;
  const prefix = `f${index}-${side}`;
  const regressions = new Map(
    side === 'head'
      ? file.regressions.map((regression) => [regression.head.index, regression])
      : file.regressions.flatMap((regression) => (regression.base ? [[regression.base.index, regression] as const] : [])),
  );
  const details = doc.chunks.map((chunk) =>
    chunkDetail({
      id: chunkId(prefix, chunk.index),
      path: file.path,
      side,
      chunk,
      count: doc.chunks.length,
      ...(side === 'head' && regressions.has(chunk.index) ? { regression: regressions.get(chunk.index)! } : {}),
    }),
  );
  return [
    `<section class="side ${side}" data-chunks="${doc.chunks.length}"><header>${escapeText(label)} · ${doc.chunks.length} chunks · overall ${Math.round(doc.scores.overall)}</header>`,
    sourceView({ prefix, doc, text: source?.text ?? null, regressed: side === 'head' ? new Set(regressions.keys()) : new Set() }),
    ...details,
    '</section>',
  ].join('\n');
}

/** One file's section: path, status, scores, failures, histogram, then base | head side by side. */
function fileSection(file: DocDiff, index: number, sources: FileSources | undefined): string {
  const chunking = (file.head ?? file.base)?.chunking;
  const histogram = sources
    ? sectionHistogram({ base: sources.base?.sections ?? null, head: sources.head?.sections ?? null, unit: chunking?.unit ?? 'tokens' })
    : null;
  return [
    `<section class="file" id="f${index}" data-path="${escapeText(file.path)}">`,
    `<h2><code>${escapeText(file.path)}</code> <span class="muted">${file.status}</span></h2>`,
    '<div class="file-head"><div>',
    `<p>Overall ${scoreChange(file, 'overall')} · structural ${scoreChange(file, 'structural')} · content ${scoreChange(file, 'content')}</p>`,
    chunking ? `<p class="muted">${escapeText(describeChunking(chunking))}</p>` : '',
    failureItems(file),
    passageItems([file], new Map([[file, index]])),
    '</div>',
    histogram ?? '',
    '</div>',
    '<div class="sides">',
    sideColumn(file, index, 'base', sources?.base ?? null),
    sideColumn(file, index, 'head', sources?.head ?? null),
    '</div>',
    '</section>',
  ].join('\n');
}

/** The "Passages harder to find" heading and list, when the retrieval probes found any. */
function passagesBlock(files: readonly DocDiff[], fileIndex: ReadonlyMap<DocDiff, number>): string[] {
  const list = passageItems(files, fileIndex);
  const count = files.reduce((sum, file) => sum + file.findings.filter((finding) => finding.kind === 'retrieval-regression').length, 0);
  return list === '' ? [] : [`<h2 id="passages">Passages harder to find (${count})</h2>`, list];
}

/** The shell's notices as a list under the title; nothing when there are none. */
function noticesBlock(notices: readonly string[]): string[] {
  if (notices.length === 0) return [];
  return ['<ul class="muted">', ...notices.map((notice) => `<li>ℹ️ ${escapeText(notice)}</li>`), '</ul>'];
}

/**
 * Renders the report as one self-contained HTML page (inline CSS and script, no network, a
 * Content-Security-Policy that lets nothing else run or load): verdict and counts; the regressed
 * chunks, each linking to its band; the file list with score deltas; then per file the
 * section-length histogram and a base | head view of the source with one band per chunk
 * (coloured by grade, outlined when regressed), boundary markers and issue badges on the text,
 * and a side panel with a clicked chunk's metrics, tokens and heading path.
 *
 * Pure and deterministic: same input → same bytes. Every repository text is escaped.
 */
export function renderHtmlReport(input: HtmlReportInput): string {
  const { report } = input;
  const files = orderFiles(report.files);
  const fileIndex = new Map(files.map((file, index) => [file, index]));
  const sourcesOf = new Map((input.sources ?? []).map((sources) => [sources.path, sources]));
  const entries = regressionEntries(files);
  const { summary } = report;
  const title = input.title ?? 'chunkgate report';
  // An audit has one commit and no base: name just that commit.
  const commits = input.baseSha
    ? `<p class="muted">base <code>${escapeText(input.baseSha.slice(0, 7))}</code> → head <code>${escapeText((input.headSha ?? '?').slice(0, 7))}</code></p>`
    : input.headSha
      ? `<p class="muted">commit <code>${escapeText(input.headSha.slice(0, 7))}</code></p>`
      : '';
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeText(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${escapeText(title)}</h1>`,
    `<p class="verdict-${summary.verdict}">${escapeText(countsLine(report, input.baseSha !== undefined || report.files.some((file) => file.base !== undefined)))}${summary.partial ? ' · partial run' : ''}</p>`,
    commits,
    ...noticesBlock(input.notices ?? []),
    `<p class="muted">chunkgate ${escapeText(report.version)} · ${escapeText(report.scorer)} scorer · click a band or a numbered marker for the chunk's details</p>`,
    ...passagesBlock(files, fileIndex),
    `<h2 id="regressions">Regressed chunks (${entries.length})</h2>`,
    regressionList(entries, fileIndex),
    `<h2 id="files">Files (${files.length})</h2>`,
    files.length > 0 ? fileList(files) : '<p class="muted">No changed Markdown files.</p>',
    ...files.map((file, index) => fileSection(file, index, sourcesOf.get(file.path))),
    '</main>',
    '<aside id="panel"><h2>Chunk</h2><div id="panel-body"><p class="muted">Click a band or a marker to see a chunk\'s metrics.</p></div></aside>',
    `<script>${SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
