import type { Report } from '../types.js';

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
 * The JSON report as text (SPEC §10: same input → byte-identical output): keys sorted at every
 * level, numbers rounded to 6 decimals, 2-space indentation, one trailing newline.
 */
export function renderJson(report: Report): string {
  return `${JSON.stringify(canonical(report), null, 2)}\n`;
}
