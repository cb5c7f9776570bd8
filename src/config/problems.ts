import type { z } from 'zod';
import type { ConfigProblem } from './error.js';
import { closestMatch } from '../shared/closest-match.js';

/** A path into the config, as zod reports it (`['overrides', 0, 'paths']`). */
export type ConfigPath = readonly PropertyKey[];

/**
 * Finds the 1-based line of `path` in the config source (`null` when unknown). With
 * `{ key: true }` the line of the key itself is wanted (for unknown keys).
 */
export type Locate = (path: ConfigPath, options: { key: boolean }) => number | null;

type Issue = z.core.$ZodIssue;

/**
 * Turns zod issues from {@link configSchema} into {@link ConfigProblem}s: the dotted key,
 * its line (via `locate`), what is wrong (`unexpected value 0`, `unknown key "x"`,
 * `missing (required)`, with a "did you mean" for a near-miss key or option) and the
 * allowed values (the schema's error text, by the convention of schema.ts).
 *
 * A union that fails everywhere reports one problem listing every branch; one whose
 * branch accepted the value's shape reports that branch's own issues instead.
 * Problems come sorted by line (unknown lines last), duplicates removed.
 */
export function problemsFromIssues(issues: readonly Issue[], input: unknown, locate: Locate): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const issue of issues) collect(issue, [], input, locate, problems);
  const seen = new Set<string>();
  return problems
    .filter((problem) => {
      const id = JSON.stringify(problem);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .sort((a, b) => (a.line ?? Number.POSITIVE_INFINITY) - (b.line ?? Number.POSITIVE_INFINITY));
}

function collect(issue: Issue, prefix: ConfigPath, input: unknown, locate: Locate, out: ConfigProblem[]): void {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'unrecognized_keys') {
    const known = issue.message.split(', ');
    for (const key of issue.keys) {
      const suggestion = closestMatch(key, known);
      out.push({
        key: formatKey([...path, key]),
        line: locate([...path, key], { key: true }),
        message: `unknown key "${key}"${suggestion === null ? '' : ` — did you mean "${suggestion}"?`}`,
        allowed: issue.message,
      });
    }
    return;
  }
  if (issue.code === 'invalid_union') {
    // A branch whose issues lie below its root accepted the value's shape (e.g. a weights
    // mapping with one bad number): its issues are the useful ones.
    const fitting = issue.errors.find((branch) => branch.some((inner) => inner.path.length > 0 || inner.code === 'unrecognized_keys'));
    if (fitting !== undefined) {
      for (const inner of fitting) collect(inner, path, input, locate, out);
      return;
    }
    const options = issue.errors.flatMap((branch) => branch.flatMap((inner) => (inner.code === 'invalid_value' ? inner.values.map(String) : [])));
    out.push(valueProblem(path, input, locate, issue.errors.map((branch) => branch[0]?.message ?? '').filter(Boolean).join(' or '), options));
    return;
  }
  const options = issue.code === 'invalid_value' ? issue.values.map(String) : [];
  out.push(valueProblem(path, input, locate, issue.message, options));
}

function valueProblem(path: ConfigPath, input: unknown, locate: Locate, allowed: string, options: string[]): ConfigProblem {
  const { value, found, at } = walk(input, path);
  let message: string;
  if (!found) {
    message = 'missing (required)';
  } else {
    const suggestion = typeof value === 'string' ? closestMatch(value, options) : null;
    message = `unexpected ${describe(value)}${suggestion === null ? '' : ` — did you mean "${suggestion}"?`}`;
  }
  return { key: formatKey(at), line: locate(at, { key: false }), message, allowed };
}

/**
 * Follows `path` into the raw input. A path that runs into a scalar stops there: zod's
 * path may point inside a normalised shorthand (`failOn: regresion` → `failOn[0]`),
 * while the user wrote the scalar.
 */
function walk(input: unknown, path: ConfigPath): { value: unknown; found: boolean; at: ConfigPath } {
  let value = input;
  for (let index = 0; index < path.length; index += 1) {
    if (value === null || typeof value !== 'object') return { value, found: true, at: path.slice(0, index) };
    const segment = path[index]!;
    if (!Object.prototype.hasOwnProperty.call(value, segment)) return { value: undefined, found: false, at: path };
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return { value, found: true, at: path };
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? 'empty list' : 'list';
  if (value !== null && typeof value === 'object') return 'mapping';
  if (typeof value === 'string') return `value ${JSON.stringify(value)}`;
  return `value ${String(value)}`;
}

/** `['overrides', 0, 'paths']` → `overrides[0].paths`; the empty path is `(root)`. */
function formatKey(path: ConfigPath): string {
  if (path.length === 0) return '(root)';
  return path.map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`)).join('');
}
