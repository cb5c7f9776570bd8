import type { Chunk } from '../../../types.js';
import { chunkText } from './chunk-text.js';
import { toScore, type ContentInput, type MetricDetail } from './input.js';

/** Tokens per shingle: 5 words, or 5 characters of CJK text. */
const SHINGLE = 5;
/** Share of shingles a chunk may share with others before it loses points (stock phrases). */
const TOLERANCE = 0.1;
/** Share of shared shingles at which the score reaches 0: such a chunk mostly repeats text found elsewhere. */
const SATURATION = 0.7;
/** Primes below 2²⁶ for the two shingle hashes: products stay far below 2⁵³. */
const HASH_PRIME_HIGH = 67_108_859;
const HASH_PRIME_LOW = 67_108_837;
/** Slack on the configured overlap: chunkers snap overlap to word or sentence edges. */
const OVERLAP_SLACK = 1.2;

/**
 * `cross_chunk_redundancy_reversed` with its findings: d = share of the chunk's 5-token
 * shingles that also occur in another chunk of the document, shingles inside the allowed
 * overlap with a direct neighbour excused; score = 100 × (1 − min(1, max(0, d − 0.1) / 0.6)).
 */
export function crossChunkRedundancyReversedDetails(input: ContentInput): MetricDetail[] {
  const ids = new Map<string, number>();
  const shingles = input.chunks.map((chunk) => shinglesOf(chunk, ids));
  const owners = shingleOwners(shingles);
  return input.chunks.map((chunk, index) => {
    const list = shingles[index]!;
    if (list.length === 0) return { score: 100, findings: [] };
    const allowed = allowedOverlapChars(input, chunk);
    const duplicated = duplicatedShingles(list, owners, input.chunks[index - 1], input.chunks[index + 1], chunk, allowed);
    const share = duplicated / list.length;
    const score = toScore(100 * (1 - Math.min(1, Math.max(0, share - TOLERANCE) / (SATURATION - TOLERANCE))));
    if (score === 100) return { score, findings: [] };
    return {
      score,
      findings: [
        {
          code: 'repeated-text',
          message: `${Math.round(share * 100)}% of its phrases (${SHINGLE}-word / ${SHINGLE}-character shingles) also appear in other chunks, beyond the configured overlap of ${input.options.overlap} ${input.options.unit}`,
          points: score - 100,
        },
      ],
    };
  });
}

/**
 * `cross_chunk_redundancy_reversed` of each chunk: 100 × (1 − min(1, max(0, d − 0.1) / 0.6)), d = share
 * of its 5-word (CJK: 5-character) shingles found in other chunks, excluding the configured
 * overlap with its direct neighbours. Chunks of fewer than 5 tokens score 100.
 */
export function crossChunkRedundancyReversed(input: ContentInput): number[] {
  return crossChunkRedundancyReversedDetails(input).map((detail) => detail.score);
}

/**
 * A chunk's shingles as parallel columns (docs/design.md#speed: no object per shingle, and no boxed
 * double per key): `keys[i]` packs two 26-bit polynomial hashes of the token ids in one safe
 * integer (collisions ~n²/2⁵²); `starts[i]` / `ends[i]` are the source offsets of the
 * shingle's first and last token. Only the first `length` entries are used.
 */
interface Shingles {
  keys: Float64Array;
  starts: Int32Array;
  ends: Int32Array;
  length: number;
}

/** Marks a key held by two chunks or more in {@link shingleOwners}. */
const SHARED = -1;

/**
 * Which chunk holds each shingle key: its chunk index when one chunk alone holds it,
 * {@link SHARED} when two or more do (small integers, so the map boxes nothing but its keys).
 */
function shingleOwners(shingles: readonly Shingles[]): Map<number, number> {
  const owners = new Map<number, number>();
  for (let index = 0; index < shingles.length; index++) {
    const { keys, length } = shingles[index]!;
    for (let at = 0; at < length; at++) {
      const key = keys[at]!;
      const owner = owners.get(key);
      if (owner === undefined) owners.set(key, index);
      else if (owner !== index && owner !== SHARED) owners.set(key, SHARED);
    }
  }
  return owners;
}

/**
 * How many of the chunk's shingles another chunk holds too, shingles inside the allowed
 * overlap with its direct neighbours (`previous` / `next`) excused.
 */
