import type { DocDiff, ScoreDelta } from '../types.js';
import { codeSpan } from './escape.js';
import { formatDelta, formatNumber, plural } from './format.js';
import { foldedDrops } from './items.js';

/** Options of {@link filesTable}. */
export interface FilesTableOptions {
  /** Rows to show before "… N more files" (default: all). */
  limit?: number;
}

/** The file cell: path in code, plus `(added)`, `(removed)` or `(from `old`)`. */
export function fileCell(file: DocDiff): string {
  const path = codeSpan(file.path, { table: true });
  if (file.status === 'added') return `${path} (added)`;
  if (file.status === 'removed') return `${path} (removed)`;
  if (file.status === 'renamed' && file.previousPath) return `${path} (from ${codeSpan(file.previousPath, { table: true })})`;
  return path;
}

/**
 * One score cell: `96 → 71 **▼25** ❌`, compared on the whole points shown. The arrow is the
 * difference of the shown values (none when they are equal); it is bold when the drop gates
 * (`thresholds.fileDrop`); ❌ marks a gating threshold failure of that score — a minimum missed
 * the same way on the base branch gets no mark, so no `64 → 64 ❌`.
 */
export function scoreCell(file: DocDiff, kind: ScoreDelta['kind']): string {
  const delta = file.deltas.find((candidate) => candidate.kind === kind);
  const base = delta?.baseValue ?? null;
  const head = delta?.headValue ?? null;
  // A drop folded into the items that drive it is marked by them, not again here.
  const folded = foldedDrops(file);
  const failures = file.failures.filter((failure) => failure.score === kind && failure.gating && !folded.includes(failure));
  const shown = base === null || head === null ? null : Math.round(head) - Math.round(base);
  let arrow = shown ? formatDelta(shown) : '';
  if (arrow && failures.some((failure) => failure.rule === 'fileDrop')) arrow = `**${arrow}**`;
  return [`${formatNumber(base)} → ${formatNumber(head)}`, arrow, failures.length > 0 ? '❌' : ''].filter(Boolean).join(' ');
}

/**
 * The files table (base → head chunk counts and scores), rows in the given order; when more
 * than `limit` files, a paragraph "… N more files: see the job summary" follows the table.
 */
export function filesTable(files: readonly DocDiff[], options: FilesTableOptions = {}): string {
  const limit = options.limit ?? files.length;
  const lines = ['| File | Chunks | Structural | Content | Overall |', '|---|--:|--:|--:|--:|'];
  for (const file of files.slice(0, limit)) {
    const chunks = `${formatNumber(file.base?.chunks.length ?? null)} → ${formatNumber(file.head?.chunks.length ?? null)}`;
    lines.push(`| ${fileCell(file)} | ${chunks} | ${scoreCell(file, 'structural')} | ${scoreCell(file, 'content')} | ${scoreCell(file, 'overall')} |`);
  }
  const rest = files.length - limit;
  return rest > 0 ? `${lines.join('\n')}\n\n… ${plural(rest, 'more file')}: see the job summary` : lines.join('\n');
}
