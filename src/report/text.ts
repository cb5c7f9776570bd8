import type { Report } from '../types.js';
import { explainRegression } from './explain.js';
import { chunkTitle, formatNumber, plural } from './format.js';
import { orderFiles, regressionEntries } from './order.js';
import { terminalSafe } from './terminal.js';
import { uncheckedLines, uncheckedPhrase } from './unchecked.js';

/** Options of {@link renderText}. */
export interface TextOptions {
  /** Colour verdict and drops with ANSI escapes (default: `false`). */
  color?: boolean;
}

/** Repository text on one terminal line: no escape sequences, line breaks or control characters. */
function clean(text: string): string {
  return terminalSafe(text);
}

/** Signed whole points: `-25`, `+3`, `0`. */
function signed(delta: number | null): string {
  if (delta === null) return '';
  const points = Math.round(delta);
  return points > 0 ? `+${points}` : points < 0 ? `${points}` : '±0';
}

/**
 * A terminal summary: a verdict line, one line per file (chunks and the three scores
 * base → head with signed change, `!` on a failing score), threshold failures, and one line
 * per regressed chunk (`path:14-45`, heading path, overall change, why), after the files that could
 * not be checked. Repository text goes through `terminalSafe` (escape sequences removed, line
 * breaks and control characters turned into spaces); colour only with `color: true`.
 */
export function renderText(report: Report, options: TextOptions = {}): string {
  const paint = (code: number, text: string): string => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const { summary } = report;
  const findings = [
    uncheckedPhrase(report.files),
    summary.failures > 0 ? plural(summary.failures, 'threshold failure') : null,
    summary.regressions > 0 ? plural(summary.regressions, 'regressed chunk') : null,
    summary.partial ? 'partial LLM run' : null,
  ].filter((phrase): phrase is string => phrase !== null);
  const verdict = summary.verdict === 'fail' ? paint(31, 'FAIL') : paint(32, 'PASS');
  const lines = [
    `chunkgate ${clean(report.version)} — ${verdict}${findings.length > 0 ? `: ${findings.join(', ')}` : ''} · ${plural(summary.files, 'file')}, ${plural(summary.chunks, 'chunk')} · ${report.scorer} scorer`,
  ];
  const files = orderFiles(report.files);
  if (files.length > 0) lines.push('');
  for (const file of files) {
    const scores = (['structural', 'content', 'overall'] as const).map((kind) => {
      const delta = file.deltas.find((candidate) => candidate.kind === kind);
      const change = delta?.delta !== null && delta?.delta !== undefined && delta.label !== 'neutral' ? ` (${signed(delta.delta)})` : '';
      const failing = file.failures.some((failure) => failure.score === kind) ? paint(31, ' !') : '';
      const text = `${kind} ${formatNumber(delta?.baseValue ?? null)} → ${formatNumber(delta?.headValue ?? null)}${change}`;
      return `${delta?.label === 'regression' ? paint(33, text) : text}${failing}`;
    });
    const chunks = `chunks ${formatNumber(file.base?.chunks.length ?? null)} → ${formatNumber(file.head?.chunks.length ?? null)}`;
    lines.push(`  ${clean(file.path)} [${file.status}]  ${chunks}  ${scores.join('  ')}`);
  }
  const unchecked = uncheckedLines(files).map((line) => `  ${clean(line)}`);
  if (unchecked.length > 0) lines.push('', paint(31, 'Not checked:'), ...unchecked);
  const failures = files.flatMap((file) => file.failures.map((failure) => `  ${clean(file.path)}: ${clean(failure.message)}`));
  if (failures.length > 0) lines.push('', paint(31, 'Threshold failures:'), ...failures);
  const entries = regressionEntries(files);
  if (entries.length > 0) lines.push('', paint(33, 'Regressed chunks:'));
  for (const { file, regression } of entries) {
    const { head, base } = regression;
    const why = explainRegression(regression);
    const scores = base ? `${formatNumber(base.score)} → ${formatNumber(head.score)} (${signed(regression.delta)})` : `new, ${formatNumber(head.score)}`;
    const values = why.before !== null && why.after !== null ? ` ${formatNumber(why.before)} → ${formatNumber(why.after)}` : '';
    lines.push(`  ${clean(file.path)}:${head.startLine}-${head.endLine}  ${clean(chunkTitle(head))}  ${scores}`);
    lines.push(`    ${why.cause}${values}: ${clean(why.reason)} — ${clean(why.hint)}`);
  }
  return `${lines.join('\n')}\n`;
}
