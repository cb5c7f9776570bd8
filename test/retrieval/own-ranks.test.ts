/**
 * `ownRanks` must give exactly the ranks of MiniSearch (`test/helpers/minisearch-bm25.ts`, the oracle):
 * on hand-computed cases, on seeded random documents built to tie and repeat terms, and on
 * every chunked document of the repo's fixtures and of ../shared/corpus/tauri-docs (skipped
 * cleanly when the shared folder is absent).
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkQuery } from '../../src/metrics/self-retrievability.js';
import { bodyOf, ownRanks } from '../../src/retrieval/bm25.js';
import { clearSearchTermMemo, searchTerms } from '../../src/retrieval/terms.js';
import { dictionaryWords } from '../../src/text/segments.js';
import { mulberry32 } from '../../src/probes/simulated.js';
import { miniSearchRanker } from '../helpers/minisearch-bm25.js';
import { chunkedPages } from '../helpers/chunked-pages.js';
import { FIXTURE_DOC_DIRS } from '../helpers/fixture-docs.js';

const root = join(import.meta.dirname, '..', '..');
const corpus = join(root, '..', 'shared', 'corpus', 'tauri-docs');

/** The ranks as self-retrievability computed them before `ownRanks`: a MiniSearch index, one search per query. */
function libraryRanks(bodies: readonly { headingPath: string[]; text: string }[], queries: readonly string[]): (number | null)[] {
  const rank = miniSearchRanker(bodies.map((body, order) => ({ order, ...body })));
  return queries.map((query, index) => {
    const at = rank(query, bodies.length).indexOf(index);
    return at === -1 ? null : at + 1;
  });
}

/** Every Markdown file under `dir`, as the CLI would chunk it with the default config, by its path from the repository root. */
async function chunkedDocuments(dir: string): Promise<{ path: string; chunks: readonly { headingPath: string[]; text: string }[] }[]> {
  return (await chunkedPages(dir)).map(({ path, chunks }) => ({ path: relative(root, join(dir, path)), chunks }));
}

function expectLibraryRanks(documents: { path: string; chunks: readonly { headingPath: string[]; text: string }[] }[]): number {
  let compared = 0;
  for (const { path, chunks } of documents) {
    const queries = chunks.map((chunk) => chunkQuery(chunk));
    expect(ownRanks(chunks.map(bodyOf), queries), path).toEqual(libraryRanks(chunks, queries));
    compared += chunks.length;
  }
  return compared;
}

describe('searchTerms', () => {
  it('cuts an unspaced run the same whether it was cut before or not, and gives each caller its own array', () => {
    clearSearchTermMemo();
    const first = searchTerms('开始 上传文件');
    expect(first).toEqual(['开始', ...dictionaryWords('上传文件')]);
    first.push('changed');
    // The second time the runs come from the memo: the same terms, untouched by what a caller did with its array.
    expect(searchTerms('上传文件之前 上传文件')).toEqual([...dictionaryWords('上传文件之前'), ...dictionaryWords('上传文件')]);
    expect(searchTerms('开始 上传文件')).toEqual(['开始', ...dictionaryWords('上传文件')]);
  });
});

