import { diffLines } from 'diff';
import type { FileStatus } from '../types.js';

/** A changed file with the text of each side (`null` where the side does not exist). */
export interface TextPair {
  path: string;
  previousPath?: string;
  status: FileStatus;
  base: string | null;
  head: string | null;
}

/** Options of {@link followRenames}. */
export interface RenameOptions {
  /** Smallest {@link similarity} for a removed and an added file to be one rename (default: `0.5`, git's `-M` default). */
  minSimilarity?: number;
}

/**
 * How much of two texts is the same, the way git scores a rename: the characters of the lines a
 * line diff keeps unchanged, over the length of the longer text (`1` for identical texts, `0` when
 * either is empty and they differ). Past 10,000 line edits the texts count as unrelated (`0`), so
 * the result is deterministic and bounded.
 */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const longer = Math.max(a.length, b.length);
  if (Math.min(a.length, b.length) === 0) return 0;
  const changes = diffLines(a, b, { maxEditLength: 10_000 });
  if (!changes) return 0;
  let same = 0;
  for (const change of changes) if (!change.added && !change.removed) same += change.value.length;
  return same / longer;
}

const basename = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/**
 * Pairs removed files with added files that are the same document moved (folder mode has no git
 * to say so; renames are followed, docs/design.md#what-a-change-answers-for). A removed and an added file whose
 * {@link similarity} is at least `minSimilarity` (default: `0.5`, git's rule) become one `renamed`
 * pair — head path, `previousPath`, both texts — compared as an edit of one document: a pure
 * rename then has nothing to report.
 *
 * Candidates are taken best first, each file at most once: higher similarity, then the same file
 * name (git's tie-break), then the removed path, then the added path (code-unit order) — so
 * identical copies pair the same way on every run. Other pairs are returned unchanged, in input
 * order, with each rename at its added file's place.
 */
export function followRenames<T extends TextPair>(pairs: readonly T[], options: RenameOptions = {}): T[] {
  const minSimilarity = options.minSimilarity ?? 0.5;
  const removed = pairs.filter((pair) => pair.status === 'removed' && pair.base !== null);
  const added = pairs.filter((pair) => pair.status === 'added' && pair.head !== null);
  const candidates: { from: T; to: T; score: number; sameName: boolean }[] = [];
  for (const from of removed) {
    for (const to of added) {
      // Unchanged characters cannot exceed the shorter text: skip pairs that cannot reach the bar.
      if (Math.min(from.base!.length, to.head!.length) < minSimilarity * Math.max(from.base!.length, to.head!.length)) continue;
      const score = similarity(from.base!, to.head!);
      if (score >= minSimilarity) candidates.push({ from, to, score, sameName: basename(from.path) === basename(to.path) });
    }
  }
  const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  candidates.sort(
    (a, b) => b.score - a.score || Number(b.sameName) - Number(a.sameName) || order(a.from.path, b.from.path) || order(a.to.path, b.to.path),
  );
  const renamedTo = new Map<T, T>();
  const used = new Set<T>();
  for (const { from, to } of candidates) {
    if (used.has(from) || used.has(to)) continue;
    used.add(from);
    used.add(to);
    renamedTo.set(to, from);
  }
  const result: T[] = [];
  for (const pair of pairs) {
    const from = renamedTo.get(pair);
    if (from) result.push({ ...pair, previousPath: from.path, status: 'renamed', base: from.base, head: pair.head });
    else if (!used.has(pair)) result.push(pair);
  }
  return result;
}
