import type { DocDiff, Report } from '../types.js';
import type { CommentContext } from './context.js';
import { probesSection } from './probes.js';
import { retrievalSection } from './retrieval.js';
import { excerptBlock } from './details.js';
import { judgeNote } from './judge-notes.js';
import { neutralizeMarker } from './escape.js';
import { filesTable } from './files-table.js';
import { fitCount } from './fit.js';
import { chunkMapLine } from './html/link.js';
import { plural } from './format.js';
import { quickChecksDetails } from './quick-checks.js';
import { configNote, verdictLine } from './headline.js';
import { reportItems, type ReportItem } from './items.js';
import { costLine, footer, noticesBlock } from './notices.js';
import { orderFiles } from './order.js';
import { CHARTS_HEADING, chunkSizeCharts } from './mermaid.js';
import { BREAKS_HEADING, BREAKS_TABLE_HEADER, baseSection, breaksRow, itemLine, piecesBlock, worthSection } from './sections.js';

/** Re-exported so the shells import the renderer and its context from one place. */
export type { CommentContext } from './context.js';

/** The hidden marker on the first line, by which the shell finds and updates its one comment. */
export const COMMENT_MARKER = '<!-- chunkgate -->';

/** Title line under the marker. */
export const COMMENT_TITLE = '## 🧩 chunkgate — RAG chunk quality';

/** "Worth a look" and "Already on the base branch" lines, and score rows, listed before pointing at the job summary. */
const LIST_LIMIT = 50;

/**
 * Blocks shown under the "What this PR breaks" table, per item, in this order: the pieces of a
 * split table or code block, the collapsed text of any other regressed chunk. The LLM judge's
 * words (src/report/judge-notes.ts) join this list the same way: any `(item) => string | null`
 * renderer fits.
 */
const ITEM_DETAILS: readonly ((item: ReportItem) => string | null)[] = [
  piecesBlock,
  // The LLM judge's words on each piece of a split block, one line a piece.
  (item) => {
    if (item.type !== 'split') return null;
    const notes = item.regressions.flatMap((regression) => {
      const note = judgeNote(regression.head);
      const { part, parts } = regression.head.split ?? { part: 0, parts: 0 };
      return note ? [`- piece ${part}/${parts} L${regression.head.startLine}–L${regression.head.endLine}: ${note}`] : [];
    });
    return notes.length > 0 ? notes.join('\n') : null;
  },
  (item) => {
    if (item.type !== 'regression') return null;
    // The LLM judge's words (when it scored the chunk) head the excerpt block.
    const note = judgeNote(item.regression.head);
    return excerptBlock({ file: item.file, regression: item.regression }, note ? { body: note } : {});
  },
];

/** A "worth a look" line, with the LLM judge's words on the chunk as a nested line when it scored it. */
function worthLine(item: ReportItem): string {
  const line = itemLine(item);
  const note = item.type === 'regression' ? judgeNote(item.regression.head) : null;
  return note ? `${line}\n  - ${note}` : line;
}

/** The parts of a comment body; {@link assemble} joins a chosen number of each. */
interface Parts {
  top: string[];
  rows: string[];
  details: string[];
  charts: string[];
  worth: string[];
  base: string[];
  /** The collapsed scores table of files whose shown scores moved (`null`: none). */
  scores: string | null;
  bottom: string[];
}

/** How many of each part {@link assemble} keeps. */
interface Counts {
  rows: number;
  details: number;
  charts: number;
  worth: number;
  base: number;
  scores: boolean;
}

