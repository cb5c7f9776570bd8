import { escapeInline, escapeMessage, codeSpan } from './escape.js';
import { explainRegression } from './explain.js';
import { chunkTitle, formatDelta, formatNumber, lineRange } from './format.js';
import type { RegressionEntry } from './order.js';

/** Header and delimiter rows of the regressed-chunks table. */
export const REGRESSION_TABLE_HEADER = '| Where | Chunk | Overall | Why | What to do |\n|---|---|--:|---|---|';

/** Longest reason or hint kept in a table cell, in characters, before `…`. */
const CELL_MAX = 280;

function clip(text: string): string {
  return text.length > CELL_MAX ? `${text.slice(0, CELL_MAX - 1)}…` : text;
}

/**
 * One row: where (path, lines), which chunk (heading path, piece), overall before → after with
 * the drop (`new · 41` for a new chunk), why (tag or metric, before → after, one-line reason)
 * and what to do. All repository text is escaped for a table cell.
 */
export function regressionRow(entry: RegressionEntry): string {
  const { file, regression } = entry;
  const { head, base } = regression;
  const why = explainRegression(regression);
  const where = `${codeSpan(file.path, { table: true })} ${lineRange(head)}`;
  const overall = base
    ? `${formatNumber(base.score)} → ${formatNumber(head.score)} ${formatDelta(regression.delta)}`.trimEnd()
    : `new · ${formatNumber(head.score)}`;
  const values = why.before !== null && why.after !== null ? ` ${formatNumber(why.before)} → ${formatNumber(why.after)}` : '';
  const reason = `${codeSpan(why.cause, { table: true })}${values}: ${escapeMessage(clip(why.reason), { table: true })}`;
  return `| ${where} | ${escapeInline(chunkTitle(head))} | ${overall} | ${reason} | ${escapeMessage(clip(why.hint), { table: true })} |`;
}
