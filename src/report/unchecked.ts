import type { DocDiff, FileFinding } from '../types.js';
import { codeSpan, escapeMessage } from './escape.js';
import { plural } from './format.js';

/** The kinds of file finding this section shows: files (or parts of files) chunkgate could not check. */
const KINDS: ReadonlySet<FileFinding['kind']> = new Set(['unchecked', 'frontmatter-too-large']);

/** A file and one of its not-checked findings. */
interface UncheckedEntry {
  file: DocDiff;
  finding: FileFinding;
}

/** The not-checked findings of `files`, gating ones first, then in file order. */
function uncheckedEntries(files: readonly DocDiff[]): UncheckedEntry[] {
  const entries = files.flatMap((file) => (file.findings ?? []).filter((finding) => KINDS.has(finding.kind)).map((finding) => ({ file, finding })));
  return [...entries.filter((entry) => entry.finding.gating), ...entries.filter((entry) => !entry.finding.gating)];
}

/**
 * The not-checked section of the comment and the job summary: `### ⛔ Not checked` and one item
 * per finding, `- ⛔ `docs/a.md`: Not checked: binary file: NUL byte at byte 8 (line 3). Remove
 * the NUL byte…` (⛔ gating, ℹ️ not gating, with why); `null` when there is none. Every part that
 * came from the repository is escaped.
 */
export function uncheckedSection(files: readonly DocDiff[], options: { limit?: number } = {}): string | null {
  const entries = uncheckedEntries(files);
  if (entries.length === 0) return null;
  const items = entries.map(({ file, finding }) => {
    const lines = finding.line !== undefined ? ` L${finding.line}${finding.endLine !== undefined && finding.endLine !== finding.line ? `–L${finding.endLine}` : ''}` : '';
    const icon = finding.gating ? '⛔' : 'ℹ️';
    const why = finding.gating ? '' : finding.origin === 'preexisting' ? ' (already so on the base side; not gating)' : ' (not gating)';
    const hint = finding.hint ? ` ${escapeMessage(finding.hint)}` : '';
    return `- ${icon} ${codeSpan(file.path)}${lines}: ${escapeMessage(finding.message)}${why}.${hint}`;
  });
  const limit = options.limit ?? items.length;
  const more = items.length > limit ? [`- … ${plural(items.length - limit, 'more file')}: see the job summary`] : [];
  return ['### ⛔ Not checked', ...items.slice(0, limit), ...more].join('\n');
}

/** The not-checked findings as plain lines for a terminal (the caller strips control characters). */
export function uncheckedLines(files: readonly DocDiff[]): string[] {
  return uncheckedEntries(files).map(({ file, finding }) => {
    const where = finding.line !== undefined ? `${file.path}:${finding.line}` : file.path;
    const why = finding.gating ? '' : finding.origin === 'preexisting' ? ' (already so on the base side; not gating)' : ' (not gating)';
    return `${where}: ${finding.message}${why} — ${finding.hint ?? ''}`.replace(/ — $/, '');
  });
}
