import type { Report } from '../types.js';
import type { CommentContext } from './context.js';
import { neutralizeMarker } from './escape.js';
import { retrievalSection } from './retrieval.js';
import { fileSection } from './file-section.js';
import { filesTable } from './files-table.js';
import { fitCount } from './fit.js';
import { chunkMapLine } from './html/link.js';
import { plural } from './format.js';
import { configNote, verdictLine } from './headline.js';
import { reportItems } from './items.js';
import { costLine, footer, noticesBlock } from './notices.js';
import { orderFiles } from './order.js';
import { BREAKS_HEADING, BREAKS_TABLE_HEADER, baseSection, breaksRow, itemLine, piecesBlock, worthSection } from './sections.js';

/** GitHub's job-summary limit is 1 MiB; stay a little under it in UTF-16 units. */
const SUMMARY_LIMIT = 1_000_000;

/**
 * Renders the full report for the job summary: verdict, config note, golden-set retrieval, every
 * item this change breaks (with the pieces of each split), every item worth a look, everything
 * already on the base branch, every file's scores, notices, cost, the chunk-map link (with
 * `context.artifactUrl`), then one section per file with all 14 scores and, for each regressed
 * chunk, its origin, every issue and an excerpt ({@link fileSection}).
 *
 * Length rule: at most `context.maxLength` characters (default: `1000000`). When over, the
 * excerpts go first, then trailing file sections, then trailing rows, each replaced by a line
 * pointing at the JSON report; only whole blocks are dropped.
 */
export function renderSummary(report: Report, context: CommentContext): string {
  const budget = (context.maxLength ?? SUMMARY_LIMIT) - 1;
  const files = orderFiles(report.files);
  const items = reportItems(files);
  const breaks = items.filter((item) => item.bucket === 'breaks');
  const rows = breaks.map(breaksRow);
  const top = [
    '## 🧩 chunkgate — full report',
    verdictLine(report, context),
    configNote(context),
    retrievalSection(report.retrieval, { limit: 500 }),
  ].filter((block): block is string => block !== null);
  const middle = [
    ...breaks.map(piecesBlock).filter((block): block is string => block !== null),
    worthSection(items.filter((item) => item.bucket === 'worth').map(itemLine)),
    baseSection(items.filter((item) => item.bucket === 'base').map(itemLine)),
    files.length > 0 ? filesTable(files) : null,
  ].filter((block): block is string => block !== null);
  const bottom = [noticesBlock(report, context), costLine(report.summary.cost), chunkMapLine(context)].filter((block): block is string => block !== null);
  const end = footer(context, { pointer: false });

  const render = (rowCount: number, sections: string[]): string => {
    const blocks = [...top];
    if (rows.length > 0) {
      let table = [BREAKS_HEADING, BREAKS_TABLE_HEADER, ...rows.slice(0, rowCount)].join('\n');
      if (rowCount < rows.length) table += `\n\n… ${plural(rows.length - rowCount, 'more item')}: see the JSON report`;
      blocks.push(table);
    }
    blocks.push(...middle, ...bottom, ...sections);
    if (sections.length < files.length) blocks.push(`… ${plural(files.length - sections.length, 'more file section')}: see the JSON report`);
    blocks.push(end);
    return `${neutralizeMarker(blocks.join('\n\n'))}\n`;
  };

  const full = render(rows.length, files.map((file) => fileSection(file)));
  if (full.length <= budget) return full;
  const lean = files.map((file) => fileSection(file, { excerpts: false }));
  const noSections = render(rows.length, []);
  if (noSections.length <= budget) {
    const kept = fitCount(lean.map((section) => section.length + 2), budget - noSections.length);
    return render(rows.length, lean.slice(0, kept));
  }
  const fixed = render(0, []).length;
  return render(fitCount(rows.map((row) => row.length + 1), budget - fixed), []);
}
