import type { Report } from '../types.js';
import type { CommentContext } from './context.js';
import { retrievalSection } from './retrieval.js';
import { excerptBlock } from './details.js';
import { judgeNote } from './judge-notes.js';
import { neutralizeMarker } from './escape.js';
import { failureList } from './failure-list.js';
import { filesTable } from './files-table.js';
import { fitCount } from './fit.js';
import { chunkMapLine } from './html/link.js';
import { plural } from './format.js';
import { configNote, verdictLine } from './headline.js';
import { costLine, footer, noticesBlock } from './notices.js';
import { orderFiles, regressionEntries } from './order.js';
import { CHARTS_HEADING, chunkSizeCharts } from './mermaid.js';
import { uncheckedSection } from './unchecked.js';
import { REGRESSION_TABLE_HEADER, regressionRow } from './regression-table.js';

/** Re-exported so the shells import the renderer and its context from one place. */
export type { CommentContext } from './context.js';

/** The hidden marker on the first line, by which the shell finds and updates its one comment. */
export const COMMENT_MARKER = '<!-- chunkgate -->';

/** Title line under the marker. */
export const COMMENT_TITLE = '## 🧩 chunkgate — RAG chunk quality';

/** Files and threshold failures listed in a comment before pointing at the job summary. */
const LIST_LIMIT = 50;

/** The parts of a comment body; {@link assemble} joins a chosen number of rows and excerpts. */
interface Parts {
  top: string[];
  rows: string[];
  excerpts: string[];
  /** Mermaid chart blocks (shown under {@link CHARTS_HEADING}). */
  charts: string[];
  bottom: string[];
}

function moreLine(count: number): string {
  return `… ${plural(count, 'more regressed chunk')}: see the full report in the job summary`;
}

/** Body text with the first `rows` regression rows, the first `charts` charts and the first `excerpts` excerpts. */
function assemble(parts: Parts, rows: number, excerpts: number, charts = 0): string {
  const blocks = [...parts.top];
  if (parts.rows.length > 0) {
    const table = rows > 0 ? ['### ▼ Regressed chunks', REGRESSION_TABLE_HEADER, ...parts.rows.slice(0, rows)].join('\n') : '### ▼ Regressed chunks';
    blocks.push(rows < parts.rows.length ? `${table}\n\n${moreLine(parts.rows.length - rows)}` : table);
  }
  if (charts > 0) blocks.push([CHARTS_HEADING, ...parts.charts.slice(0, charts)].join('\n\n'));
  blocks.push(...parts.excerpts.slice(0, excerpts), ...parts.bottom);
  // Repository text cannot reproduce the marker (escapers neutralise it); this guard keeps it unique whatever happens upstream.
  return `${COMMENT_MARKER}\n${neutralizeMarker(blocks.join('\n\n'))}\n`;
}

/** The shortest body that still says everything essential, for when even the tables do not fit. */
function minimal(report: Report, context: CommentContext): string {
  const blocks = [
    COMMENT_TITLE,
    verdictLine(report, context),
    'The findings are too long for a comment: see the full report in the job summary.',
    footer(context),
  ];
  return `${COMMENT_MARKER}\n${neutralizeMarker(blocks.join('\n\n'))}\n`;
}

/**
 * Renders the sticky PR comment (SPEC §8): marker, title, verdict line, config note, files table
 * (base → head, ▲/▼, ❌ on failing scores), threshold failures, regressed chunks table, with
 * `context.charts` the Mermaid chunk-size charts ({@link chunkSizeCharts}), one collapsed excerpt
 * per regressed chunk, notices, cost line, the chunk-map link (with `context.artifactUrl`), footer.
 *
 * Length rule: the body stays under `context.maxLength` (default: `65536`). When it would not,
 * trailing charts go first, then excerpts (trailing ones first), then trailing regression rows, replaced by
 * "… N more regressed chunks: see the full report in the job summary"; only whole rows and
 * whole `<details>` blocks are dropped, so fences and tags stay balanced. Files and failures
 * are listed up to 50 each; if the rest still does not fit, a minimal body points at the summary.
 */
export function renderComment(report: Report, context: CommentContext): string {
  const maxLength = context.maxLength ?? 65_536;
  const files = orderFiles(report.files);
  const entries = regressionEntries(files);
  // A golden set's retrieval limits are the primary gate: its table leads, under the verdict (issue 12).
  const top = [COMMENT_TITLE, verdictLine(report, context), configNote(context), retrievalSection(report.retrieval)];
  if (files.length > 0) top.push(filesTable(files, { limit: LIST_LIMIT }));
  top.push(uncheckedSection(files, { limit: LIST_LIMIT }));
  top.push(failureList(files, { limit: LIST_LIMIT }));
  const parts: Parts = {
    top: top.filter((block): block is string => block !== null),
    rows: entries.map(regressionRow),
    // The LLM judge's words (issue 15) ride in each regressed chunk's excerpt block: the one call site.
    excerpts: entries.map((entry) => {
      const note = judgeNote(entry.regression.head);
      return excerptBlock(entry, note ? { body: note } : {});
    }),
    charts: context.charts ? chunkSizeCharts(files) : [],
    bottom: [noticesBlock(report, context), costLine(report.summary.cost), chunkMapLine(context), footer(context)].filter(
      (block): block is string => block !== null,
    ),
  };

  const budget = maxLength - 1;
  // Charts are the first to go: they only restate sizes the table and the chunk map already give.
  const everything = assemble(parts, parts.rows.length, parts.excerpts.length, parts.charts.length);
  if (everything.length <= budget) return everything;
  const noCharts = assemble(parts, parts.rows.length, parts.excerpts.length, 0);
  if (parts.charts.length > 0 && noCharts.length <= budget) {
    const costs = parts.charts.map((chart, index) => chart.length + 2 + (index === 0 ? CHARTS_HEADING.length + 2 : 0));
    return assemble(parts, parts.rows.length, parts.excerpts.length, fitCount(costs, budget - noCharts.length));
  }
  const allRows = assemble(parts, parts.rows.length, 0);
  let body: string;
  if (allRows.length <= budget) {
    const excerpts = fitCount(parts.excerpts.map((block) => block.length + 2), budget - allRows.length);
    body = assemble(parts, parts.rows.length, excerpts);
  } else {
    // Worst case for the fixed part: no rows, but the header and the longest "N more" line.
    const fixed = assemble(parts, 0, 0).length + REGRESSION_TABLE_HEADER.length + 1;
    const rows = fitCount(parts.rows.map((row) => row.length + 1), budget - fixed);
    body = assemble(parts, rows, 0);
  }
  return body.length <= budget ? body : minimal(report, context);
}
