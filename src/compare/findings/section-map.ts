import type { ParsedDoc } from '../../types.js';
import { headingStacks, pathKey } from './sections.js';

/** Share of a title's words (the longer title's count) that a reworded heading keeps to stay the same section. */
const SAME_WORDS = 0.5;

/**
 * The heading-id a title carries, as the parser leaves it in the title: `{#rollback}`,
 * `{ #id .class }`, an MDX id comment (`{/*usage*\/}`, read as `{/usage/}`), or an `id="…"`
 * attribute (`<a id="x"></a>`); `undefined` without one.
 */
export function anchorOf(title: string): string | undefined {
  const match = /\{\s*#([^\s}]+)[^}]*\}|\{\/\*?\s*([\w.-]+)\s*\*?\/\}|\bid="([^"]+)"/.exec(title);
  return match ? (match[1] ?? match[2] ?? match[3])!.toLowerCase() : undefined;
}

/** A title's words, lower-cased, heading-ids and tags left out. */
function wordsOf(title: string): string[] {
  const text = title.replace(/\{[^{}]*\}/g, ' ').replace(/<[^<>]*>/g, ' ');
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Shared words over the longer title's word count (0 when either has none). */
function wordOverlap(a: string, b: string): number {
  const left = new Set(wordsOf(a));
  const right = new Set(wordsOf(b));
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / Math.max(left.size, right.size);
}

/**
 * How the sections of a base document carry over to its head: a map from each base
 * heading path ({@link pathKey} of its heading stack) to the head heading path of the same section.
 * Headings are paired in base order, each under its parent's counterpart: the same title first;
 * else, among the head headings of the same level there that no base heading kept, the one with
 * the same heading-id (`{#anchor}`, `{/*id*\/}`) — a heading translated or reworded with its
 * anchor kept —, else the one sharing the most words, at least half of the longer title's
 * (`Next steps` → `Next Steps`), else the only top-level heading when the base has only one too (a
 * page's H1, translated). A base path with no counterpart is absent (the section is gone).
 */
export function sectionCounterparts(baseDoc: ParsedDoc, headDoc: ParsedDoc): Map<string, string[]> {
  const basePaths = headingStacks(baseDoc);
  const headPaths = headingStacks(headDoc);
  const heads = headDoc.blocks
    .filter((block) => block.kind === 'heading')
    .map((block) => ({ depth: block.depth ?? 1, path: headPaths[block.startLine] ?? [] }))
    .filter((entry) => entry.path.length > 0);
  const headKeys = new Set(heads.map((entry) => pathKey(entry.path)));
  const byParent = new Map<string, typeof heads>();
  for (const entry of heads) {
    const key = pathKey(entry.path.slice(0, -1));
    byParent.set(key, [...(byParent.get(key) ?? []), entry]);
  }
  const baseSiblings = new Map<string, number>();
  for (const block of baseDoc.blocks) {
    if (block.kind !== 'heading') continue;
    const key = pathKey((basePaths[block.startLine] ?? []).slice(0, -1));
    baseSiblings.set(key, (baseSiblings.get(key) ?? 0) + 1);
  }
  const map = new Map<string, string[]>();
  const taken = new Set<string>();
  const baseKeys = new Set(baseDoc.blocks.filter((block) => block.kind === 'heading').map((block) => pathKey(basePaths[block.startLine] ?? [])));
  for (const block of baseDoc.blocks) {
    if (block.kind !== 'heading') continue;
    const path = basePaths[block.startLine] ?? [];
    if (path.length === 0 || map.has(pathKey(path))) continue;
    const parent = path.slice(0, -1);
    const headParent = parent.length === 0 ? [] : map.get(pathKey(parent));
    if (!headParent) continue;
    const title = path.at(-1)!;
    const same = [...headParent, title];
    if (headKeys.has(pathKey(same))) {
      map.set(pathKey(path), same);
      taken.add(pathKey(same));
      continue;
    }
    const anchor = anchorOf(title);
    let best: { path: string[]; score: number } | null = null;
    const siblings = byParent.get(pathKey(headParent)) ?? [];
    // The one top-level heading on both sides (a page's H1, translated) is the same section.
    const alone = parent.length === 0 && baseSiblings.get(pathKey(parent)) === 1 && siblings.length === 1;
    for (const candidate of siblings) {
      const key = pathKey(candidate.path);
      // A head heading some base heading has by its own title is not free to stand in for another.
      if (candidate.depth !== (block.depth ?? 1) || taken.has(key) || baseKeys.has(key)) continue;
      const other = candidate.path.at(-1)!;
      const score = anchor !== undefined && anchorOf(other) === anchor ? 2 : alone ? 1 : wordOverlap(title, other);
      if (score >= SAME_WORDS && (best === null || score > best.score)) best = { path: candidate.path, score };
    }
    if (best) {
      map.set(pathKey(path), best.path);
      taken.add(pathKey(best.path));
    }
  }
  return map;
}
