import type { Report } from '../types.js';
import { failOnOf, type CommentContext } from './context.js';
import { describeItem } from './describe.js';
import { verdictPhrases } from './headline.js';
import { failsCheck, reportItems, type ReportItem } from './items.js';
import { orderFiles } from './order.js';
import { ruleLinkText } from './rule-links.js';
import { renderBrief } from './summary.js';

/** A check-run annotation, in the shape the GitHub Checks API takes. */
export interface Annotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: 'failure' | 'warning' | 'notice';
  title: string;
  message: string;
}

/** The `output` of a check run. */
export interface CheckRunOutput {
  title: string;
  summary: string;
  text?: string;
  annotations: Annotation[];
}

/** GitHub's limits: summary and text 65,535 characters, annotation title 255. */
const OUTPUT_LIMIT = 65_535;
const TITLE_LIMIT = 255;
const MESSAGE_LIMIT = 4_000;

function clip(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

/** Check-run title: `chunkgate passes`, `chunkgate fails: 1 code block split, 1 file score drop`. */
function title(report: Report, context: CommentContext): string {
  const { summary } = report;
  if (summary.files === 0) return 'chunkgate: no Markdown files to check';
  const phrases = verdictPhrases(report, context);
  const text = summary.verdict === 'fail' ? `chunkgate fails: ${phrases.failing || 'see the summary'}` : `chunkgate passes: ${phrases.found}`;
  return clip(text.replace(/`/g, ''), TITLE_LIMIT);
}

/** The lines an item is anchored to (line 1 for a file-level item). */
function linesOf(item: ReportItem): { start: number; end: number } {
  switch (item.type) {
    case 'split':
      return { start: item.pieces[0]!.startLine, end: item.pieces.at(-1)!.endLine };
    case 'regression':
      return { start: item.regression.head.startLine, end: Math.max(item.regression.head.startLine, item.regression.head.endLine) };
    case 'finding':
      return { start: item.finding.line ?? 1, end: Math.max(item.finding.line ?? 1, item.finding.endLine ?? item.finding.line ?? 1) };
    default:
      return { start: 1, end: 1 };
  }
}

/**
 * The check run's output: title (the verdict's counts, as the comment says them), a short summary
 * — the verdict and the table of what the change breaks ({@link renderBrief}, without the links
 * the job summary adds) — and annotations.
 *
 * Annotations (plain text; GitHub does not render Markdown in them), one per item on the head
 * side (file-level items on line 1): `failure` for a gating item that fails the check under
 * `failOn`, `warning` for a gating item outside `failOn`, `notice` for an item worth a look;
 * items already on the base branch get none, nor do removed files (their path is gone). A
 * `notice` at line 1 marks each file whose LLM judging was partial. Send them in {@link batches} of 50.
 */
export function checkRunOutput(report: Report, context: CommentContext): CheckRunOutput {
  const failOn = failOnOf(report, context);
  const files = orderFiles(report.files);
  const annotations: Annotation[] = [];
  // A file that could not be checked comes first: nothing else in it was looked at.
  const unchecked = (item: ReportItem) => item.type === 'finding' && item.finding.kind === 'unchecked';
  const items = reportItems(files);
  for (const item of [...items.filter(unchecked), ...items.filter((item) => !unchecked(item))]) {
    // An unchecked file has no head, but its finding still gets an annotation (line 1); a removed page has no lines to point at.
    if ((!item.file.head && !(unchecked(item) && item.file.status !== 'removed')) || item.bucket === 'base') continue;
    const text = describeItem(item);
    const { start, end } = linesOf(item);
    const level = item.bucket === 'worth' ? 'notice' : failsCheck(item, failOn) ? 'failure' : 'warning';
    const where = text.heading ? ` · ${text.heading}` : '';
    annotations.push({
      path: item.file.path,
      start_line: start,
      end_line: end,
      annotation_level: level,
      title: unchecked(item) ? 'chunkgate: file not checked' : clip(`chunkgate: ${item.bucket === 'worth' ? 'worth a look' : 'breaks'}${where}`, TITLE_LIMIT),
      message: clip(`${text.what.replace(/`/g, '')}${text.change === '—' ? '' : ` (${text.change.replace(/`/g, '')})`}\nWhat to do: ${text.todo.replace(/`/g, '')}${text.rule ? `\nRule ${ruleLinkText(text.rule)}` : ''}`, MESSAGE_LIMIT),
    });
  }
  for (const file of files) {
    if (!file.head?.partial) continue;
    annotations.push({
      path: file.path,
      start_line: 1,
      end_line: 1,
      annotation_level: 'notice',
      title: 'chunkgate: partial LLM run',
      message: 'The LLM judge failed for some chunks of this file; heuristic scores stand in for them.',
    });
  }
  // The verdict and the table, not a copy of the comment.
  const summary = renderBrief(report, { ...context, maxLength: Math.min(context.maxLength ?? OUTPUT_LIMIT, OUTPUT_LIMIT) }, { title: false, links: false });
  return { title: title(report, context), summary, annotations };
}

/**
 * Splits `items` into consecutive batches of at most `size` (default: `50`, the Checks API's
 * limit of annotations per request); `size` below 1 is taken as 1. `[]` → `[]`.
 */
export function batches<T>(items: readonly T[], size = 50): T[][] {
  const step = Math.max(1, Math.floor(size));
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += step) out.push(items.slice(index, index + step));
  return out;
}
