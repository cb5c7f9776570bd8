import type { QuickCheck, QuickChecks, QuickChecksReport } from '../metrics/quick-checks.js';
import { codeSpan } from './escape.js';
import { formatNumber, plural } from './format.js';

/** The three checks in the order every renderer shows them, with their names and how their shares are shown. */
const CHECKS = [
  { key: 'selfRetrievability', name: 'self-retrievability', percent: false, decimals: 2, atMost: false },
  { key: 'cleanEnds', name: 'sentence or block ends', percent: true, decimals: 0, atMost: false },
  { key: 'duplicates', name: 'duplicates', percent: true, decimals: 1, atMost: true },
] as const;

type CheckSpec = (typeof CHECKS)[number];

/** Most decimals a shown share gets when fewer would put it on the other side of its target. */
const MAX_DECIMALS = 6;

/**
 * A share as shown (`0.83`, `74%`, `1.2%`), with as many more decimals as it takes for the shown
 * number to compare with the target as the value does: 0.795 against 0.8 is `0.795`, not a
 * failing `0.80` (compare what is shown).
 */
export function formatShare(check: QuickCheck, spec: Pick<CheckSpec, 'percent' | 'decimals' | 'atMost'>): string {
  const scale = spec.percent ? 100 : 1;
  for (let decimals = spec.decimals; ; decimals++) {
    const text = (check.value * scale).toFixed(decimals);
    const shown = Number(text) / scale;
    // A maximum (duplicates) passes at or below its target, a minimum at or above it.
    const passes = spec.atMost ? shown <= check.target : shown >= check.target;
    if (passes === check.pass || decimals >= MAX_DECIMALS) return spec.percent ? `${text}%` : text;
  }
}

/** `≥ 0.8`, `≥ 70%`, `≤ 5%`. */
function formatTarget(check: QuickCheck, spec: CheckSpec): string {
  const target = spec.percent ? `${Number((check.target * 100).toFixed(4))}%` : String(check.target);
  return `${spec.atMost ? '≤' : '≥'} ${target}`;
}

/** `21 (5–40)`: mean, min and max chunk length in tokens; `—` with no chunks. */
function formatLengths(checks: QuickChecks): string {
  const { tokens } = checks;
  return tokens === null ? '—' : `${formatNumber(tokens.mean)} (${formatNumber(tokens.min)}–${formatNumber(tokens.max)})`;
}

/** The checks a file or run misses. */
function missedChecks(checks: QuickChecks): string[] {
  return CHECKS.filter((spec) => !checks[spec.key].pass).map((spec) => spec.name);
}

/** One line of the checks for a terminal: `self-retrievability 0.60 ✗ · … · length 21 (5–40) tokens`. */
export function quickChecksLine(checks: QuickChecks): string {
  const parts = CHECKS.map((spec) => `${spec.name} ${formatShare(checks[spec.key], spec)} ${checks[spec.key].pass ? '✓' : '✗'}`);
  return [...parts, `length ${formatLengths(checks)} tokens`].join(' · ');
}

/**
 * The run's quick checks for a terminal, one check a line with its target, then the lengths:
 *
 * ```text
 * Quick checks over 340 chunks of 12 files:
 *   self-retrievability     0.83 ✓  target ≥ 0.8
 * ```
 */
export function quickChecksText(quick: QuickChecksReport): string[] {
  const { run } = quick;
  const width = Math.max(...CHECKS.map((spec) => spec.name.length));
  const lines = [`Quick checks over ${plural(run.chunks, 'chunk')} of ${plural(quick.files.length, 'file')}:`];
  for (const spec of CHECKS) {
    const check = run[spec.key];
    lines.push(`  ${spec.name.padEnd(width)} ${formatShare(check, spec).padStart(6)} ${check.pass ? '✓' : '✗'}  target ${formatTarget(check, spec)}`);
  }
  lines.push(`  ${'chunk length'.padEnd(width)} mean ${formatLengths(run).replace(' (', ' (min–max ')} tokens`);
  return lines;
}

