import type { Report } from '../types.js';
import { renderComment, COMMENT_MARKER } from './comment.js';
import { failOnOf, type CommentContext } from './context.js';
import { explainRegression } from './explain.js';
import { chunkTitle, formatDelta, formatNumber, plural } from './format.js';
import { orderFiles, regressionEntries } from './order.js';
import { uncheckedEntries, uncheckedPhrase } from './unchecked.js';

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

/** Check-run title: `chunkgate: passes` or `chunkgate: 1 threshold, 2 regressed chunks`. */
function title(report: Report): string {
  const { summary } = report;
  if (summary.files === 0) return 'chunkgate: no Markdown files to check';
  const findings = [
    uncheckedPhrase(report.files),
    summary.failures > 0 ? plural(summary.failures, 'threshold') : null,
    summary.regressions > 0 ? plural(summary.regressions, 'regressed chunk') : null,
    summary.partial ? 'partial LLM run' : null,
  ].filter((phrase): phrase is string => phrase !== null);
  const verdict = summary.verdict === 'fail' ? 'fails' : 'passes';
  return clip(findings.length > 0 ? `chunkgate ${verdict}: ${findings.join(', ')}` : `chunkgate ${verdict}`, TITLE_LIMIT);
}

/**
 * The check run's output: title, the comment body as summary (without the hidden marker,
 * under 65,535 characters), and annotations.
 *
 * Annotations (plain text; GitHub does not render Markdown in them): each regressed chunk on
 * its head lines, `failure` when `failOn` holds `regression` and `warning` otherwise; each
 * threshold failure at line 1 of its file, `failure` when `failOn` holds `threshold` and
 * `warning` otherwise; a `notice` at line 1 of each file whose LLM judging was partial.
 * Removed files get none (their path is gone). Send them in {@link batches} of 50.
 */
export function checkRunOutput(report: Report, context: CommentContext): CheckRunOutput {
  const failOn = failOnOf(report, context);
  const files = orderFiles(report.files);
  const annotations: Annotation[] = [];
  // A file that could not be checked has no head to point into: its annotation sits on line 1.
  for (const { file, finding } of uncheckedEntries(files)) {
    annotations.push({
      path: file.path,
      start_line: finding.line ?? 1,
      end_line: finding.endLine ?? finding.line ?? 1,
      annotation_level: finding.gating ? 'failure' : 'notice',
      title: finding.gating ? 'chunkgate: file not checked' : 'chunkgate: not fully checked',
      message: clip(`${finding.message}. ${finding.hint ?? ''}`.trim().replace(/`/g, ''), MESSAGE_LIMIT),
    });
  }
  for (const file of files) {
    if (!file.head) continue;
    for (const failure of file.failures) {
      annotations.push({
        path: file.path,
        start_line: 1,
        end_line: 1,
        annotation_level: failOn.includes('threshold') ? 'failure' : 'warning',
        title: clip(`chunkgate: ${failure.score} threshold`, TITLE_LIMIT),
        message: clip(failure.message.replace(/`/g, ''), MESSAGE_LIMIT),
      });
    }
    if (file.head.partial) {
      annotations.push({
        path: file.path,
        start_line: 1,
        end_line: 1,
        annotation_level: 'notice',
        title: 'chunkgate: partial LLM run',
        message: 'The LLM judge failed for some chunks of this file; heuristic scores stand in for them.',
      });
    }
  }
  for (const { file, regression } of regressionEntries(files)) {
    if (!file.head) continue;
    const { head, base } = regression;
    const why = explainRegression(regression);
    const scores = base ? `${formatNumber(base.score)} → ${formatNumber(head.score)} ${formatDelta(regression.delta)}`.trimEnd() : `new, ${formatNumber(head.score)}`;
    const values = why.before !== null && why.after !== null ? ` ${formatNumber(why.before)} → ${formatNumber(why.after)}` : '';
    annotations.push({
      path: file.path,
      start_line: head.startLine,
      end_line: Math.max(head.startLine, head.endLine),
      annotation_level: failOn.includes('regression') ? 'failure' : 'warning',
      title: clip(`chunkgate: regressed chunk (${scores}) · ${chunkTitle(head)}`, TITLE_LIMIT),
      message: clip(`${why.cause}${values}: ${why.reason}\nWhat to do: ${why.hint}`, MESSAGE_LIMIT),
    });
  }
  const comment = renderComment(report, { ...context, maxLength: OUTPUT_LIMIT + COMMENT_MARKER.length + 1 });
  const summary = comment.startsWith(`${COMMENT_MARKER}\n`) ? comment.slice(COMMENT_MARKER.length + 1) : comment;
  return { title: title(report), summary, annotations };
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
