import type { StructuralInput } from '../structural/input.js';
import { normalizedText } from './duplicate-chunk.js';
import { finding, type RuleFinding } from './finding.js';
import { NumberIds } from './number-ids.js';
import { sortSmallest } from './smallest-first.js';
import { chunkTokens } from '../chunk-tokens.js';

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
 * with an earlier chunk's (`|A ∩ B| / |A ∪ B|`, 3-word shingles; words as the content
 * metrics split them, `chunkTokens`), and the two are
 * not exact duplicates (that is `duplicate-chunk`). Reports the most similar
 * earlier chunk, on the chunk's first line.
 *
 * No all-pairs scan: prefix filtering over an inverted index (AllPairs). With the
 * shingles of every set ordered by global rarity, two sets with Jaccard ≥ t must
 * share a shingle within the first `|A| − ⌈t·|A|⌉ + 1` of each, and their sizes
 * differ by at most a factor t; only such candidates are verified exactly.
 *
 * Bounded work when many chunks are near duplicates of each other (a template repeated with
 * small edits, where every pair is a candidate): a shingle's posting list keeps its
 * {@link POSTINGS} most recent chunks, and at most {@link VERIFIED} candidates of a chunk are
 * verified, those sharing the most prefix shingles (then the earliest). So the rule costs
 * O(N log N) in the number of shingles N, and its findings are exactly those of the all-pairs
 * definition whenever no chunk has more than 64 candidates (any document of up to 65 chunks, and
 * groups of near duplicates of up to 65 chunks). In a larger group a chunk is reported against
 * the most similar of its 64 most promising candidates; on the group of 400 of
 * test/metrics/rules/duplicates.test.ts that flags exactly the chunks the all-pairs scan flags.
 */
export function checkNearDuplicates(input: StructuralInput, options: NearDuplicateOptions = {}): RuleFinding[] {
  const threshold = options.threshold ?? 0.9;
  const width = Math.min(15, Math.max(1, Math.floor(options.shingle ?? 3)));
  const { chunks } = input;
  const sets = shingleSets(chunks, width);
  const shingles = shingleCount(sets);
  const sorted = rarestFirst(sets, shingles, threshold);
  const index = new PrefixIndex(sets, shingles);
  const indexedTexts = new Set<string>();
  const findings: RuleFinding[] = [];
  for (let current = 0; current < sorted.length; current++) {
    const keys = sorted[current]!;
    const size = keys.length;
    if (size === 0) continue;
    const prefix = prefixLength(size, threshold);
    const candidates = index.candidates(chunks, current, keys, prefix, threshold);
    const best = mostSimilar(sets, current, candidates, threshold);
    if (best !== -1) {
      findings.push(
        finding(current, 'near-duplicate', {
          message: `Unexpected near duplicate of chunk ${best} (line ${chunks[best]!.startLine}, ${Math.round(bestScore * 100)}% similar), expected distinct text`,
          line: chunks[current]!.startLine,
          actual: bestScore,
          expected: threshold,
        }),
      );
    }
    // A repeat of an indexed text would only ever be found alongside its first copy: index text once,
    // so boilerplate repeated thousands of times does not make candidate lists quadratic.
    const text = normalizedText(chunks[current]!);
    if (indexedTexts.has(text)) continue;
    indexedTexts.add(text);
    index.add(current, keys, prefix);
  }
  return findings;
}

/*
 * The rule is split into small functions over typed arrays and one-shape objects on purpose: as one
 * function with closures and iterators it was deoptimised and recompiled by V8 several times a run.
 */

/** Each chunk's shingle set ({@link shingleIds}), with words interned per document. */
function shingleSets(chunks: StructuralInput['chunks'], width: number): Uint32Array[] {
  const words = new Map<string, number>();
  const wordIds: Uint32Array[] = [];
  for (let at = 0; at < chunks.length; at++) wordIds.push(internWords(words, chunkTokens(chunks[at]!).words));
  const interned: Interned = { packed: width <= 3 && words.size <= WORD_LIMIT, steps: [], shingles: new NumberIds() };
  const sets: Uint32Array[] = [];
  for (let at = 0; at < wordIds.length; at++) sets.push(shingleIds(wordIds[at]!, width, interned));
  return sets;
}

