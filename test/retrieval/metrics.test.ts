import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bm25Memo, bm25Retriever } from '../../src/retrieval/bm25.js';
import { queryMetrics } from '../../src/retrieval/metrics.js';
import { subtract, union } from '../../src/retrieval/ranges.js';
import { searchTerms } from '../../src/retrieval/terms.js';
import type { RetrievalChunk } from '../../src/retrieval/types.js';
import { foldWhitespace, locateExcerpt } from '../../src/golden/locate.js';

const chunk = (order: number, file: string, start: number, end: number, text = ''): RetrievalChunk => ({
  order,
  file,
  span: { start, end },
  headingPath: [],
  text,
});
// Sizes in characters make the token-level arithmetic easy to follow.
const chars = (_file: string, span: { start: number; end: number }) => span.end - span.start;

describe('queryMetrics', () => {
  it('computes recall, precision, MRR and the token-level scores by hand', () => {
    const c0 = chunk(0, 'a.md', 0, 100);
    const c1 = chunk(1, 'a.md', 100, 200);
    const evidence = [
      { file: 'a.md', span: { start: 120, end: 150 } }, // inside c1
      { file: 'b.md', span: { start: 10, end: 20 } }, // in a chunk that was not retrieved
    ];
    const m = queryMetrics([c0, c1], evidence, 2, chars);
    // First relevant chunk is c1 at rank 2 → RR 1/2. One of two excerpts covered → recall 1/2.
    // One of two retrieved chunks relevant → precision 1/2.
    expect(m).toMatchObject({ rank: 2, rr: 0.5, recall: 0.5, precision: 0.5 });
    // Intersection 30 (c1 ∩ [120,150)); excerpts 30 + 10 = 40; retrieved 100 + 100 = 200; unused excerpt 10.
    expect(m.tokenRecall).toBeCloseTo(30 / 40, 12);
    expect(m.tokenPrecision).toBeCloseTo(30 / 200, 12);
    expect(m.iou).toBeCloseTo(30 / (200 + 10), 12);
  });

  it('counts overlapping retrieved chunks twice in the token precision (Chroma)', () => {
    const c0 = chunk(0, 'a.md', 0, 100);
    const c1 = chunk(1, 'a.md', 50, 150); // overlaps c0 on [50,100)
    const m = queryMetrics([c0, c1], [{ file: 'a.md', span: { start: 60, end: 90 } }], 1, chars);
    expect(m).toMatchObject({ rank: 1, rr: 1, recall: 1, precision: 1, tokenRecall: 1 });
    // Intersection counted once (30); retrieved counted with the duplicate: 100 + 100 = 200, not 150.
    expect(m.tokenPrecision).toBeCloseTo(30 / 200, 12);
    expect(m.iou).toBeCloseTo(30 / 200, 12);
  });

  it('scores a query with no relevant chunk 0 with no rank', () => {
    const m = queryMetrics([chunk(0, 'a.md', 0, 100)], [{ file: 'b.md', span: { start: 0, end: 10 } }], 1, chars);
    expect(m).toEqual({ rank: null, rr: 0, recall: 0, precision: 0, tokenRecall: 0, tokenPrecision: 0, iou: 0 });
  });

  it('needs the whole excerpt inside one chunk: an excerpt cut in two is not covered', () => {
    const m = queryMetrics([chunk(0, 'a.md', 0, 50), chunk(1, 'a.md', 50, 100)], [{ file: 'a.md', span: { start: 40, end: 60 } }], 1, chars);
    expect(m).toMatchObject({ rank: null, recall: 0, precision: 0, tokenRecall: 1 });
  });

  it('counts excerpts missing from the sources as not found', () => {
    const m = queryMetrics([chunk(0, 'a.md', 0, 100)], [{ file: 'a.md', span: { start: 0, end: 10 } }], 2, chars);
    expect(m.recall).toBe(0.5);
  });
});

describe('ranges', () => {
  it('unions and subtracts', () => {
    expect(union([{ start: 5, end: 9 }, { start: 0, end: 3 }, { start: 2, end: 6 }])).toEqual([{ start: 0, end: 9 }]);
    expect(subtract([{ start: 0, end: 10 }], [{ start: 2, end: 4 }, { start: 8, end: 20 }])).toEqual([
      { start: 0, end: 2 },
      { start: 4, end: 8 },
    ]);
  });
});

describe('locateExcerpt', () => {
  it('finds a passage whatever its line breaks and spacing', () => {
    const source = '# T\n\nEntries expire after\nthe TTL,   300 seconds.\n';
    // "# T\n\n" is 5 characters; the passage is 20 + 1 + 23 = 44 characters → [5, 49).
    const span = locateExcerpt('Entries expire after the TTL, 300 seconds.', foldWhitespace(source));
    expect(span).toEqual({ start: 5, end: 49 });
    expect(source.slice(span!.start, span!.end)).toBe('Entries expire after\nthe TTL,   300 seconds.');
    expect(locateExcerpt('not there', foldWhitespace(source))).toBeNull();
  });
});

describe('bm25Retriever', () => {
  it('cuts Chinese into words so a query matches part of a phrase', () => {
    const terms = searchTerms('上传文件 Upload');
    expect(terms).toContain('文件');
    expect(terms).toContain('upload');
    expect(terms.join('')).toBe('上传文件upload');
  });

  it('ranks by BM25 and breaks ties by corpus order, the same every time', async () => {
    const chunks = [
      chunk(0, 'a.md', 0, 1, 'cache entries expire after the ttl'),
      chunk(1, 'a.md', 1, 2, 'tokens rotate every ninety days'),
      chunk(2, 'b.md', 0, 1, 'cache entries expire after the ttl'),
    ];
    const retrieve = bm25Retriever(chunks);
    expect(await retrieve('when do cache entries expire', 3)).toEqual([0, 2]);
    expect(await retrieve('when do cache entries expire', 1)).toEqual([0]);
    expect(await bm25Retriever([...chunks])('when do cache entries expire', 3)).toEqual([0, 2]);
  });

  it('ranks exactly as the full index when it indexes only the terms of its queries', async () => {
    // Paragraphs of the demo docs: lengths differ and terms repeat, so BM25's length
    // normalisation and document frequencies both matter to the order.
    const demo = new URL('../../fixtures/demo/head/docs/', import.meta.url);
    const texts = ['guide.md', 'deploy.md', 'faq.md', 'zh/install.md']
      .map((name) => readFileSync(new URL(name, demo), 'utf8'))
      .flatMap((text) => text.split(/\n\s*\n/))
      .filter((text) => text.trim() !== '');
    const chunks = texts.map((text, index) => chunk(index, `f${index % 3}.md`, 0, text.length, text));
    const queries = ['how do I deploy to production', 'cache ttl expire', 'configure the token', '安装 步骤', 'rollback a failed release', 'what is chunkgate'];
    const full = bm25Retriever(chunks);
    const restricted = bm25Retriever(chunks, { queries });
    // A memo filled by another retriever (the other side of a diff: most chunks shared, some not).
    const memo = bm25Memo();
    bm25Retriever(chunks.slice(3), { queries, memo });
    const shared = bm25Retriever(chunks, { queries, memo });
    let ranked = 0;
    for (const query of queries) {
      const expected = await full(query, 8);
      ranked += expected.length;
      expect(await restricted(query, 8), query).toEqual(expected);
      expect(await shared(query, 8), query).toEqual(expected);
    }
    expect(ranked).toBeGreaterThan(20);
    expect(memo.size).toBe(chunks.length);
  });
});
