import type { StructuralInput } from '../structural/input.js';
import { normalizeWhitespace } from './duplicate-chunk.js';
import { finding, type RuleFinding } from './finding.js';
import { wordsOf } from './words.js';

/** Options for {@link checkNearDuplicates}. */
export interface NearDuplicateOptions {
  /** Word-shingle Jaccard similarity at or above which two chunks are near duplicates (default: `0.9`). */
  threshold?: number;
  /** Words per shingle (default: `3`; a chunk with fewer words is one shingle). */
  shingle?: number;
}

/** Float noise must not move a set size across a ceiling. */
const EPSILON = 1e-9;

/**
 * `near-duplicate`: the chunk's word-shingle set has Jaccard similarity ≥ 0.9
 * with an earlier chunk's (`|A ∩ B| / |A ∪ B|`, 3-word shingles), and the two are
 * not exact duplicates (that is `duplicate-chunk`). Reports the most similar
 * earlier chunk, on the chunk's first line.
 *
 * No all-pairs scan: prefix filtering over an inverted index (AllPairs). With the
 * shingles of every set ordered by global rarity, two sets with Jaccard ≥ t must
 * share a shingle within the first `|A| − ⌈t·|A|⌉ + 1` of each, and their sizes
 * differ by at most a factor t; only such candidates are verified exactly.
 */
export function checkNearDuplicates(input: StructuralInput, options: NearDuplicateOptions = {}): RuleFinding[] {
  const threshold = options.threshold ?? 0.9;
  const width = options.shingle ?? 3;
  const { chunks } = input;
  const ids = new Map<string, number>();
  const sets = chunks.map((chunk) => shingleIds(wordsOf(chunk.text), width, ids));
  const frequency = new Uint32Array(ids.size);
  for (const set of sets) for (const id of set) frequency[id]! += 1;
  const byRarity = (a: number, b: number): number => frequency[a]! - frequency[b]! || a - b;
  const sorted = sets.map((set) => [...set].sort(byRarity));
  const normalized = chunks.map((chunk) => normalizeWhitespace(chunk.text));

  const index = new Map<number, number[]>();
  const findings: RuleFinding[] = [];
  for (const [current, tokens] of sorted.entries()) {
    const size = tokens.length;
    if (size === 0) continue;
    const prefix = size - Math.ceil(threshold * size - EPSILON) + 1;
    const candidates = new Set<number>();
    for (const token of tokens.slice(0, prefix)) for (const earlier of index.get(token) ?? []) candidates.add(earlier);
    let best = -1;
    let bestScore = 0;
    for (const earlier of [...candidates].sort((a, b) => a - b)) {
      const other = sets[earlier]!;
      if (other.size < threshold * size - EPSILON || size < threshold * other.size - EPSILON) continue;
      if (normalized[earlier] === normalized[current]) continue;
      const score = jaccard(sets[current]!, other);
      if (score >= threshold - EPSILON && score > bestScore) {
        best = earlier;
        bestScore = score;
      }
    }
    if (best !== -1) {
      findings.push(
        finding(current, 'near-duplicate', {
          message: `Unexpected near duplicate of chunk ${best} (line ${chunks[best]!.startLine}, ${Math.round(bestScore * 100)}% similar), expected distinct text`,
          line: chunks[current]!.startLine,
          actual: bestScore,
          expected: threshold,
          hint: 'Merge the two passages or make each specific to its section: near duplicates crowd other results out of the top k.',
        }),
      );
    }
    for (const token of tokens.slice(0, prefix)) {
      const posting = index.get(token);
      if (posting) posting.push(current);
      else index.set(token, [current]);
    }
  }
  return findings;
}

/** The set of `width`-word shingle ids of `words` (one shingle when there are fewer words), interning new shingles in `ids`. */
function shingleIds(words: readonly string[], width: number, ids: Map<string, number>): Set<number> {
  const set = new Set<number>();
  const count = Math.max(1, words.length - width + 1);
  if (words.length === 0) return set;
  for (let at = 0; at < count; at += 1) {
    const shingle = words.slice(at, at + width).join('\u0001');
    let id = ids.get(shingle);
    if (id === undefined) {
      id = ids.size;
      ids.set(shingle, id);
    }
    set.add(id);
  }
  return set;
}

function jaccard(a: ReadonlySet<number>, b: ReadonlySet<number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const id of small) if (large.has(id)) shared += 1;
  return shared / (a.size + b.size - shared);
}
