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
  const counts = new Map<number, { chunks: number; last: number }>();
  shingles.forEach((list, index) => {
    for (const { key } of list) {
      const seen = counts.get(key);
      if (!seen) counts.set(key, { chunks: 1, last: index });
      else if (seen.last !== index) {
        seen.chunks += 1;
        seen.last = index;
      }
    }
  });
  return input.chunks.map((chunk, index) => {
    const list = shingles[index]!;
    if (list.length === 0) return { score: 100, findings: [] };
    const allowed = allowedOverlapChars(input, chunk);
    const previous = input.chunks[index - 1];
    const next = input.chunks[index + 1];
    let duplicated = 0;
    for (const shingle of list) {
      if ((counts.get(shingle.key)?.chunks ?? 1) < 2) continue;
      const inPrevious = previous !== undefined && shingle.start >= previous.startOffset && shingle.end <= previous.endOffset && shingle.end - chunk.startOffset <= allowed;
      const inNext = next !== undefined && shingle.start >= next.startOffset && shingle.end <= next.endOffset && chunk.endOffset - shingle.start <= allowed;
      if (!inPrevious && !inNext) duplicated += 1;
    }
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

interface Shingle {
  /** Two 26-bit polynomial hashes of the token ids packed in one safe integer (collisions ~n²/2⁵²). */
  key: number;
  /** Source offsets of the shingle's first and last token. */
  start: number;
  end: number;
}

/**
 * The shingles of the chunk's own source extent, with source offsets. Text a chunker
 * repeats on purpose (a table header or fence in `prefix` / `suffix`) is not shingled.
 */
function shinglesOf(chunk: Chunk, ids: Map<string, number>): Shingle[] {
  const { tokens } = chunkText(chunk);
  const own = ownTextRange(chunk);
  const shingles: Shingle[] = [];
  const { words, starts, ends } = tokens;
  // Each token's id, looked up once (0: not yet) instead of once per shingle it is in. Ids are
  // still handed out in the order tokens are first met in a shingle, so the keys stay the same.
  const tokenIds = new Array<number>(words.length).fill(0);
  for (let index = 0; index + SHINGLE <= words.length; index++) {
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
      high = (high * 31 + id) % HASH_PRIME_HIGH;
      low = (low * 37 + id) % HASH_PRIME_LOW;
    }
    shingles.push({ key: high * 2 ** 26 + low, start: chunk.startOffset + first - own.start, end: chunk.startOffset + last - own.start });
  }
  return shingles;
}

/** Where the chunk's own `[startOffset, endOffset)` slice lies inside its text. */
function ownTextRange(chunk: Chunk): { start: number; end: number } {
  let start = 0;
  for (const span of chunk.spans) {
    if (span.start === chunk.startOffset && span.end === chunk.endOffset) {
      return { start, end: start + span.end - span.start };
    }
    start += span.end - span.start;
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
