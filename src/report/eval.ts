import { codeSpan, escapeInline, escapeMessage } from './escape.js';
import { painter } from './paint.js';
import { quickChecksLine, quickChecksTable, quickChecksText } from './quick-checks.js';
import { ruleLinkMarkdown } from './rule-links.js';
import { terminalSafe } from './terminal.js';
import { uncheckedLines, uncheckedSection } from './unchecked.js';
import type { DocEval, EvaluatedChunk, Report } from '../types.js';

/** Options of {@link renderEvalText}. */
export interface EvalTextOptions {
  /** Colour grades, failures and the verdict through `util.styleText` (default: `false`). */
  color?: boolean;
}

/**
 * Renders a `chunkgate eval` report (head-only files) for a terminal: the files that could not be
 * checked first, then each file's chunks. Repository text (paths, headings, messages) goes
 * through `terminalSafe`: no escape sequences or control characters reach the terminal. With
 * `color`, a failing grade, a high-severity finding and a threshold failure are red, a warning
 * yellow, the verdict red or green.
 */
export function renderEvalText(report: Report, options: EvalTextOptions = {}): string {
  const paint = painter(options.color ?? false);
  const lines: string[] = [];
  // Over a whole repository the summary comes first, so the worst is read before thousands of chunk lines.
  if (report.files.length > 1) lines.push(...summaryLines(report, paint), '');
  const unchecked = uncheckedLines(report.files);
  if (unchecked.length > 0) lines.push(paint('red', 'Not checked:'), ...unchecked.map((line) => `  ${terminalSafe(line)}`), '');
  const quick = new Map((report.quickChecks?.files ?? []).map((file) => [file.path, file]));
  for (const file of report.files) {
    const doc = file.head;
    if (!doc) continue;
    lines.push(`${terminalSafe(doc.path)}  ${describe(doc)}`);
    const checks = quick.get(doc.path);
    if (checks) lines.push(`  quick checks: ${quickChecksLine(checks)}`);
    for (const chunk of doc.chunks) {
      const where = `L${chunk.startLine}–L${chunk.endLine}`.padEnd(11);
      const size = `${chunk.tokens} tok`.padStart(8);
      const score = fixed(chunk.score).padStart(5);
      const grade = chunk.grade.padEnd(4);
      const shown = chunk.grade === 'fail' ? paint('red', grade) : chunk.grade === 'warn' ? paint('yellow', grade) : grade;
      lines.push(`  #${String(chunk.index).padEnd(3)} ${where} ${size} ${score} ${shown}  ${terminalSafe(title(chunk))}`);
      for (const issue of chunk.issues) {
        const severity = issue.severity.padEnd(6);
        const shown = issue.severity === 'high' && issue.level !== 'warn' ? paint('red', severity) : severity;
        lines.push(`        ${shown} ${issue.tag}${issue.level === 'warn' ? ' (warn)' : ''} L${issue.line}: ${terminalSafe(issue.message)}`);
      }
    }
    for (const failure of file.failures) lines.push(`  ${paint('red', '✗')} ${terminalSafe(doc.path)}: ${terminalSafe(failure.message)}`);
    lines.push('');
  }
  if (report.quickChecks) lines.push(...quickChecksText(report.quickChecks), '');
  const { summary } = report;
  lines.push(
    `${summary.files} files · ${summary.chunks} chunks · ${summary.failures} threshold failures · verdict ${paint(summary.verdict === 'fail' ? 'red' : 'green', summary.verdict)}`,
  );
  return `${lines.join('\n')}\n`;
}

type IssueTag = EvaluatedChunk['issues'][number]['tag'];

/** How many of the worst files the summary lists. */
const WORST_FILES = 5;

/** What an eval run found, for its summary: chunks by grade, issues by rule, the files below a minimum, the worst files. */
interface EvalDigest {
  grades: Record<EvaluatedChunk['grade'], number>;
  /** Issues per rule tag, most first (ties by tag). */
  rules: { tag: IssueTag; count: number }[];
  /** Threshold failures with their file, in file order. */
  belowMinimum: { path: string; message: string }[];
  /** Up to five files that fail or warn, lowest overall score first (ties by path). */
  worst: DocEval[];
}

/** The summary of an eval report (see {@link EvalDigest}). */
function evalDigest(report: Report): EvalDigest {
  const grades = { pass: 0, warn: 0, fail: 0 };
  const rules = new Map<IssueTag, number>();
  const belowMinimum: EvalDigest['belowMinimum'] = [];
  const docs: DocEval[] = [];
  for (const file of report.files) {
    const doc = file.head;
    if (!doc) continue;
    docs.push(doc);
    for (const chunk of doc.chunks) {
      grades[chunk.grade] += 1;
      for (const issue of chunk.issues) rules.set(issue.tag, (rules.get(issue.tag) ?? 0) + 1);
    }
    for (const failure of file.failures) belowMinimum.push({ path: doc.path, message: failure.message });
  }
  const below = new Set(belowMinimum.map((item) => item.path));
  const worst = docs
    .filter((doc) => doc.grade !== 'pass' || below.has(doc.path) || doc.chunks.some((chunk) => chunk.grade !== 'pass'))
    .sort((a, b) => a.scores.overall - b.scores.overall || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .slice(0, WORST_FILES);
  return {
    grades,
    rules: [...rules].map(([tag, count]) => ({ tag, count })).sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0)),
    belowMinimum,
    worst,
  };
}

