import { createHash } from 'node:crypto';
import { codeSpan, escapeInline, escapeMessage, neutralizeMarker } from '../report/escape.js';
import { explainRegression } from '../report/explain.js';
import { chunkTitle, formatDelta, formatNumber, lineRange, plural } from '../report/format.js';
import { ruleLinkMarkdown, ruleOf } from '../report/rule-links.js';
import { addedLinesFromPatch } from '../sources/patch-lines.js';
import type { ReviewFinding } from '../sources/review.js';
import type { Regression, Report, Severity } from '../types.js';

/** Inline review comments per run at most: the rest are in the sticky comment (a 375-comment review helps nobody). */
export const INLINE_LIMIT = 25;

/** The inline comments of a run, and what the log should say about the chunks left without one. */
export interface InlinePlan {
  /** At most `limit`, most severe first. */
  findings: ReviewFinding[];
  /** Regressed chunks on added lines that did not make the cut. */
  omitted: number;
  /** One sentence per file whose regressed chunks get no inline comment, and why. */
  notes: string[];
}

/** Options of {@link planInlineComments}. */
export interface InlineOptions {
  /** Part of each finding's identity, so two chunkgate jobs on one PR keep their own comments. */
  checkName: string;
  /** (default: {@link INLINE_LIMIT}) */
  limit?: number;
}

const RANK: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

/** How bad a regression is: a new high-severity tag, else its explanation's issue, else a metric drop. */
function severityOf(regression: Regression, issueSeverity: Severity | undefined): Severity {
  if (regression.newTags.length > 0) return 'high';
  return issueSeverity ?? 'medium';
}

/**
 * The review comment of one regressed chunk, escaped exactly like the sticky comment's row for
 * it (`regressionRow`): heading path with `escapeInline`, cause as code, reason and hint with
 * `escapeMessage`, and any copy of a hidden marker made inert.
 */
function findingBody(regression: Regression): string {
  const { head, base } = regression;
  const why = explainRegression(regression);
  const rule = ruleOf(why.cause);
  const scores = base
    ? `overall ${formatNumber(base.score)} → ${formatNumber(head.score)} ${formatDelta(regression.delta)}`.trimEnd()
    : `overall ${formatNumber(head.score)} (new chunk)`;
  const values = why.before !== null && why.after !== null ? ` ${formatNumber(why.before)} → ${formatNumber(why.after)}` : '';
  return neutralizeMarker(
    `**chunkgate** · ${escapeInline(chunkTitle(head))} (${lineRange(head)}) · ${scores}\n\n` +
      `${codeSpan(why.cause)}${values}: ${escapeMessage(why.reason)}\n\n**What to do:** ${escapeMessage(why.hint)}${rule ? ` (${ruleLinkMarkdown(rule)})` : ''}`,
  );
}

/**
 * Plans the inline review comments: one per regressed chunk that has a line the PR adds (a
 * comment on an unchanged context line would blame text the PR did not write), on its first
 * added line; ranked by severity, then the largest drop (a new chunk counts its score as the
 * drop), then path and line; the first `limit` are kept, in path and line order. Each carries a hidden identity (check name, file, chunk, cause) so a re-run
 * does not post it again. Files without a patch (GitHub leaves out very large diffs) or
 * without an added line in any regressed chunk are named in `notes`.
 */
export function planInlineComments(report: Report, patches: ReadonlyMap<string, string>, options: InlineOptions): InlinePlan {
  const ranked: { finding: ReviewFinding; severity: Severity; drop: number }[] = [];
  const notes: string[] = [];
  for (const file of report.files) {
    // Inline comments are for what this PR breaks: pre-existing problems and score drops on
    // metrics alone stay in the sticky comment.
    const regressions = file.regressions.filter((regression) => regression.gating);
    if (regressions.length === 0) continue;
    const chunks = plural(regressions.length, 'regressed chunk');
    const patch = patches.get(file.path);
    if (!patch) {
      notes.push(`${file.path}: ${chunks} without an inline comment, because GitHub sent no diff for this file (it leaves out very large diffs); the sticky comment lists them.`);
      continue;
    }
    const added = addedLinesFromPatch(patch);
    let placed = 0;
    for (const regression of regressions) {
      const { head } = regression;
      let line: number | undefined;
      for (let candidate = head.startLine; candidate <= head.endLine && line === undefined; candidate++) if (added.has(candidate)) line = candidate;
      if (line === undefined) continue;
      placed += 1;
      const explanation = explainRegression(regression);
      const identity = createHash('sha256').update(`${options.checkName}\n${file.path}\n${head.id}\n${explanation.cause}`).digest('hex').slice(0, 16);
      ranked.push({
        finding: { path: file.path, line, body: `${findingBody(regression)}\n\n<!-- chunkgate:finding:${identity} -->` },
        severity: severityOf(regression, explanation.issue?.severity),
        drop: regression.delta ?? -head.score,
      });
    }
    if (placed < regressions.length) {
      notes.push(`${file.path}: ${plural(regressions.length - placed, 'regressed chunk')} without an inline comment, because no line of the chunk is added by this PR; the sticky comment lists them.`);
    }
  }
  ranked.sort(
    (a, b) =>
      RANK[a.severity] - RANK[b.severity] ||
      a.drop - b.drop ||
      (a.finding.path < b.finding.path ? -1 : a.finding.path > b.finding.path ? 1 : 0) ||
      a.finding.line - b.finding.line,
  );
  const limit = options.limit ?? INLINE_LIMIT;
  // Chosen by rank, posted in reading order.
  const findings = ranked
    .slice(0, limit)
    .map((entry) => entry.finding)
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || a.line - b.line);
  return { findings, omitted: Math.max(0, ranked.length - limit), notes };
}
