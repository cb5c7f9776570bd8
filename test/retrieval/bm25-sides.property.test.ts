/**
 * bm25Sides keeps its own postings (docs/design.md#speed): its ranks must be a fresh MiniSearch index's
 * (the test oracle, `test/helpers/minisearch-bm25.ts`) bit for bit, on the base and on a head derived from the base's index, whether
 * that index was built in this run or loaded from what an earlier run saved (as JSON).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bm25Sides } from '../../src/retrieval/bm25-sides.js';
import { miniSearchRetriever } from '../helpers/minisearch-bm25.js';
import type { RetrievalChunk } from '../../src/retrieval/types.js';

/** Few words, so terms repeat within and across chunks (term frequencies, document frequencies, ties). */
const word = fc.constantFrom('deploy', 'token', 'cache', 'the', 'Deploy', 'tokens', '缓存', 'release', 'ttl', 'x', '!', 'İstanbul');
const text = fc.array(word, { maxLength: 14 }).map((words) => words.join(' '));
const chunk = fc.record({ heading: fc.array(fc.constantFrom('Guide', 'Cache', 'Deploy', ''), { maxLength: 2 }), text });
/** Files by name: a few chunks each (none: a file with no chunks). */
const files = fc.dictionary(fc.constantFrom('a.md', 'b.md', 'c.md', 'd.md', 'e.md', 'f.md', 'g.md'), fc.array(chunk, { maxLength: 4 }), { minKeys: 1 });
const queries = fc.array(text, { minLength: 1, maxLength: 5 });

type Files = Record<string, { heading: string[]; text: string }[]>;

/** A side's chunks as corpusChunks makes them: files by path, chunks in file order. */
function corpus(side: Files): RetrievalChunk[] {
  let order = 0;
  return Object.keys(side)
    .sort()
    .flatMap((file) => side[file]!.map(({ heading, text: body }) => ({ order: order++, file, span: { start: 0, end: body.length }, headingPath: heading, text: body })));
}

/** The head: each base file kept (the same chunk objects, as one chunking serves both sides), edited or dropped, plus new files. */
function headOf(base: Files, edits: Files, dropped: readonly string[]): Files {
  const head: Files = {};
  for (const [file, chunks] of Object.entries(base)) if (!dropped.includes(file)) head[file] = chunks;
  return { ...head, ...edits };
}

async function ranks(retrieve: (query: string, k: number) => Promise<number[]>, all: readonly string[], k: number): Promise<number[][]> {
  const got: number[][] = [];
  for (const query of all) got.push(await retrieve(query, k));
  return got;
}

describe('bm25Sides (property)', () => {
  it("ranks base and head as a fresh MiniSearch index, built here or loaded from a saved base", async () => {
    await fc.assert(
      fc.asyncProperty(files, files, fc.array(fc.constantFrom('a.md', 'b.md', 'c.md', 'd.md'), { maxLength: 2 }), queries, fc.constantFrom(1, 3, 1000), async (base, edits, dropped, all, k) => {
        const baseChunks = corpus(base);
        const headChunks = corpus(headOf(base, edits, dropped));
        const expectedBase = await ranks(miniSearchRetriever(baseChunks), all, k);
        const expectedHead = await ranks(miniSearchRetriever(headChunks), all, k);
        // A store as the cache folder keeps it: JSON text.
        const saved = new Map<string, string>();
        const store = { get: async (key: string) => (saved.has(key) ? JSON.parse(saved.get(key)!) : undefined), set: async (key: string, value: unknown) => void saved.set(key, JSON.stringify(value)) };
        for (const run of ['built', 'loaded'] as const) {
          const sides = bm25Sides(all, store);
          expect(await ranks(sides.base(baseChunks), all, k), run).toEqual(expectedBase);
          expect(await ranks(sides.head(headChunks), all, k), run).toEqual(expectedHead);
          expect(saved.size, run).toBe(1);
        }
        // Another k: the saved ranks do not have it, so the base ranks from the loaded index.
        const other = k === 1 ? 2 : k - 1;
        const third = bm25Sides(all, store);
        expect(await ranks(third.base(baseChunks), all, other)).toEqual(await ranks(miniSearchRetriever(baseChunks), all, other));
        expect(await ranks(third.head(headChunks), all, other)).toEqual(await ranks(miniSearchRetriever(headChunks), all, other));
      }),
      { numRuns: 300, endOnFailure: true },
    );
  });
});
