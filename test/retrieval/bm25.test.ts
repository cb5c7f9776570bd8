/**
 * The BM25 index (`src/retrieval/bm25.ts`) against its oracle, MiniSearch 7's BM25+
 * (`test/helpers/minisearch-bm25.ts`), on a small corpus: the paragraphs of the demo docs, whose
 * lengths differ and whose terms repeat, with English, Chinese, repeated, unknown and empty
 * queries, at every `k`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bm25Ranker, bodyOf, ownRanks } from '../../src/retrieval/bm25.js';
import { miniSearchRanker } from '../helpers/minisearch-bm25.js';

const demo = new URL('../../fixtures/demo/head/docs/', import.meta.url);
const chunks = ['guide.md', 'deploy.md', 'faq.md', 'zh/install.md']
  .map((name) => readFileSync(new URL(name, demo), 'utf8'))
  .flatMap((text) => text.split(/\n\s*\n/))
  .filter((text) => text.trim() !== '')
  .map((text, order) => ({ order, headingPath: order % 4 === 0 ? ['Guide', `Part ${order}`] : [], text }));
const queries = ['how do I deploy to production', 'cache ttl expire', 'configure the token token', '安装 步骤', 'rollback a failed release', 'what is chunkgate', 'zzzunknown', '', '!!!'];

describe('bm25Ranker', () => {
  it("gives MiniSearch's ranks, with every term indexed or only the queries' terms", () => {
    const oracle = miniSearchRanker(chunks);
    const full = bm25Ranker(chunks);
    const restricted = bm25Ranker(chunks, { queries });
    let ranked = 0;
    for (const query of queries) {
      for (const k of [0, 1, 3, 8, 1000]) {
        const expected = oracle(query, k);
        ranked += expected.length;
        expect(full(query, k), `${query} @${k}`).toEqual(expected);
        expect(restricted(query, k), `${query} @${k}`).toEqual(expected);
      }
    }
    expect(ranked).toBeGreaterThan(100);
  });
});

describe('ownRanks', () => {
  it("gives each body the rank MiniSearch gives it for its own query", () => {
    const own = chunks.map((chunk, at) => `${chunk.headingPath.join(' ')} ${queries[at % queries.length]!}`);
    const rank = miniSearchRanker(chunks);
    const expected = own.map((query, at) => {
      const found = rank(query, chunks.length).indexOf(at);
      return found === -1 ? null : found + 1;
    });
    expect(ownRanks(chunks.map(bodyOf), own)).toEqual(expected);
    expect(expected.filter((value) => value !== null).length).toBeGreaterThan(5);
  });
});
