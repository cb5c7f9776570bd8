import { createHash } from 'node:crypto';
import { BLOCK_NOUN, RULES } from '../shared/rules.js';
import { describeItem } from '../report/describe.js';
import { codeSpan, escapeInline, escapeMessage, neutralizeMarker } from '../report/escape.js';
import { explainRegression } from '../report/explain.js';
import { chunkTitle, formatDelta, formatNumber, lineRange, plural } from '../report/format.js';
import { fileItems, type ReportItem } from '../report/items.js';
import { ruleLinkMarkdown, ruleOf } from '../report/rule-links.js';
import { addedLinesFromPatch } from '../sources/patch-lines.js';
import type { ReviewFinding } from '../sources/review.js';
import type { Regression, Report, Severity } from '../types.js';

/** Inline review comments per run at most: the rest are in the sticky comment (a 375-comment review helps nobody). */
const INLINE_LIMIT = 25;

/** The inline comments of a run, and what the log should say about the chunks left without one. */
export interface InlinePlan {
  /** At most `limit`, most severe first. */
  findings: ReviewFinding[];
  /** Problems on added lines that did not make the cut. */
  omitted: number;
  /** One sentence per file with a problem that gets no inline comment, and why. */
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

/** The pieces of a split item in words: `piece 1/3 L34–L46 (300 tokens) · piece 2/3 L47–L56 (290 tokens) · …`. */
function piecesLine(item: Extract<ReportItem, { type: 'split' }>): string {
  const unit = item.file.head?.chunking.unit ?? 'tokens';
  const count = item.pieces.length;
  return item.pieces
    .map((piece) => `piece ${piece.split?.part ?? 1}/${piece.split?.parts ?? count} ${lineRange(piece)} (${formatNumber(unit === 'chars' ? piece.chars : piece.tokens)} ${unit})`)
    .join(' · ');
}

/**
 * The review comment of one split table or code block, from the words the sticky comment's row
 * uses (`describeItem`), escaped the same way, plus the line of its pieces.
 */
function splitBody(item: Extract<ReportItem, { type: 'split' }>): string {
  const text = describeItem(item);
  const noun = BLOCK_NOUN[RULES[item.tag].block];
  const title = `${text.heading ? `${escapeInline(text.heading)} ` : ''}(${text.lines ?? ''})`;
  return neutralizeMarker(
    `**chunkgate** · ${title} · ${noun} cut into ${plural(item.pieces.length, 'piece')} · ${escapeMessage(text.change)}\n\n` +
      `${escapeMessage(text.what)}.\n\n**Pieces:** ${piecesLine(item)}\n\n**What to do:** ${escapeMessage(text.todo)} (${ruleLinkMarkdown(item.tag)})`,
  );
}

/** One problem an inline comment can be about: a split block (all its pieces) or one regressed chunk. */
type Problem = Extract<ReportItem, { type: 'split' | 'regression' }>;

/** The lines a problem spans: from its first piece's first line to its last piece's last. */
function spanOf(problem: Problem): { startLine: number; endLine: number } {
  if (problem.type === 'regression') return problem.regression.head;
  return { startLine: problem.pieces[0]!.startLine, endLine: problem.pieces.at(-1)!.endLine };
}

/**
 * Plans the inline review comments: one per problem this PR breaks (a report item: the pieces of
 * one split table or code block are one problem, any other regressed chunk is one) that has a
 * line the PR adds (a comment on an unchanged context line would blame text the PR did not
 * write), on the first added line of its span; a split's comment names its pieces. Ranked by
 * severity, then the largest drop (a new chunk counts its score as the drop), then path and
 * line; the first `limit` are kept, in path and line order. Each carries a hidden identity
 * (check name, file, and the chunk and cause, or the split's rule, heading path and ordinal) so
 * a re-run does not post it again. Files without a patch (GitHub leaves out very large diffs) or
 * without an added line in a problem are named in `notes`.
 */
export function planInlineComments(report: Report, patches: ReadonlyMap<string, string>, options: InlineOptions): InlinePlan {
  const ranked: { finding: ReviewFinding; severity: Severity; drop: number }[] = [];
  const notes: string[] = [];
  for (const file of report.files) {
    // Inline comments are for what this PR breaks: pre-existing problems and score drops on
    // metrics alone stay in the sticky comment.
    const problems = fileItems(file).filter((item): item is Problem => item.bucket === 'breaks' && (item.type === 'split' || item.type === 'regression'));
    if (problems.length === 0) continue;
    const patch = patches.get(file.path);
    if (!patch) {
      notes.push(`${file.path}: ${plural(problems.length, 'problem')} without an inline comment, because GitHub sent no diff for this file (it leaves out very large diffs); the sticky comment lists them.`);
      continue;
    }
    const added = addedLinesFromPatch(patch);
    const ordinals = new Map<string, number>();
    let placed = 0;
    for (const problem of problems) {
      const span = spanOf(problem);
      let line: number | undefined;
      for (let candidate = span.startLine; candidate <= span.endLine && line === undefined; candidate++) if (added.has(candidate)) line = candidate;
      if (line === undefined) continue;
      placed += 1;
      let key: string;
      let body: string;
      let severity: Severity;
      let drop: number;
      if (problem.type === 'regression') {
        const { regression } = problem;
        const explanation = explainRegression(regression);
        key = `${regression.head.id}\n${explanation.cause}`;
        body = findingBody(regression);
        severity = severityOf(regression, explanation.issue?.severity);
        drop = regression.delta ?? -regression.head.score;
      } else {
        // Not the pieces' ids: an edit to one row of a still-split table is the same problem.
        const block = `split\n${problem.tag}\n${problem.pieces[0]!.headingPath.join('\n')}`;
        const ordinal = ordinals.get(block) ?? 0;
        ordinals.set(block, ordinal + 1);
        key = `${block}\n${ordinal}`;
        body = splitBody(problem);
        severity = 'high';
        drop = Math.min(...problem.regressions.map((regression) => regression.delta ?? -regression.head.score));
      }
      const identity = createHash('sha256').update(`${options.checkName}\n${file.path}\n${key}`).digest('hex').slice(0, 16);
      ranked.push({ finding: { path: file.path, line, body: `${body}\n\n<!-- chunkgate:finding:${identity} -->` }, severity, drop });
    }
    if (placed < problems.length) {
      notes.push(`${file.path}: ${plural(problems.length - placed, 'problem')} without an inline comment, because no line of it is added by this PR; the sticky comment lists them.`);
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