describe('ownRanks', () => {
  it('ranks a shorter document above a longer one for the same term (BM25 length normalisation)', () => {
    // "alpha" is in both: the same idf, the same tf; the one-word body is shorter than the mean
    // length (2), so it scores higher and the three-word body ranks 2nd for its own query.
    expect(ownRanks(['alpha beta gamma', 'alpha'], ['alpha', 'alpha'])).toEqual([2, 1]);
  });

  it('breaks equal scores by corpus order', () => {
    expect(ownRanks(['x y', 'x y', 'x y'], ['x', 'y', 'x y'])).toEqual([1, 2, 3]);
  });

  it('does not return a document that holds none of its query terms, nor one for a query without terms', () => {
    // Document 0 is ranked for "beta", which only document 1 holds.
    expect(ownRanks(['alpha', 'beta'], ['beta', '—'])).toEqual([null, null]);
  });

  it('multiplies a score by the number of distinct query terms matched, as MiniSearch does', () => {
    // N 6, mean length 7/6. idf(alpha, df 2) = ln 2.8 = 1.0296; idf(beta, df 5) = ln(1 + 1.5/5.5) = 0.2412.
    // Document 0, six "alpha"s (length 1): 1.0296 × (0.5 + 13.2 / (6 + 1.2 × 0.9)) = 2.434, × 1 term.
    // Document 1, "alpha beta" (length 2): (1.0296 + 0.2412) × (0.5 + 2.2 / (1 + 1.2 × 1.5)) = 1.634,
    // × 2 terms = 3.268: first for "alpha beta", where the sum alone (1.634) would rank it 2nd.
    // Documents 2–5, "beta" (length 1): 0.2412 × (0.5 + 2.2 / 2.08) = 0.376 each: a tie, in corpus order.
    const bodies = ['alpha alpha alpha alpha alpha alpha', 'alpha beta', 'beta', 'beta', 'beta', 'beta'];
    const queries = ['alpha beta', 'alpha beta', 'beta', 'beta', 'beta', 'beta'];
    expect(ownRanks(bodies, queries)).toEqual([2, 1, 1, 2, 3, 4]);
    expect(libraryRanks(bodies.map((text) => ({ headingPath: [], text })), queries)).toEqual([2, 1, 1, 2, 3, 4]);
  });

  it("gives MiniSearch's ranks on seeded random documents full of ties and repeated terms", () => {
    const random = mulberry32(16);
    const vocabulary = ['the', 'tauri', 'build', 'app', 'config', '构建', '应用', 'window', 'the', 'the'];
    const word = () => vocabulary[Math.floor(random() * vocabulary.length)]!;
    for (let trial = 0; trial < 200; trial += 1) {
      const count = 1 + Math.floor(random() * 12);
      const chunks = Array.from({ length: count }, () => ({
        headingPath: random() < 0.5 ? ['Guide'] : ['Guide', word()],
        text: Array.from({ length: Math.floor(random() * 20) }, word).join(random() < 0.8 ? ' ' : ''),
      }));
      const queries = chunks.map(() => Array.from({ length: Math.floor(random() * 6) }, word).join(' '));
      expect(ownRanks(chunks.map(bodyOf), queries), `trial ${trial}`).toEqual(libraryRanks(chunks, queries));
    }
  });

  it("gives MiniSearch's ranks on generated documents: repeated, shared, unmatched and unspaced query terms", () => {
    // Few words, so terms repeat within bodies and queries and scores tie; words no body holds,
    // and queries of punctuation only, reach the "not returned" paths.
    const word = fc.constantFrom('alpha', 'beta', 'gamma', 'Alpha', 'δέλτα', '构建', '应用程序', 'nowhere', '—', "it's");
    const text = fc.array(word, { maxLength: 25 }).chain((words) => fc.constantFrom(' ', '\n', '').map((glue) => words.join(glue)));
    const chunk = fc.record({ headingPath: fc.array(word, { maxLength: 2 }), text });
    let ranked = 0;
    let unranked = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(chunk, fc.array(word, { maxLength: 6 })), { minLength: 1, maxLength: 14 }), (documents) => {
        const chunks = documents.map(([body]) => body);
        const queries = documents.map(([, terms]) => terms.join(' '));
        const ranks = ownRanks(chunks.map(bodyOf), queries);
        expect(ranks).toEqual(libraryRanks(chunks, queries));
        ranked += ranks.filter((rank) => rank !== null).length;
        unranked += ranks.filter((rank) => rank === null).length;
      }),
      { numRuns: 300, seed: 1616 },
    );
    // Both outcomes must occur, or the comparison proves little.
    expect(ranked).toBeGreaterThan(300);
    expect(unranked).toBeGreaterThan(100);
  });

  it("gives MiniSearch's ranks on every chunked document of the repo's fixtures", async () => {
    const documents = (await Promise.all(FIXTURE_DOC_DIRS.map(chunkedDocuments))).flat();
    expect(documents.length).toBeGreaterThan(50);
    expect(expectLibraryRanks(documents)).toBeGreaterThan(500);
  });

  it.skipIf(!existsSync(corpus))("gives MiniSearch's ranks on every chunked document of ../shared/corpus/tauri-docs", async () => {
    const documents = await chunkedDocuments(corpus);
    expect(documents.length).toBeGreaterThan(200);
    expectLibraryRanks(documents);
  });
});
