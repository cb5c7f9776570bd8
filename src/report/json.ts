import type { DocDiff, Report } from '../types.js';

/**
 * Canonical form of a JSON value (exported for hashing: the same data always hashes the same): object keys sorted (code-unit order), numbers rounded to
 * 6 decimals — enough for USD costs and 0–1 shares, and it absorbs float noise (`−0` → `0`, non-finite → `null`), `undefined` members dropped, array order kept.
 */
export function canonical(value: unknown): unknown {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const rounded = Math.round(value * 1e6) / 1e6;
    return rounded === 0 ? 0 : rounded;
  }
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : canonical(item)));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined && typeof member !== 'function') out[key] = canonical(member);
    }
    return out;
  }
  return value;
}

/**
 * The JSON report as text (same input → byte-identical output,
 * docs/design.md#same-input-same-bytes): keys sorted at every level, numbers rounded to 6
 * decimals, 2-space indentation, one trailing newline.
 */
export function renderJson(report: Report): string {
  return `${JSON.stringify(canonical(report), null, 2)}\n`;
}

/**
 * One value as it appears inside a {@link renderJson} document, nested `depth` levels deep:
 * the same canonical text, every line after the first indented by `2 × depth` spaces (JSON
 * strings hold no raw line breaks, so only structure lines move). The caller indents the first.
 */
export function renderJsonAt(value: unknown, depth: number): string {
  const data = canonical(value);
  if (depth === 0 || data === null || typeof data !== 'object') {
    const text = JSON.stringify(data, null, 2);
    return depth === 0 ? text : text.replaceAll('\n', `\n${'  '.repeat(depth)}`);
  }
  // Wrapped in `depth` one-element arrays, the value is indented by JSON.stringify itself, in
  // one pass (docs/design.md#speed: no second, re-indented copy of a file's entry). The wrapper's lines are
  // cut off: `depth` opening lines of 2k + 2 characters and the value's own 2 × depth spaces
  // before it, `depth` closing lines of 2k + 2 characters after it.
  let wrapped: unknown = data;
  for (let level = 0; level < depth; level++) wrapped = [wrapped];
  const text = JSON.stringify(wrapped, null, 2);
  return text.slice(depth * (depth + 3), text.length - depth * (depth + 1));
}

/** One `files[]` entry of a report, as {@link renderJson} writes it (indented, no separator). */
export function renderJsonFile(file: DocDiff): string {
  return `    ${renderJsonAt(file, 2)}`;
}

/**
 * The text around a report's `files` entries, so a report can be written file by file (issue
 * 16): `head` + the {@link renderJsonFile} entries joined by `",\n"` + `tail` is byte for byte
 * {@link renderJson} of the report with those files. `head` depends only on the members sorted
 * before `files` (the config), so it can be written first; `tail` (retrieval, summary…) last.
 * With no entries, `head + tail` is the report with `"files": []`.
 */
export function renderJsonFrame(report: Report, entries: number): { head: string; tail: string } {
  const frame = renderJson({ ...report, files: [] });
  const marker = '\n  "files": []';
  const at = frame.indexOf(marker);
  if (at === -1) throw new Error('renderJsonFrame: the report has no top-level files member');
  const before = frame.slice(0, at + marker.length - 1);
  const after = frame.slice(at + marker.length - 1);
  return entries === 0 ? { head: before, tail: after } : { head: `${before}\n`, tail: `\n  ${after}` };
}