/** Body text with the chosen number of each part; dropped rows and lines are pointed at the job summary. */
function assemble(parts: Parts, counts: Counts): string {
  const blocks = [...parts.top];
  if (parts.rows.length > 0) {
    const more = parts.rows.length - counts.rows;
    const table = counts.rows > 0 ? [BREAKS_HEADING, BREAKS_TABLE_HEADER, ...parts.rows.slice(0, counts.rows)].join('\n') : BREAKS_HEADING;
    blocks.push(more > 0 ? `${table}\n\n… ${plural(more, 'more item')}: see report.json and the chunk map, linked from the job summary` : table);
  }
  blocks.push(...parts.details.slice(0, counts.details));
  if (counts.charts > 0) blocks.push([CHARTS_HEADING, ...parts.charts.slice(0, counts.charts)].join('\n\n'));
  const worthMore = parts.worth.length - counts.worth;
  const worth = worthSection([...parts.worth.slice(0, counts.worth), ...(worthMore > 0 ? [`- … ${plural(worthMore, 'more')}: see the job summary`] : [])]);
  if (worth) blocks.push(worth);
  const base = baseSection(parts.base.slice(0, counts.base), parts.base.length);
  if (base && counts.base > 0) blocks.push(base);
  if (counts.scores && parts.scores) blocks.push(parts.scores);
  blocks.push(...parts.bottom);
  // Repository text cannot reproduce the marker (escapers neutralise it); this guard keeps it unique whatever happens upstream.
  return `${COMMENT_MARKER}\n${neutralizeMarker(blocks.join('\n\n'))}\n`;
}

/** The shortest body that still says everything essential, for when even the tables do not fit. */
function minimal(report: Report, context: CommentContext): string {
  const blocks = [
    COMMENT_TITLE,
    verdictLine(report, context),
    'The findings are too long for a comment: see report.json and the chunk map, linked from the job summary.',
    footer(context),
  ];
  return `${COMMENT_MARKER}\n${neutralizeMarker(blocks.join('\n\n'))}\n`;
}

/**
 * The collapsed scores table of `scored` files and the quick checks of the head files (the
 * run's row and the files missing a target; dropped together when the body is too long); `null`
 * when there is neither.
 */
function scoresBlocks(scored: readonly DocDiff[], report: Report): string | null {
  const blocks = [
    scored.length > 0
      ? [`<details><summary>Scores of ${plural(scored.length, 'file')} (base → head)</summary>`, '', filesTable(scored, { limit: LIST_LIMIT }), '', '</details>'].join('\n')
      : null,
    report.quickChecks ? quickChecksDetails(report.quickChecks, { limit: LIST_LIMIT, missedOnly: true }) : null,
  ].filter((block): block is string => block !== null);
  return blocks.length > 0 ? blocks.join('\n\n') : null;
}

/** Whether a file's shown scores (whole points) are the same on both sides. */
function scoresUnchanged(file: DocDiff): boolean {
  return file.deltas
    .filter((delta) => delta.kind === 'structural' || delta.kind === 'content' || delta.kind === 'overall')
    .every((delta) => delta.baseValue !== null && delta.headValue !== null && Math.round(delta.baseValue) === Math.round(delta.headValue));
}

/**
 * Renders the sticky PR comment (examples/comment.md), verdict first:
 *
 * 1. marker, title, the verdict line in plain words ({@link verdictLine}), the config note, the
 *    golden-set retrieval section (it leads when a golden set exists);
 * 2. "❌ What this PR breaks": one row per gating item — the pieces of one split table or code
 *    block are one row — with where, what happened, before → after and what to do, then one
 *    collapsed block per split listing its pieces;
 * 3. with `context.charts`, the Mermaid chunk-size charts (base and head paired by the alignment);
 * 4. "⚠️ Worth a look (does not gate)": new or worsened items that do not gate;
 * 5. "Already on the base branch", collapsed: pre-existing items and pure renames;
 * 6. the scores of files whose shown scores moved, and the quick checks of the head files, collapsed;
 * 7. notices, cost line, chunk-map link, and the footer, which counts the changed files with
 *    nothing to report and unchanged scores in one line.
 *
 * Length rule: the body stays under `context.maxLength` (default: `65536`). When it would not,
 * charts go first, then the pieces blocks (trailing first), the scores table, trailing lines of
 * "Already on the base branch", of "Worth a look", then trailing rows, each replaced by a pointer
 * to the job summary; only whole rows and whole `<details>` blocks are dropped, so fences and
 * tags stay balanced. If even that does not fit, a minimal body points at the summary.
 */