/** The text summary: counts, the worst files, issues by rule, the files below a minimum. */
function summaryLines(report: Report, paint: ReturnType<typeof painter>): string[] {
  const digest = evalDigest(report);
  const { grades } = digest;
  const unchecked = uncheckedLines(report.files).length;
  const lines = [
    `Summary: ${report.summary.files} files · ${report.summary.chunks} chunks (${grades.pass} pass, ${grades.warn} warn, ${grades.fail} fail) · ${digest.belowMinimum.length} below a minimum${unchecked > 0 ? ` · ${unchecked} not checked` : ''}`,
  ];
  if (digest.worst.length > 0) {
    lines.push('Worst files:');
    const width = Math.max(...digest.worst.map((doc) => terminalSafe(doc.path).length));
    for (const doc of digest.worst) {
      const failing = doc.chunks.filter((chunk) => chunk.grade === 'fail').length;
      const warning = doc.chunks.filter((chunk) => chunk.grade === 'warn').length;
      lines.push(`  ${terminalSafe(doc.path).padEnd(width)}  overall ${fixed(doc.scores.overall)} · ${doc.grade} · ${failing} fail, ${warning} warn of ${doc.chunks.length} chunks`);
    }
  }
  if (digest.rules.length > 0) {
    lines.push('Issues by rule:');
    const width = Math.max(...digest.rules.map((rule) => rule.tag.length));
    for (const rule of digest.rules) lines.push(`  ${rule.tag.padEnd(width)}  ${rule.count}`);
  }
  if (digest.belowMinimum.length > 0) {
    lines.push('Below a minimum:');
    for (const item of digest.belowMinimum) lines.push(`  ${paint('red', '✗')} ${terminalSafe(item.path)}: ${terminalSafe(item.message)}`);
  }
  return lines;
}

/** Renders a `chunkgate eval` report as Markdown: a files table, then each file's chunks. */
export function renderEvalMarkdown(report: Report): string {
  const lines: string[] = ['## chunkgate eval', ''];
  if (report.files.length > 1) {
    const digest = evalDigest(report);
    const { grades } = digest;
    lines.push(`**Summary:** ${report.summary.files} files · ${report.summary.chunks} chunks (${grades.pass} pass, ${grades.warn} warn, ${grades.fail} fail) · ${digest.belowMinimum.length} below a minimum`, '');
    if (digest.worst.length > 0) lines.push(`**Worst files:** ${digest.worst.map((doc) => `${codeSpan(doc.path)} ${fixed(doc.scores.overall)}`).join(' · ')}`, '');
    if (digest.rules.length > 0) lines.push(`**Issues by rule:** ${digest.rules.map((rule) => `${ruleLinkMarkdown(rule.tag)} ${rule.count}`).join(' · ')}`, '');
    if (digest.belowMinimum.length > 0) lines.push('**Below a minimum:**', '', ...digest.belowMinimum.map((item) => `- ❌ ${codeSpan(item.path)}: ${escapeMessage(item.message)}`), '');
  }
  lines.push('| File | Chunks | Structural | Content | Overall | Coverage |', '|---|--:|--:|--:|--:|--:|');
  for (const file of report.files) {
    const doc = file.head;
    if (!doc) continue;
    const failed = new Set(file.failures.map((failure) => failure.score));
    const cell = (name: 'structural' | 'content' | 'overall') => `${fixed(doc.scores[name])}${failed.has(name) ? ' ❌' : ''}`;
    lines.push(
      `| ${codeSpan(doc.path, { table: true })} | ${doc.chunks.length} | ${cell('structural')} | ${cell('content')} | ${cell('overall')} | ${Math.round(doc.coverage * 100)}% |`,
    );
  }
  const unchecked = uncheckedSection(report.files);
  if (unchecked !== null) lines.push('', unchecked);
  if (report.quickChecks) lines.push('', '### Quick checks', '', quickChecksTable(report.quickChecks));
  for (const file of report.files) {
    const doc = file.head;
    if (!doc) continue;
    lines.push('', `### ${codeSpan(doc.path)}`, '');
    for (const failure of file.failures) lines.push(`- ❌ ${codeSpan(doc.path)}: ${escapeMessage(failure.message)}`);
    if (file.failures.length > 0) lines.push('');
    lines.push('| # | Lines | Tokens | Score | Heading path | Issues |', '|--:|---|--:|--:|---|---|');
    for (const chunk of doc.chunks) {
      const issues = chunk.issues.map((issue) => `${ruleLinkMarkdown(issue.tag)}${issue.level === 'warn' ? ' (warn)' : ''}`).join(' ');
      lines.push(
        `| ${chunk.index} | L${chunk.startLine}–L${chunk.endLine} | ${chunk.tokens} | ${fixed(chunk.score)} ${gradeIcon(chunk.grade)} | ${escapeInline(title(chunk))} | ${issues} |`,
      );
    }
  }
  const { summary } = report;
  lines.push(
    '',
    `${summary.files} files · ${summary.chunks} chunks · ${summary.failures} threshold failures · verdict **${summary.verdict}**`,
  );
  return `${lines.join('\n')}\n`;
}

function describe(doc: DocEval): string {
  const { structural, content, overall } = doc.scores;
  return `${doc.chunks.length} chunks · structural ${fixed(structural)} · content ${fixed(content)} · overall ${fixed(overall)} · ${doc.grade} · coverage ${Math.round(doc.coverage * 100)}%`;
}

function title(chunk: EvaluatedChunk): string {
  const path = chunk.headingPath.length > 0 ? chunk.headingPath.join(' › ') : '(no heading)';
  return chunk.split ? `${path} (${chunk.split.part}/${chunk.split.parts})` : path;
}

function fixed(value: number): string {
  return value.toFixed(1);
}

function gradeIcon(grade: EvaluatedChunk['grade']): string {
  return grade === 'pass' ? '✅' : grade === 'warn' ? '⚠️' : '❌';
}