function duplicatedShingles(list: Shingles, owners: ReadonlyMap<number, number>, previous: Chunk | undefined, next: Chunk | undefined, chunk: Chunk, allowed: number): number {
  const { keys, starts, ends, length } = list;
  // Read once: an empty range (start > end) excuses nothing when the neighbour is missing.
  const previousStart = previous === undefined ? Infinity : previous.startOffset;
  const previousEnd = previous === undefined ? -Infinity : previous.endOffset;
  const nextStart = next === undefined ? Infinity : next.startOffset;
  const nextEnd = next === undefined ? -Infinity : next.endOffset;
  const { startOffset, endOffset } = chunk;
  let duplicated = 0;
  for (let at = 0; at < length; at++) {
    if (owners.get(keys[at]!) !== SHARED) continue;
    const start = starts[at]!;
    const end = ends[at]!;
    const inPrevious = start >= previousStart && end <= previousEnd && end - startOffset <= allowed;
    const inNext = start >= nextStart && end <= nextEnd && endOffset - start <= allowed;
    if (!inPrevious && !inNext) duplicated += 1;
  }
  return duplicated;
}

/** Token ids of the chunk being shingled (0: not looked up yet), reused across chunks. */
let scratchIds = new Int32Array(256);

/**
 * The shingles of the chunk's own source extent, with source offsets. Text a chunker
 * repeats on purpose (a table header or fence in `prefix` / `suffix`) is not shingled.
 */
function shinglesOf(chunk: Chunk, ids: Map<string, number>): Shingles {
  const { tokens } = chunkText(chunk);
  const { words, starts, ends } = tokens;
  const own = ownTextRange(chunk);
  const capacity = Math.max(0, words.length - SHINGLE + 1);
  const list: Shingles = { keys: new Float64Array(capacity), starts: new Int32Array(capacity), ends: new Int32Array(capacity), length: 0 };
  if (capacity === 0) return list;
  // Each token's id, looked up once (0: not yet) instead of once per shingle it is in. Ids are
  // still handed out in the order tokens are first met in a shingle, so the keys stay the same.
  if (scratchIds.length < words.length) scratchIds = new Int32Array(words.length * 2);
  const tokenIds = scratchIds;
  tokenIds.fill(0, 0, words.length);
  const shift = chunk.startOffset - own.start;
  let length = 0;
  for (let index = 0; index < capacity; index++) {
    const first = starts[index]!;
    const last = ends[index + SHINGLE - 1]!;
    if (first < own.start || last > own.end) continue;
    let high = 0;
    let low = 0;
    for (let at = index; at < index + SHINGLE; at++) {
      let id = tokenIds[at]!;
      if (id === 0) {
        const word = words[at]!;
        let known = ids.get(word);
        if (known === undefined) ids.set(word, (known = ids.size + 1));
        tokenIds[at] = id = known;
      }
      // `>>> 0` changes no value (hash < 2²⁶, so hash × 37 + id < 2³² while id < 2²⁴, the most
      // entries a V8 Map holds) but lets the optimiser use 32-bit integer arithmetic from the
      // start instead of speculating on small integers and deoptimising at the first overflow.
      high = ((high * 31 + id) >>> 0) % HASH_PRIME_HIGH;
      low = ((low * 37 + id) >>> 0) % HASH_PRIME_LOW;
    }
    list.keys[length] = high * 2 ** 26 + low;
    list.starts[length] = shift + first;
    list.ends[length] = shift + last;
    length += 1;
  }
  list.length = length;
  return list;
}

/** Where the chunk's own `[startOffset, endOffset)` slice lies inside its text. */
function ownTextRange(chunk: Chunk): { start: number; end: number } {
  let start = 0;
  for (const span of chunk.spans) {
    // The sum is taken before the test, so the first span already teaches the optimiser its
    // types: a chunk with a prefix span no longer meets untried arithmetic (docs/design.md#speed).
    const end = start + (span.end - span.start);
    if (span.start === chunk.startOffset && span.end === chunk.endOffset) return { start, end };
    start = end;
  }
  return { start: 0, end: chunk.text.length };
}

/** The configured overlap in characters of this chunk (tokens converted at the chunk's chars-per-token), with 20% slack. */
function allowedOverlapChars(input: ContentInput, chunk: Chunk): number {
  const { overlap, unit } = input.options;
  if (overlap <= 0) return 0;
  const charsPerUnit = unit === 'chars' ? 1 : chunk.chars / Math.max(1, chunk.tokens);
  return overlap * charsPerUnit * OVERLAP_SLACK;
}
