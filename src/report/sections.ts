import { codeSpan, escapeHtml, escapeInline, escapeMessage, excerpt, fenceFor, neutralizeFenced } from './escape.js';
import { describeItem, type ItemText } from './describe.js';
import { formatNumber, lineRange, plural } from './format.js';
import type { ReportItem } from './items.js';
import { BLOCK_NOUN, RULES } from '../shared/rules.js';
import { ruleLinkMarkdown } from './rule-links.js';

/** Header and delimiter rows of the "What this PR breaks" table. */
export const BREAKS_TABLE_HEADER = '| Where | What happened | Before → after | What to do |\n|---|---|---|---|';

/** Heading of the gating items. */
export const BREAKS_HEADING = '### ❌ What this PR breaks';

/** Longest text kept in a table cell, in characters, before `…`. */
const CELL_MAX = 320;

function clip(text: string, max = CELL_MAX): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** `` `docs/a.md` L14–L79 · Guide › Setup `` (escaped for a table cell or a list item). */
function where(text: ItemText, options: { table?: boolean } = {}): string {
  const parts = [`${codeSpan(text.path, { table: options.table ?? false })}${text.lines ? ` ${text.lines}` : ''}`];
  if (text.heading) parts.push(escapeInline(text.heading));
  return parts.join(' · ');
}

/** ` ([`table-split`](…))`: the link to the page of the item's rule, or nothing. */
function ruleLink(text: ItemText): string {
  return text.rule ? ` (${ruleLinkMarkdown(text.rule)})` : '';
}

/** One row of the "What this PR breaks" table: where, what happened, before → after, what to do (with the rule's page). */
export function breaksRow(item: ReportItem): string {
  const text = describeItem(item);
  const cell = (value: string) => escapeMessage(clip(value), { table: true });
  return `| ${where(text, { table: true })} | ${cell(text.what)} | ${cell(text.change)} | ${cell(text.todo)}${ruleLink(text)} |`;
}

/** One line of the "Worth a look" or "Already on the base branch" lists (with the rule's page). */
export function itemLine(item: ReportItem): string {
  const text = describeItem(item);
  const todo = text.todo !== '—' && item.bucket === 'worth' ? ` ${capitalise(text.todo)}.` : '';
  return `- ${where(text)}: ${escapeMessage(clip(stripPeriod(text.what), 500))}.${todo ? escapeMessage(todo) : ''}${ruleLink(text)}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function stripPeriod(text: string): string {
  return text.replace(/\.$/, '');
}

/**
 * The collapsed list of a split table's or code block's pieces, as in the example comment:
 * `piece 1/7 L14–L23 · 498 tokens   ```bash …` — each piece's first line, in a fence no line of
 * the text can close. `null` for any other item.
 */
export function piecesBlock(item: ReportItem): string | null {
  if (item.type !== 'split') return null;
  const noun = BLOCK_NOUN[RULES[item.tag].block];
  const unit = item.file.head?.chunking.unit ?? 'tokens';
  const count = item.pieces.length;
  const rows = item.pieces.map((piece) => {
    const size = unit === 'chars' ? `${formatNumber(piece.chars)} chars` : `${formatNumber(piece.tokens)} tokens`;
    const label = `piece ${piece.split?.part ?? 1}/${piece.split?.parts ?? count} ${lineRange(piece)} · ${size}`;
    const first = piece.text.split('\n').find((line) => line.trim() !== '') ?? '';
    return `${label.padEnd(34)} ${excerpt(first.trim(), 60).replace(/\n…$/, ' …')}`;
  });
  const body = neutralizeFenced(rows.join('\n'));
  const fence = fenceFor(body);
  const first = item.pieces[0]!;
  const last = item.pieces.at(-1)!;
  const parts = Math.max(count, first.split?.parts ?? 0);
  const summary = `<code>${escapeHtml(item.file.path)}</code> ${lineRange({ startLine: first.startLine, endLine: last.endLine })} · the ${parts === 1 ? 'piece' : `${formatNumber(parts)} pieces`} of the ${noun}`;
  return [`<details><summary>${summary}</summary>`, `${fence}text\n${body}\n${fence}`, '</details>'].join('\n\n');
}

/** The "Worth a look (does not gate)" section from its lines; `null` without any. */
export function worthSection(lines: readonly string[]): string | null {
  return lines.length > 0 ? ['### ⚠️ Worth a look (does not gate)', ...lines].join('\n') : null;
}

/** The collapsed "Already on the base branch" section from its lines; `null` without any. */
export function baseSection(lines: readonly string[], total = lines.length): string | null {
  if (lines.length === 0) return null;
  const more = total > lines.length ? [`- … ${plural(total - lines.length, 'more item')}: see the job summary`] : [];
  return [`<details><summary>Already on the base branch (${formatNumber(total)}, not caused by this PR)</summary>`, '', ...lines, ...more, '', '</details>'].join('\n');
}
