import type { StructuralInput } from '../structural/input.js';
import { normalizedText } from './duplicate-chunk.js';
import { finding, type RuleFinding } from './finding.js';
import { wordsOf } from './words.js';

/** Options for {@link checkNearDuplicates}. */
export interface NearDuplicateOptions {
  /** Word-shingle Jaccard similarity at or above which two chunks are near duplicates (default: `0.9`). */
  threshold?: number;
  /** Words per shingle, 1–15 (default: `3`; a chunk with fewer words is one shingle). */
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
  const width = Math.min(15, Math.max(1, Math.floor(options.shingle ?? 3)));
  const { chunks } = input;
  const interned: Interned = { words: new Map(), steps: [], shingles: new Map() };
  const sets = chunks.map((chunk) => shingleIds(wordsOf(chunk.text), width, interned));
  const frequency = new Uint32Array(interned.shingles.size);
  for (const set of sets) for (const id of set) frequency[id]! += 1;
  const byRarity = (a: number, b: number): number => frequency[a]! - frequency[b]! || a - b;
  const sorted = sets.map((set) => [...set].sort(byRarity));

  const index = new Map<number, number[]>();
  const indexedTexts = new Set<string>();
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
      if (normalizedText(chunks[earlier]!) === normalizedText(chunks[current]!)) continue;
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
    // A repeat of an indexed text would only ever be found alongside its first copy: index text once,
    // so boilerplate repeated thousands of times does not make candidate lists quadratic.
    const text = normalizedText(chunks[current]!);
    if (indexedTexts.has(text)) continue;
    indexedTexts.add(text);
    for (const token of tokens.slice(0, prefix)) {
      const posting = index.get(token);
      if (posting) posting.push(current);
      else index.set(token, [current]);
    }
  }
  return findings;
}

/**
 * The set of `width`-word shingle ids of `words` (one shorter shingle when there
 * are fewer words), as dense numbers: words are interned, then each shingle's
 * prefix of k + 1 words is interned from (prefix of k words, next word) in a table
 * per step. Exact for up to 2²¹ distinct words per document; no string per shingle.
 */
function shingleIds(words: readonly string[], width: number, interned: Interned): Set<number> {
  const set = new Set<number>();
  if (words.length === 0) return set;
  const ids = words.map((word) => intern(interned.words, word));
  const length = Math.min(width, ids.length);
  for (let at = 0; at + length <= ids.length; at += 1) {
    let key = ids[at]!;
    for (let step = 1; step < length; step += 1) {
      interned.steps[step - 1] ??= new Map();
      key = intern(interned.steps[step - 1]!, key * WORD_BASE + ids[at + step]!);
    }
    // The length keeps a short shingle apart from a full one with the same prefix id.
    set.add(intern(interned.shingles, key * 16 + length));
  }
  return set;
}

/** Word ids stay below 2²¹, prefix ids below 2³¹: `prefix · 2²¹ + word` is an exact number key. */
const WORD_BASE = 2 ** 21;

interface Interned {
  words: Map<string, number>;
  /** `steps[k − 1]`: (id of a k-word prefix, next word id) → id of the (k + 1)-word prefix. */
  steps: Map<number, number>[];
  shingles: Map<number, number>;
}

function intern<K>(table: Map<K, number>, key: K): number {
  let id = table.get(key);
  if (id === undefined) {
    id = table.size;
    table.set(key, id);
  }
  return id;
}

function jaccard(a: ReadonlySet<number>, b: ReadonlySet<number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const id of small) if (large.has(id)) shared += 1;
  return shared / (a.size + b.size - shared);
}