/** `0.83 ✅` / `74% ❌`. */
function cell(checks: QuickChecks, spec: CheckSpec): string {
  const check = checks[spec.key];
  return `${formatShare(check, spec)} ${check.pass ? '✅' : '❌'}`;
}

/** What the columns measure, under every table. */
const LEGEND =
  'Self-retrievability: share of chunks that their own heading path and first sentence find in the top 3 of their page. ' +
  'Sentence or block ends: share of chunks ending on a sentence terminator or a whole table, code block or list item. ' +
  'Duplicates: chunks repeating an earlier chunk\'s text (for all files: of any file).';

/** Options of {@link quickChecksTable}. */
export interface QuickChecksTableOptions {
  /** Most file rows (default: `50`); the rest are pointed at the JSON report. */
  limit?: number;
  /** Only the files that miss a target (default: `false`: every file). */
  missedOnly?: boolean;
}

/**
 * The quick checks as a Markdown table: the run's row first (all files), then a row per file
 * (files missing most targets first, then by path), each check with its target in the header.
 */
export function quickChecksTable(quick: QuickChecksReport, options: QuickChecksTableOptions = {}): string {
  const limit = options.limit ?? 50;
  const header = CHECKS.map((spec) => `${spec.name[0]!.toUpperCase()}${spec.name.slice(1)} (${formatTarget(quick.run[spec.key], spec)})`);
  const row = (name: string, checks: QuickChecks) => `| ${name} | ${formatNumber(checks.chunks)} | ${CHECKS.map((spec) => cell(checks, spec)).join(' | ')} | ${formatLengths(checks)} |`;
  const files = quick.files
    .map((file) => ({ file, missed: missedChecks(file).length }))
    .filter((entry) => !options.missedOnly || entry.missed > 0)
    .sort((a, b) => b.missed - a.missed || (a.file.path < b.file.path ? -1 : a.file.path > b.file.path ? 1 : 0));
  const lines = [
    `| File | Chunks | ${header.join(' | ')} | Tokens mean (min–max) |`,
    '|---|--:|--:|--:|--:|--:|',
    row(`**All ${plural(quick.files.length, 'file')}**`, quick.run),
    ...files.slice(0, limit).map(({ file }) => row(codeSpan(file.path, { table: true }), file)),
  ];
  if (files.length > limit) lines.push('', `… ${plural(files.length - limit, 'more file')}: see the JSON report (\`quickChecks\`)`);
  lines.push('', LEGEND);
  return lines.join('\n');
}

/** The one-line verdict of the run's checks: `self-retrievability 0.83 ✅ · sentence or block ends 74% ✅ · duplicates 1.2% ✅`. */
function runLine(quick: QuickChecksReport): string {
  return CHECKS.map((spec) => `${spec.name} ${cell(quick.run, spec)}`).join(' · ');
}

/** The comment's collapsed block: the run's checks in the summary line, the table of files inside. */
export function quickChecksDetails(quick: QuickChecksReport, options: QuickChecksTableOptions = {}): string {
  return [`<details><summary>Quick checks of ${plural(quick.files.length, 'file')}: ${runLine(quick)}</summary>`, '', quickChecksTable(quick, options), '', '</details>'].join('\n');
}

/** The audit's section: the run's row and the files that miss a target (`null`: no head files). */
export function quickChecksSection(quick: QuickChecksReport | undefined, limit: number): string | null {
  if (!quick) return null;
  const missed = quick.files.filter((file) => missedChecks(file).length > 0).length;
  const note =
    missed === 0
      ? 'Every file meets the targets.'
      : `${plural(missed, 'file')} ${missed === 1 ? 'misses' : 'miss'} a target${limit < missed ? `; the ${formatNumber(limit)} missing most are listed` : ''}.`;
  return ['### 🔎 Quick checks', note, '', quickChecksTable(quick, { limit, missedOnly: true })].join('\n');
}
