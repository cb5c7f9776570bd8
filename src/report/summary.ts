import type { Report } from '../types.js';
import type { CommentContext } from './context.js';
import { neutralizeMarker } from './escape.js';
import { fitCount } from './fit.js';
import { plural } from './format.js';
import { configNote, verdictLine } from './headline.js';
import { chunkMapLine } from './html/link.js';
import { reportItems } from './items.js';
import { costLine, footer, noticesBlock } from './notices.js';
import { orderFiles } from './order.js';
import { retrievalSection } from './retrieval.js';
import { BREAKS_HEADING, BREAKS_TABLE_HEADER, breaksRow } from './sections.js';

/** Longest brief, in characters: a job summary or a check-run summary is read at a glance. */
export const BRIEF_LIMIT = 16_000;

/** Rows of "What this PR breaks" shown at most before a pointer to the rest. */
const ROW_LIMIT = 30;

/** Golden-set queries shown at most in a brief. */
const QUERY_LIMIT = 10;

/** Options of {@link renderBrief}. */
export interface BriefOptions {
  /** Start with the `## 🧩 chunkgate` title (default: `true`; a check run has a title of its own). */
  title?: boolean;
  /** End with the links to the HTML chunk map and the artifact (default: `true`; the job summary has them). */
  links?: boolean;
  /** Where the rows that do not fit are (default: the HTML chunk map and `report.json`, in the report artifact). */
  rest?: string;
}

/**
 * A short report: the verdict line (the same words and counts as the comment),
 * the config note, the golden-set table, "What this PR breaks" (at most 30 rows, one per item:
 * the pieces of a split are one), one line counting what is worth a look or already on the base
 * branch, notices, the cost line, and — with `links` — the HTML chunk map and the artifact; then
 * the footer. Everything else (the pieces, excerpts, every metric) is in the comment, the HTML
 * chunk map and the JSON report. At most `context.maxLength` characters (default:
 * {@link BRIEF_LIMIT}): trailing rows give way first, replaced by a pointer.
 */
export function renderBrief(report: Report, context: CommentContext, options: BriefOptions = {}): string {
  const budget = Math.min(context.maxLength ?? BRIEF_LIMIT, BRIEF_LIMIT) - 1;
  const items = reportItems(orderFiles(report.files));
  const breaks = items.filter((item) => item.bucket === 'breaks');
  const rows = breaks.map(breaksRow);
  const worth = items.filter((item) => item.bucket === 'worth').length;
  const base = items.filter((item) => item.bucket === 'base').length;
  const rest = options.rest ?? 'the HTML chunk map and `report.json` (report artifact)';
  // A pass says these in its verdict line already.
  const quiet =
    report.summary.verdict === 'fail' && worth + base > 0
      ? `Also found, not gating: ${[worth > 0 ? `${worth} worth a look` : null, base > 0 ? `${base} already on the base branch` : null].filter(Boolean).join(', ')} (listed in the PR comment and \`report.json\`).`
      : null;
  const top = [
    options.title === false ? null : '## 🧩 chunkgate',
    verdictLine(report, context),
    configNote(context),
    retrievalSection(report.retrieval, { limit: QUERY_LIMIT }),
  ].filter((block): block is string => block !== null);
  const bottom = [quiet, noticesBlock(report, context), costLine(report.summary.cost), options.links === false ? null : linksBlock(context), footer(context, { pointer: false })].filter(
    (block): block is string => block !== null,
  );
  const render = (shown: number): string => {
    const blocks = [...top];
    if (rows.length > 0) {
      let table = [BREAKS_HEADING, BREAKS_TABLE_HEADER, ...rows.slice(0, shown)].join('\n');
      if (shown < rows.length) table += `\n\n… ${plural(rows.length - shown, 'more item')}: see ${rest}`;
      blocks.push(table);
    }
    blocks.push(...bottom);
    return `${neutralizeMarker(blocks.join('\n\n'))}\n`;
  };
  const wanted = Math.min(rows.length, ROW_LIMIT);
  const body = render(wanted);
  if (body.length <= budget) return body;
  const fixed = render(0).length + BREAKS_TABLE_HEADER.length + BREAKS_HEADING.length + 80;
  return render(fitCount(rows.slice(0, wanted).map((row) => row.length + 1), budget - fixed));
}

/** The link to the HTML chunk map in the report artifact; `null` without a download URL (the footer names the artifact). */
function linksBlock(context: CommentContext): string | null {
  const map = chunkMapLine(context);
  return map ? `${map} (\`report.html\`; every score and finding in \`report.json\`)` : null;
}

/**
 * The job summary: the brief ({@link renderBrief}) with its title and the links to the HTML chunk
 * map and the artifact. Short on purpose: the comment lists every item, the chunk map shows every
 * chunk, the JSON report holds every metric.
 */
export function renderSummary(report: Report, context: CommentContext): string {
  return renderBrief(report, context);
}
