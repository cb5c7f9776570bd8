import { diffLines } from 'diff';

/** Where one base line went in head: a single line (`from === to`) or the range of a rewritten hunk. */
export interface MappedLines {
  from: number;
  to: number;
}

/** Options of {@link mapLines}. */
export interface LineMapOptions {
  /**
   * Largest number of line edits the diff may explore before giving up (default: `10000`);
   * beyond it no line maps. A count, not a timeout, so results stay deterministic.
   */
  maxEditLength?: number;
}

/**
 * One stretch of the line diff, 1-based: `base` lines from `baseFrom` became `head` lines from
 * `headFrom`; `same` when the lines are unchanged, else a hunk (one of the counts may be 0: a
 * pure deletion or insertion).
 */
interface Stretch {
  same: boolean;
  baseFrom: number;
  base: number;
  headFrom: number;
  head: number;
}

/**
 * The line diff of two sources as stretches in order (`diffLines` of the `diff` package), a
 * removed run next to an added run paired into one rewritten hunk, in either order; `null` once
 * the diff exceeds `maxEditLength`.
 */
function stretches(baseSource: string, headSource: string, options: LineMapOptions): Stretch[] | null {
  const changes = diffLines(baseSource, headSource, { maxEditLength: options.maxEditLength ?? 10_000 });
  if (!changes) return null;
  const result: Stretch[] = [];
  let baseLine = 1;
  let headLine = 1;
  for (let index = 0; index < changes.length; index += 1) {
    const change = changes[index]!;
    if (!change.added && !change.removed) {
      result.push({ same: true, baseFrom: baseLine, base: change.count, headFrom: headLine, head: change.count });
      baseLine += change.count;
      headLine += change.count;
      continue;
    }
    // jsdiff reports a rewrite as a removed run next to an added run; pair them up in either order.
    const next = changes[index + 1];
    const removed = change.removed ? change : next?.removed ? next : undefined;
    const added = change.added ? change : next?.added ? next : undefined;
    if (removed !== undefined && added !== undefined) index += 1;
    const stretch = { same: false, baseFrom: baseLine, base: removed?.count ?? 0, headFrom: headLine, head: added?.count ?? 0 };
    result.push(stretch);
    baseLine += stretch.base;
    headLine += stretch.head;
  }
  return result;
}

/**
 * Maps every base line onto head lines through a line diff (`diffLines` of the `diff` package).
 *
 * Rule: an unchanged line maps to its head line; a removed run directly followed or preceded
 * by an added run (a rewritten hunk) maps, line by line, to the whole added range; a line that
 * was only deleted maps to `null`. The result is indexed by 1-based base line (index 0 unused).
 */
export function mapLines(baseSource: string, headSource: string, options: LineMapOptions = {}): (MappedLines | null)[] {
  const map: (MappedLines | null)[] = [null];
  // Past the edit budget the two files have little in common: map nothing rather than spend minutes.
  for (const stretch of stretches(baseSource, headSource, options) ?? []) {
    for (let k = 0; k < stretch.base; k += 1) {
      if (stretch.same) map.push({ from: stretch.headFrom + k, to: stretch.headFrom + k });
      else map.push(stretch.head > 0 ? { from: stretch.headFrom, to: stretch.headFrom + stretch.head - 1 } : null);
    }
  }
  return map;
}

/**
 * Where one head line came from: a base line (`base`; `changed` when the line was rewritten), or
 * nowhere, inserted between base lines `after` and `after + 1` (`after: 0`: before the first).
 */
export type HeadLineOrigin = { base: number; changed: boolean } | { after: number };

/**
 * The other direction of {@link mapLines}: where every head line came from, indexed by 1-based
 * head line (index 0 unused). An unchanged line comes from its base line; the lines of a
 * rewritten hunk pair with the removed lines in order (the first added line with the first
 * removed one), and added lines past the removed ones, like the lines of a pure insertion, come
 * from nowhere: `after` names the base line they follow. `null` once the diff exceeds
 * `maxEditLength` (nothing is known to come from the base).
 */
export function headLineOrigins(baseSource: string, headSource: string, options: LineMapOptions = {}): HeadLineOrigin[] | null {
  const found = stretches(baseSource, headSource, options);
  if (!found) return null;
  const origins: HeadLineOrigin[] = [{ after: 0 }];
  for (const stretch of found) {
    for (let k = 0; k < stretch.head; k += 1) {
      if (stretch.same) origins.push({ base: stretch.baseFrom + k, changed: false });
      else if (k < stretch.base) origins.push({ base: stretch.baseFrom + k, changed: true });
      else origins.push({ after: stretch.baseFrom + stretch.base - 1 });
    }
  }
  return origins;
}
