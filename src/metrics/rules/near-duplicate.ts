import type { StructuralInput } from '../structural/input.js';
import { normalizedText } from './duplicate-chunk.js';
import { finding, type RuleFinding } from './finding.js';
import { NumberIds } from './number-ids.js';
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
  const words = new Map<string, number>();
  const wordIds = chunks.map((chunk) => chunkTokens(chunk).words.map((word) => intern(words, word)));
  const interned: Interned = { packed: width <= 3 && words.size <= WORD_LIMIT, steps: [], shingles: new NumberIds() };
  const sets = wordIds.map((ids) => shingleIds(ids, width, interned));
  const frequency = new Uint32Array(interned.shingles.size);
  for (const set of sets) for (const id of set) frequency[id]! += 1;
  // Rarest first, ties by id: `frequency · 2³² + id` sorts as one number.
  const sorted = sets.map((set) => {
    const keys = new Float64Array(set.length);
    for (let at = 0; at < set.length; at++) keys[at] = frequency[set[at]!]! * 2 ** 32 + set[at]!;
    return keys.sort();
  });

  const index: number[][] = [];
  const indexedTexts = new Set<string>();
  const findings: RuleFinding[] = [];
  const seen = new Int32Array(chunks.length).fill(-1);
  const shared = new Int32Array(chunks.length);
  for (const [current, keys] of sorted.entries()) {
    const size = keys.length;
    if (size === 0) continue;
    const prefix = size - Math.ceil(threshold * size - EPSILON) + 1;
    const candidates: number[] = [];
    for (let at = 0; at < prefix && at < size; at++) {
      const postings = index[keys[at]! % 2 ** 32];
      if (!postings) continue;
      for (let entry = Math.max(0, postings.length - POSTINGS); entry < postings.length; entry++) {
        const earlier = postings[entry]!;
        if (seen[earlier] === current) {
          shared[earlier]! += 1;
          continue;
        }
        seen[earlier] = current;
        shared[earlier] = 1;
        const other = sets[earlier]!;
        if (other.length < threshold * size - EPSILON || size < threshold * other.length - EPSILON) continue;
        if (normalizedText(chunks[earlier]!) === normalizedText(chunks[current]!)) continue;
        candidates.push(earlier);
      }
    }
    if (candidates.length > VERIFIED) {
      candidates.sort((a, b) => shared[b]! - shared[a]! || a - b);
      candidates.length = VERIFIED;
    }
    let best = -1;
    let bestScore = 0;
    for (const earlier of candidates.sort((a, b) => a - b)) {
      const other = sets[earlier]!;
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
        }),
      );
    }
    // A repeat of an indexed text would only ever be found alongside its first copy: index text once,
    // so boilerplate repeated thousands of times does not make candidate lists quadratic.
    const text = normalizedText(chunks[current]!);
    if (indexedTexts.has(text)) continue;
    indexedTexts.add(text);
    for (let at = 0; at < prefix && at < size; at++) {
      const postings = (index[keys[at]! % 2 ** 32] ??= []);
      postings.push(current);
      // Only the last POSTINGS entries are read: drop older ones now and then, in amortised O(1).
      if (postings.length >= 2 * POSTINGS) postings.splice(0, postings.length - POSTINGS);
    }
  }
  return findings;
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
function shingleIds(ids: readonly number[], width: number, interned: Interned): Uint32Array {
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
