import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkText } from '../../../../src/metrics/content/heuristic/chunk-text.js';
import { crossChunkRedundancyReversedDetails } from '../../../../src/metrics/content/heuristic/cross-chunk-redundancy-reversed.js';
import type { ContentInput } from '../../../../src/metrics/content/heuristic/index.js';
import type { Chunk } from '../../../../src/types.js';
import { inputOf, type ChunkSpec } from './helpers.js';

/**
 * The metric's former shingling, kept as the reference: every word of every shingle looked up
 * in `ids` (the module looks each token up once, docs/design.md#speed). Same constants and hashes as the module.
 */
function referenceShingleKeys(chunk: Chunk, ids: Map<string, number>): number[] {
  const { words, starts, ends } = chunkText(chunk).tokens;
  let own = { start: 0, end: chunk.text.length };
  let offset = 0;
  for (const span of chunk.spans) {
    if (span.start === chunk.startOffset && span.end === chunk.endOffset) {
      own = { start: offset, end: offset + span.end - span.start };
      break;
    }
    offset += span.end - span.start;
  }
  const keys: number[] = [];
  for (let index = 0; index + 5 <= words.length; index++) {
    if (starts[index]! < own.start || ends[index + 4]! > own.end) continue;
    let high = 0;
    let low = 0;
    for (let at = index; at < index + 5; at++) {
      let id = ids.get(words[at]!);
      if (id === undefined) ids.set(words[at]!, (id = ids.size + 1));
      high = (high * 31 + id) % 67_108_859;
      low = (low * 37 + id) % 67_108_837;
    }
    keys.push(high * 2 ** 26 + low);
  }
  return keys;
}

/** The share of each chunk's shingles held by another chunk too, without the overlap excuse (overlap 0). */
function referenceShares(input: ContentInput): number[] {
  const ids = new Map<string, number>();
  const keys = input.chunks.map((chunk) => referenceShingleKeys(chunk, ids));
  return keys.map((list, index) => {
    const elsewhere = new Set(keys.flatMap((other, at) => (at === index ? [] : other)));
    return list.length === 0 ? 0 : list.filter((key) => elsewhere.has(key)).length / list.length;
  });
}

// Two words: five-word runs repeat often, across chunks and within one.
const WORDS = ['alpha', 'beta'];

describe('crossChunkRedundancyReversed shingles (token ids looked up once)', () => {
  it('gives the scores of the per-shingle lookup, repeated table headers (prefix text) left out', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 24 }), { minLength: 1, maxLength: 5 }), fc.boolean(), (paragraphs, header) => {
        // Distinct paragraphs (a numbered last word), so each chunk's text is found once in the source.
        const texts = paragraphs.map((words, index) => [...words, `end${index}`].join(' '));
        const head = 'alpha beta alpha alpha beta head';
        const source = `${header ? `${head}\n\n` : ''}${texts.join('\n\n')}\n`;
        const specs: ChunkSpec[] = texts.map((text, index) => ({ text, ...(header && index > 0 ? { prefix: [head] } : {}) }));
        const input = inputOf(source, specs);
        const expected = referenceShares(input).map((share) => Math.round(Math.min(100, Math.max(0, 100 * (1 - Math.min(1, Math.max(0, share - 0.1) / 0.6)))) * 10) / 10);
        expect(crossChunkRedundancyReversedDetails(inputOf(source, specs)).map((detail) => detail.score)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

/**
 * The metric's former body, kept as the reference for the overlap excuse: one object per
 * shingle and a `{ chunks, last }` count per key (the module packs shingles in typed columns, docs/design.md#speed).
 */
function referenceScores(input: ContentInput): number[] {
  const ids = new Map<string, number>();
  const shingles = input.chunks.map((chunk) => {
    const { starts, ends } = chunkText(chunk).tokens;
    let ownStart = 0;
    for (const span of chunk.spans) {
      if (span.start === chunk.startOffset && span.end === chunk.endOffset) break;
      ownStart += span.end - span.start;
    }
    const keys = referenceShingleKeys(chunk, ids);
    // The keys come in token order of the shingles kept; their offsets are found again here.
    const own = chunk.spans.some((span) => span.start === chunk.startOffset && span.end === chunk.endOffset);
    const ownEnd = own ? ownStart + chunk.endOffset - chunk.startOffset : chunk.text.length;
    if (!own) ownStart = 0;
    const offsets: Array<{ start: number; end: number }> = [];
    for (let index = 0; index + 5 <= starts.length; index++) {
      if (starts[index]! < ownStart || ends[index + 4]! > ownEnd) continue;
      offsets.push({ start: chunk.startOffset + starts[index]! - ownStart, end: chunk.startOffset + ends[index + 4]! - ownStart });
    }
    return keys.map((key, at) => ({ key, ...offsets[at]! }));
  });
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
    if (list.length === 0) return 100;
    const allowed = input.options.overlap <= 0 ? 0 : input.options.overlap * (input.options.unit === 'chars' ? 1 : chunk.chars / Math.max(1, chunk.tokens)) * 1.2;
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
    return Math.round(Math.min(100, Math.max(0, 100 * (1 - Math.min(1, Math.max(0, share - 0.1) / 0.6)))) * 10) / 10;
  });
}

describe('crossChunkRedundancyReversed shingle columns (typed arrays, one owner per key)', () => {
  it('gives the scores of one object per shingle, overlapping neighbours and the overlap excuse included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...WORDS, 'gamma'), { minLength: 1, maxLength: 60 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 }),
        fc.nat({ max: 80 }),
        fc.constantFrom<'chars' | 'tokens'>('chars', 'tokens'),
        (words, windows, overlap, unit) => {
          // Word windows in source order; each may reach back into the one before (an overlap).
          const source = `${words.join(' ')}\n`;
          const offsets = [0];
          for (const word of words) offsets.push(offsets[offsets.length - 1]! + word.length + 1);
          let previousEnd = 0;
          const specs: ChunkSpec[] = [];
          for (const [back, size] of windows) {
            const first = Math.max(0, previousEnd - (back % 10));
            const last = Math.min(words.length, first + 1 + (size % 24));
            if (first >= words.length) break;
            specs.push({ text: source.slice(offsets[first], offsets[last]! - 1), from: offsets[first]! });
            previousEnd = last;
          }
          const input = inputOf(source, specs, { overlap, unit });
          const scores = crossChunkRedundancyReversedDetails(input).map((detail) => detail.score);
          expect(scores).toEqual(referenceScores(inputOf(source, specs, { overlap, unit })));
        },
      ),
      { numRuns: 300 },
    );
  });
});