function internWords(table: Map<string, number>, words: readonly string[]): Uint32Array {
  const ids = new Uint32Array(words.length);
  for (let at = 0; at < words.length; at++) ids[at] = intern(table, words[at]!);
  return ids;
}

/** One more than the largest shingle id of the sets (sorted: the last id is the largest). */
function shingleCount(sets: readonly Uint32Array[]): number {
  let shingles = 0;
  for (let at = 0; at < sets.length; at++) {
    const set = sets[at]!;
    if (set.length > 0) shingles = Math.max(shingles, set[set.length - 1]! + 1);
  }
  return shingles;
}

/** Shingles of a set of `size` that a set with Jaccard ≥ `threshold` must share one of (AllPairs' prefix). */
function prefixLength(size: number, threshold: number): number {
  return Math.min(size, size - Math.ceil(threshold * size - EPSILON) + 1);
}

/**
 * Each set's shingles as keys `frequency · 2³² + id` (one number sorts rarest first, ties by id),
 * the set's {@link prefixLength} rarest first and in order: only that prefix is ever read.
 */
function rarestFirst(sets: readonly Uint32Array[], shingles: number, threshold: number): Float64Array[] {
  const frequency = new Uint32Array(shingles);
  for (let at = 0; at < sets.length; at++) {
    const set = sets[at]!;
    for (let k = 0; k < set.length; k++) frequency[set[k]!]! += 1;
  }
  const sorted: Float64Array[] = [];
  for (let at = 0; at < sets.length; at++) {
    const set = sets[at]!;
    const keys = new Float64Array(set.length);
    for (let k = 0; k < set.length; k++) keys[k] = frequency[set[k]!]! * 2 ** 32 + set[k]!;
    sorted.push(sortSmallest(keys, prefixLength(keys.length, threshold)));
  }
  return sorted;
}

/** Score of the last {@link mostSimilar} result (a module variable: no object per chunk). */
let bestScore = 0;

/**
 * The most similar candidate with Jaccard ≥ `threshold` (the earliest on ties), or -1; its score
 * goes to {@link bestScore}.
 */
function mostSimilar(sets: readonly Uint32Array[], current: number, candidates: readonly number[], threshold: number): number {
  let best = -1;
  bestScore = 0;
  for (let at = 0; at < candidates.length; at++) {
    const earlier = candidates[at]!;
    const score = jaccard(sets[current]!, sets[earlier]!);
    if (score >= threshold - EPSILON && score > bestScore) {
      best = earlier;
      bestScore = score;
    }
  }
  return best;
}

/** The inverted index of the chunks' prefix shingles (AllPairs), with the per-chunk scratch of a lookup. */
class PrefixIndex {
  /** Posting list of each shingle id (null until a prefix holds it): the chunks, oldest first. */
  private readonly postings: Array<number[] | null>;
  /** The chunk whose lookup last met each chunk, -1 for none. */
  private readonly seen: Int32Array;
  /** Prefix shingles each chunk shares with the chunk in {@link seen}. */
  private readonly shared: Int32Array;
  private readonly sets: readonly Uint32Array[];

  /** `shingles`: one more than the largest shingle id of the sets. */
  constructor(sets: readonly Uint32Array[], shingles: number) {
    this.postings = new Array<number[] | null>(shingles).fill(null);
    this.seen = new Int32Array(sets.length).fill(-1);
    this.shared = new Int32Array(sets.length);
    this.sets = sets;
  }

  /**
   * The earlier chunks sharing a prefix shingle with `current` whose sizes allow Jaccard ≥ threshold
   * and whose text differs, at most {@link VERIFIED} (those sharing the most prefix shingles, then
   * the earliest), in ascending order.
   */
  candidates(chunks: StructuralInput['chunks'], current: number, keys: Float64Array, prefix: number, threshold: number): number[] {
    const { seen, shared, sets } = this;
    const size = keys.length;
    const candidates: number[] = [];
    for (let at = 0; at < prefix; at++) {
      const postings = this.postings[keys[at]! % 2 ** 32];
      if (!postings) continue;
      for (let entry = Math.max(0, postings.length - POSTINGS); entry < postings.length; entry++) {
        const earlier = postings[entry]!;
        if (seen[earlier] === current) {
          shared[earlier]! += 1;
          continue;
        }
        seen[earlier] = current;
        shared[earlier] = 1;
        const other = sets[earlier]!.length;
        if (other < threshold * size - EPSILON || size < threshold * other - EPSILON) continue;
        if (normalizedText(chunks[earlier]!) === normalizedText(chunks[current]!)) continue;
        candidates.push(earlier);
      }
    }
    if (candidates.length > VERIFIED) {
      candidates.sort((a, b) => shared[b]! - shared[a]! || a - b);
      candidates.length = VERIFIED;
    }
    return candidates.sort(ascending);
  }