export function renderComment(report: Report, context: CommentContext): string {
  const maxLength = context.maxLength ?? 65_536;
  const files = orderFiles(report.files);
  const items = reportItems(files);
  // Passages harder to find lead, in a table of their own (probesSection), not again among the rows.
  const breaks = items.filter((item) => item.bucket === 'breaks' && !(item.type === 'finding' && item.finding.kind === 'retrieval-regression'));
  const reported = new Set(items.map((item) => item.file));
  const quiet = files.filter((file) => !reported.has(file) && (file.status === 'modified' || file.status === 'renamed') && scoresUnchanged(file));
  // A file with no score on either side (it could not be checked) has no row to show.
  const scored = files.filter((file) => (file.base || file.head) && !quiet.includes(file) && !items.some((item) => item.file === file && item.type === 'rename'));
  const top = [COMMENT_TITLE, verdictLine(report, context), configNote(context), retrievalSection(report.retrieval), probesSection(report)];
  const parts: Parts = {
    top: top.filter((block): block is string => block !== null),
    rows: breaks.map(breaksRow),
    details: breaks.flatMap((item) => ITEM_DETAILS.map((render) => render(item)).filter((block): block is string => block !== null)),
    charts: context.charts ? chunkSizeCharts(files) : [],
    worth: items.filter((item) => item.bucket === 'worth' && !(item.type === 'finding' && item.finding.kind === 'retrieval-regression')).slice(0, LIST_LIMIT).map(worthLine),
    base: items.filter((item) => item.bucket === 'base').slice(0, LIST_LIMIT).map(itemLine),
    scores: scoresBlocks(scored, report),
    bottom: [
      noticesBlock(report, context),
      costLine(report.summary.cost),
      chunkMapLine(context),
      footer(context, quiet.length > 0 ? { unchanged: quiet.length } : {}),
    ].filter((block): block is string => block !== null),
  };

  const budget = maxLength - 1;
  const all: Counts = { rows: parts.rows.length, details: parts.details.length, charts: parts.charts.length, worth: parts.worth.length, base: parts.base.length, scores: true };
  const fits = (counts: Counts) => assemble(parts, counts).length <= budget;
  const cost = (blocks: readonly string[]) => blocks.map((block) => block.length + 2);
  if (fits(all)) return assemble(parts, all);
  // Charts go first: they only restate sizes the table and the chunk map already give.
  let counts: Counts = { ...all, charts: 0 };
  if (fits(counts)) {
    const room = budget - assemble(parts, counts).length - CHARTS_HEADING.length - 2;
    return assemble(parts, { ...counts, charts: fitCount(cost(parts.charts), room) });
  }
  counts = { ...counts, details: 0 };
  if (fits(counts)) return assemble(parts, { ...counts, details: fitCount(cost(parts.details), budget - assemble(parts, counts).length) });
  counts = { ...counts, scores: false };
  if (fits(counts)) return assemble(parts, counts);
  counts = { ...counts, base: 0 };
  if (fits(counts)) return assemble(parts, { ...counts, base: fitCount(cost(parts.base), budget - assemble(parts, counts).length - 120) });
  counts = { ...counts, worth: 0 };
  if (fits(counts)) return assemble(parts, { ...counts, worth: fitCount(cost(parts.worth), budget - assemble(parts, counts).length - 80) });
  // Worst case for the fixed part: no rows, but the table header and the longest "N more" line.
  const fixed = assemble(parts, { ...counts, rows: 0 }).length + BREAKS_TABLE_HEADER.length + 1;
  const body = assemble(parts, { ...counts, rows: fitCount(parts.rows.map((row) => row.length + 1), budget - fixed) });
  return body.length <= budget ? body : minimal(report, context);
}
