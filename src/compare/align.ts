import type { EvaluatedChunk } from '../types.js';
import { mapLines, type MappedLines } from './line-map.js';
import { jaccard, wordSet } from './similarity.js';

/** How a head chunk found its base chunk (docs/design.md#what-a-change-answers-for), or `new` when it found none. */
export type MatchKind = 'hash' | 'similarity' | 'lines' | 'new';

/** One head chunk and the base chunk it replaces. */
export interface ChunkMatch {
  head: EvaluatedChunk;
  base: EvaluatedChunk | null;
  match: MatchKind;
}

/** One side of the comparison: its evaluated chunks and the Markdown source they were cut from. */
export interface AlignSide {
  chunks: EvaluatedChunk[];
  source: string;
}

/** Options of {@link alignChunks}. */
export interface AlignOptions {
  /** Smallest word-level Jaccard similarity for a `similarity` match (default: `0.5`). */
  minSimilarity?: number;
}

interface Candidate {
  head: number;
  base: number;
  score: number;
}

/**
 * Pairs candidates best-first: highest score, then lowest head index, then lowest base
 * index, so the result does not depend on the order candidates were found in.
 */
function pairGreedy(candidates: Candidate[], baseOf: (number | null)[], baseUsed: boolean[]): void {
  candidates.sort((a, b) => b.score - a.score || a.head - b.head || a.base - b.base);
  for (const { head, base } of candidates) {
    if (baseOf[head] !== null || baseUsed[base]) continue;
    baseOf[head] = base;
    baseUsed[base] = true;
  }
}

/** Head lines shared by `[start, end]` and `[from, to]` (0 when they are disjoint). */
function overlap(start: number, end: number, range: MappedLines): number {
  return Math.max(0, Math.min(end, range.to) - Math.max(start, range.from) + 1);
}

/**
 * Aligns each head chunk with at most one base chunk, in three passes over what is still
 * unmatched (docs/design.md#what-a-change-answers-for):
 *
 * 1. `hash`: identical text (the text itself is the key, so the path in `chunk.id` does not
 *    matter); repeated texts pair in document order.
 * 2. `similarity`: same heading path and word-level Jaccard ≥ `minSimilarity` (default: `0.5`),
 *    greedy best-first, ties broken by head index then base index.
 * 3. `lines`: base line ranges mapped onto head lines through a line diff of the two sources
 *    ({@link mapLines}); each head chunk takes the base chunk whose mapped range overlaps its
 *    own line range the most (greedy best-first, same tie-break).
 *
 * Head chunks left over are `new`. The result has one entry per head chunk, in head order.
 */
export function alignChunks(base: AlignSide, head: AlignSide, options: AlignOptions = {}): ChunkMatch[] {
  const minSimilarity = options.minSimilarity ?? 0.5;
  const baseOf: (number | null)[] = head.chunks.map(() => null);
  const kind: MatchKind[] = head.chunks.map(() => 'new');
  const baseUsed: boolean[] = base.chunks.map(() => false);

  const byText = new Map<string, number[]>();
  base.chunks.forEach((chunk, index) => {
    const list = byText.get(chunk.text);
    if (list) list.push(index);
    else byText.set(chunk.text, [index]);
  });
  head.chunks.forEach((chunk, index) => {
    const match = byText.get(chunk.text)?.shift();
    if (match === undefined) return;
    baseOf[index] = match;
    baseUsed[match] = true;
    kind[index] = 'hash';
  });

  const pass = (label: MatchKind, candidates: Candidate[]): void => {
    pairGreedy(candidates, baseOf, baseUsed);
    baseOf.forEach((match, index) => {
      if (match !== null && kind[index] === 'new') kind[index] = label;
    });
  };
  const openHeads = (): number[] => head.chunks.flatMap((_, index) => (baseOf[index] === null ? [index] : []));
  const openBases = (): number[] => base.chunks.flatMap((_, index) => (baseUsed[index] ? [] : [index]));

  const similar: Candidate[] = [];
  const baseWords = new Map<number, Set<string>>();
  const wordsOf = (index: number): Set<string> => {
    let words = baseWords.get(index);
    if (!words) baseWords.set(index, (words = wordSet(base.chunks[index]!.text)));
    return words;
  };
  const bases = openBases();
  for (const h of openHeads()) {
    const headChunk = head.chunks[h]!;
    const path = headChunk.headingPath.join('\u0000');
    // Words only once a base chunk shares the heading path: a new file (no base) splits none.
    let headWords: Set<string> | undefined;
    for (const b of bases) {
      const baseChunk = base.chunks[b]!;
      if (baseChunk.headingPath.join('\u0000') !== path) continue;
      headWords ??= wordSet(headChunk.text);
      const words = wordsOf(b);
      // Jaccard cannot exceed the ratio of the set sizes: skip pairs that cannot reach the bar.
      const sizes = [words.size, headWords.size].sort((x, y) => x - y);
      if (sizes[1]! > 0 && sizes[0]! / sizes[1]! < minSimilarity) continue;
      const score = jaccard(headWords, words);
      if (score >= minSimilarity) similar.push({ head: h, base: b, score });
    }
  }
  pass('similarity', similar);

  const heads = openHeads();
  const unmatched = openBases();
  if (heads.length > 0 && unmatched.length > 0) {
    const lineMap = mapLines(base.source, head.source);
    const near: Candidate[] = [];
    for (const b of unmatched) {
      const chunk = base.chunks[b]!;
      let range: MappedLines | null = null;
      for (let line = chunk.startLine; line <= chunk.endLine; line += 1) {
        const mapped = lineMap[line];
        if (!mapped) continue;
        range = range ? { from: Math.min(range.from, mapped.from), to: Math.max(range.to, mapped.to) } : { ...mapped };
      }
      if (!range) continue;
      for (const h of heads) {
        const score = overlap(head.chunks[h]!.startLine, head.chunks[h]!.endLine, range);
        if (score > 0) near.push({ head: h, base: b, score });
      }
    }
    pass('lines', near);
  }

  return head.chunks.map((chunk, index) => {
    const match = baseOf[index]!;
    return { head: chunk, base: match === null ? null : base.chunks[match]!, match: kind[index]! };
  });
}
