import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkText } from '../../../../src/metrics/content/heuristic/chunk-text.js';
import { crossChunkRedundancyReversedDetails } from '../../../../src/metrics/content/heuristic/cross-chunk-redundancy-reversed.js';
import type { ContentInput } from '../../../../src/metrics/content/heuristic/index.js';
import type { Chunk } from '../../../../src/types.js';
import { inputOf, type ChunkSpec } from './helpers.js';

/**
 * The metric's former shingling, kept as the reference: every word of every shingle looked up
 * in `ids` (issue 16 looks each token up once). Same constants and hashes as the module.
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
