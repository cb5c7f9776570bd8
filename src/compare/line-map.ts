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
 * Maps every base line onto head lines through a line diff (`diffLines` of the `diff` package).
 *
 * Rule: an unchanged line maps to its head line; a removed run directly followed or preceded
 * by an added run (a rewritten hunk) maps, line by line, to the whole added range; a line that
 * was only deleted maps to `null`. The result is indexed by 1-based base line (index 0 unused).
 */
export function mapLines(baseSource: string, headSource: string, options: LineMapOptions = {}): (MappedLines | null)[] {
  const changes = diffLines(baseSource, headSource, { maxEditLength: options.maxEditLength ?? 10_000 });
  const map: (MappedLines | null)[] = [null];
  // Past the edit budget the two files have little in common: map nothing rather than spend minutes.
  if (!changes) return map;
  let headLine = 1;
  for (let index = 0; index < changes.length; index += 1) {
    const change = changes[index]!;
    if (!change.added && !change.removed) {
      for (let k = 0; k < change.count; k += 1) map.push({ from: headLine + k, to: headLine + k });
      headLine += change.count;
      continue;
    }
    // jsdiff reports a rewrite as a removed run next to an added run; pair them up in either order.
    const next = changes[index + 1];
    const removed = change.removed ? change : next?.removed ? next : undefined;
    const added = change.added ? change : next?.added ? next : undefined;
    const paired = removed !== undefined && added !== undefined;
    if (paired) index += 1;
    if (removed) {
      const target = paired ? { from: headLine, to: headLine + added.count - 1 } : null;
      for (let k = 0; k < removed.count; k += 1) map.push(target);
    }
    if (added) headLine += added.count;
  }
  return map;
}
