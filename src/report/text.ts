import type { Report } from '../types.js';
import { describeItem } from './describe.js';
import { formatNumber, plural } from './format.js';
import { verdictPhrases } from './headline.js';
import { foldedDrops, reportItems, type Bucket } from './items.js';
import { orderFiles } from './order.js';
import { painter, type Style } from './paint.js';
import { terminalSafe } from './terminal.js';

/** Options of {@link renderText}. */
export interface TextOptions {
  /** Colour verdict, drops and headings through `util.styleText` (default: `false`). */
  color?: boolean;
}

/** Repository text on one terminal line: no escape sequences, line breaks or control characters. */
function clean(text: string): string {
  return terminalSafe(text);
}

/** Signed whole points of the shown values: `-25`, `+3`, `±0`. */
function signed(base: number | null, head: number | null): string {
  if (base === null || head === null) return '';
  const points = Math.round(head) - Math.round(base);
  return points > 0 ? `+${points}` : points < 0 ? `${points}` : '±0';
}

const HEADINGS: Record<Bucket, [string, Style]> = {
  breaks: ['What this change breaks:', 'red'],
  worth: ['Worth a look (does not gate):', 'yellow'],
  base: ['Already on the base branch:', 'gray'],
};

/**
 * A terminal summary: a verdict line in plain words, one line per file (chunks and the three
 * scores base → head with the signed change of the shown values, `!` on a failing score), then
 * what the change breaks, what is worth a look, and what was already on the base branch — each
 * item with its place (`path:14-45`), what happened, before → after and what to do. Repository
 * text goes through `terminalSafe` (escape sequences removed whole, line breaks and control
 * characters turned into spaces); colour
 * only with `color: true`.
 */
export function renderText(report: Report, options: TextOptions = {}): string {
  const paint = painter(options.color ?? false);
  const { summary } = report;
  const phrases = verdictPhrases(report, {});
  const plain = (text: string) => clean(text.replace(/`/g, ''));
  const verdict =
    summary.verdict === 'fail' ? `${paint('red', 'FAIL')}: ${plain(`${phrases.failing}${phrases.also}`)}` : `${paint('green', 'PASS')}: ${plain(phrases.found)}`;
  const lines = [`chunkgate ${clean(report.version)} — ${verdict} · ${plural(summary.files, 'file')}, ${plural(summary.chunks, 'chunk')} · ${report.scorer} scorer`];
  const files = orderFiles(report.files);
  if (files.length > 0) lines.push('');
  for (const file of files) {
    // A file with no score on either side (it could not be checked) is listed under its finding instead.
    if (!file.base && !file.head) continue;
    const folded = foldedDrops(file);
    const scores = (['structural', 'content', 'overall'] as const).map((kind) => {
      const delta = file.deltas.find((candidate) => candidate.kind === kind);
      const base = delta?.baseValue ?? null;
      const head = delta?.headValue ?? null;
      const change = signed(base, head);
      const failing = file.failures.some((failure) => failure.score === kind && failure.gating && !folded.includes(failure)) ? paint('red', ' !') : '';
      const text = `${kind} ${formatNumber(base)} → ${formatNumber(head)}${change && change !== '±0' ? ` (${change})` : ''}`;
      return `${change.startsWith('-') ? paint('yellow', text) : text}${failing}`;
    });
    const chunks = `chunks ${formatNumber(file.base?.chunks.length ?? null)} → ${formatNumber(file.head?.chunks.length ?? null)}`;
    lines.push(`  ${clean(file.path)} [${file.status}]  ${chunks}  ${scores.join('  ')}`);
  }
  const items = reportItems(files);
  for (const bucket of ['breaks', 'worth', 'base'] as const) {
    const inBucket = items.filter((item) => item.bucket === bucket);
    if (inBucket.length === 0) continue;
    const [heading, colour] = HEADINGS[bucket];
    lines.push('', paint(colour, heading));
    for (const item of inBucket) {
      const text = describeItem(item);
      const place = text.lines ? `:${text.lines.replace(/L/g, '').replace('–', '-')}` : '';
      lines.push(`  ${clean(text.path)}${place}${text.heading ? `  ${clean(text.heading)}` : ''}`);
      const change = text.change === '—' ? '' : ` (${clean(text.change)})`;
      lines.push(`    ${clean(text.what.replace(/`/g, ''))}${change}${bucket === 'base' ? '' : ` — ${clean(text.todo.replace(/`/g, ''))}`}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