  /** Adds `current` to the posting lists of its `prefix` rarest shingles. */
  add(current: number, keys: Float64Array, prefix: number): void {
    for (let at = 0; at < prefix; at++) {
      const id = keys[at]! % 2 ** 32;
      let postings = this.postings[id];
      if (!postings) this.postings[id] = postings = [];
      postings.push(current);
      // Only the last POSTINGS entries are read: drop older ones now and then, in amortised O(1).
      if (postings.length >= 2 * POSTINGS) postings.splice(0, postings.length - POSTINGS);
    }
  }
}

function ascending(a: number, b: number): number {
  return a - b;
}

/** Chunks a shingle's posting list keeps (the most recent): bounds the candidates a shingle adds. */
const POSTINGS = 256;
/** Candidates of one chunk verified exactly, at most. */
const VERIFIED = 64;

/**
 * The `width`-word shingles of a chunk's word ids (one shorter shingle when there are
 * fewer words) as dense shingle ids, sorted and unique. A shingle of up to 3 words is one
 * exact number, `((w₀ · 2¹⁷ + w₁) · 2¹⁷ + w₂) · 4 + length`, when the document has at most
 * 2¹⁷ distinct words; longer shingles (or more words) intern each prefix of k + 1 words
 * from (prefix of k words, next word) in a table per step. No string per shingle.
 */
function shingleIds(ids: Uint32Array, width: number, interned: Interned): Uint32Array {
  if (ids.length === 0) return new Uint32Array(0);
  const length = Math.min(width, ids.length);
  const count = ids.length - length + 1;
  const set = new Uint32Array(count);
  for (let at = 0; at < count; at += 1) {
    let key = ids[at]!;
    if (interned.packed) {
      for (let step = 1; step < length; step += 1) key = key * WORD_LIMIT + ids[at + step]!;
    } else {
      for (let step = 1; step < length; step += 1) {
        interned.steps[step - 1] ??= new NumberIds();
        key = interned.steps[step - 1]!.id(key * WORD_BASE + ids[at + step]!);
      }
    }
    // The length keeps a short shingle apart from a full one with the same prefix.
    set[at] = interned.shingles.id(key * (interned.packed ? 4 : 16) + length);
  }
  set.sort();
  let unique = 0;
  for (let at = 0; at < count; at += 1) if (at === 0 || set[at] !== set[at - 1]) set[unique++] = set[at]!;
  return set.subarray(0, unique);
}

/** Word ids stay below 2²¹, prefix ids below 2³¹: `prefix · 2²¹ + word` is an exact number key. */
const WORD_BASE = 2 ** 21;
/** Packed keys of up to 3 words: `(2¹⁷)³ · 4` stays within 2⁵³. */
const WORD_LIMIT = 2 ** 17;

interface Interned {
  /** Whether shingles are packed into one number ({@link shingleIds}). */
  packed: boolean;
  /** `steps[k − 1]`: (id of a k-word prefix, next word id) → id of the (k + 1)-word prefix. */
  steps: NumberIds[];
  shingles: NumberIds;
}

function intern<K>(table: Map<K, number>, key: K): number {
  let id = table.get(key);
  if (id === undefined) {
    id = table.size;
    table.set(key, id);
  }
  return id;
}

/** Jaccard similarity of two sorted, duplicate-free id lists. */
function jaccard(a: Uint32Array, b: Uint32Array): number {
  let shared = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      shared += 1;
      i += 1;
      j += 1;
    } else if (a[i]! < b[j]!) i += 1;
    else j += 1;
  }
  return shared / (a.length + b.length - shared);
}
