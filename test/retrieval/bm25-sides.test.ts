import { readFileSync } from 'node:fs';
import MiniSearch from 'minisearch';
import { describe, expect, it, vi } from 'vitest';
import { bm25Sides } from '../../src/retrieval/bm25-sides.js';
import { miniSearchRetriever } from '../helpers/minisearch-bm25.js';
import type { RetrievalChunk } from '../../src/retrieval/types.js';

/** Paragraphs of the demo docs: lengths differ and terms repeat, so length normalisation and document frequencies matter. */
function paragraphs(side: 'base' | 'head'): string[] {
  const demo = new URL(`../../fixtures/demo/${side}/docs/`, import.meta.url);
  return ['guide.md', 'deploy.md', 'faq.md', 'zh/install.md']
    .map((name) => readFileSync(new URL(name, demo), 'utf8'))
    .flatMap((text) => text.split(/\n\s*\n/))
    .map((text) => text.trim())
    .filter((text) => text !== '');
}

/** A side's chunks in corpus order (files by path, chunks in file order), as `corpusChunks` makes them. */
function corpus(files: Record<string, { heading: string[]; text: string }[]>): RetrievalChunk[] {
  let order = 0;
  return Object.keys(files)
    .sort()
    .flatMap((file) => files[file]!.map(({ heading, text }) => ({ order: order++, file, span: { start: 0, end: text.length }, headingPath: heading, text })));
}

/** Base files of 3 paragraphs each, plus a copy of the first file under another path (equal scores: ties). */
function baseFiles(): Record<string, { heading: string[]; text: string }[]> {
  const texts = paragraphs('base');
  const files: Record<string, { heading: string[]; text: string }[]> = {};
  texts.forEach((text, at) => {
    const name = `docs/f${String(Math.floor(at / 3)).padStart(2, '0')}.md`;
    (files[name] ??= []).push({ heading: [`Part ${Math.floor(at / 3)}`], text });
  });
  files['docs/zz-copy.md'] = files['docs/f00.md']!.map((entry) => ({ ...entry }));
  return files;
}

const queries = [
  ...paragraphs('base').map((text) => text.split(/\s+/).slice(1, 5).join(' ')),
  'how do I deploy to production',
  'cache ttl expire',
  'configure the token',
  '安装 步骤',
  'part 2',
];

async function ranks(retrieve: (query: string, k: number) => Promise<number[]>, k: number): Promise<number[][]> {
  const all: number[][] = [];
  for (const query of queries) all.push(await retrieve(query, k));
  return all;
}

describe('bm25Sides', () => {
  it("ranks the head exactly as a fresh index does, with the base's index re-indexed for the changed files", async () => {
    const base = corpus(baseFiles());
    const edited = baseFiles();
    // An edited paragraph and one more, a file gone, a file added before the others (every corpus
    // order shifts), a heading renamed: 5 files of 13 change.
    edited['docs/f01.md']![1]!.text += ' Rollback a failed release with the previous tag.';
    edited['docs/f01.md']!.push({ heading: ['Part 1', 'Rollback'], text: paragraphs('head').at(-1)! });
    delete edited['docs/f03.md'];
    edited['docs/a-new.md'] = [{ heading: ['New'], text: 'Configure the token cache: entries expire after the TTL, then deploy again.' }];
    edited['docs/f05.md']![0]!.heading = ['Part five'];
    const head = corpus(edited);
    const expectedBase = await ranks(miniSearchRetriever(base), 1000);
    const fresh = miniSearchRetriever(head);
    const expectedTop = await ranks(fresh, 5);
    const expectedAll = await ranks(fresh, 1000);
    expect(expectedAll.flat().length).toBeGreaterThan(200);
    // The head differs from the base where the change is.
    expect(expectedAll).not.toEqual(expectedBase);

    const sides = bm25Sides(queries);
    const baseRetriever = sides.base(base);
    expect(await ranks(baseRetriever, 1000)).toEqual(expectedBase);
    const headRetriever = sides.head(head);
    expect(await ranks(headRetriever, 5)).toEqual(expectedTop);
    // Derived, not rebuilt: the base's index is the head's now.
    await expect(baseRetriever(queries[0]!, 5)).rejects.toThrow('took over the base index');
    expect(await ranks(headRetriever, 1000)).toEqual(expectedAll);
  });

  it('builds the head fresh when most chunks changed, leaving the base index alone', async () => {
    const base = corpus(baseFiles());
    const renamed = Object.fromEntries(Object.entries(baseFiles()).map(([path, chunks]) => [path.replace('docs/', 'guide/'), chunks]));
    const head = corpus(renamed);
    const sides = bm25Sides(queries);
    const baseRetriever = sides.base(base);
    const before = await ranks(baseRetriever, 10);
    const headRetriever = sides.head(head);
    expect(await ranks(headRetriever, 10)).toEqual(before);
    expect(await ranks(baseRetriever, 10)).toEqual(before);
    // Same texts in the same order under other paths: the same ranks.
    expect(await ranks(headRetriever, 10)).toEqual(before);
    expect(await ranks(headRetriever, 10)).toEqual(await ranks(miniSearchRetriever(head), 10));
  });

  it('ranks as a fresh index when the head shares the base chunks\' strings, a heading split differently included', async () => {
    const files = baseFiles();
    const base = corpus(files);
    // As the CLI gives them: one chunking per unchanged file, the same strings on both sides.
    const shared = { ...files };
    shared['docs/f02.md'] = [...files['docs/f02.md']!.slice(0, 1), { heading: ['Part', '2'], text: files['docs/f02.md']![1]!.text }, ...files['docs/f02.md']!.slice(2)];
    shared['docs/f04.md'] = files['docs/f04.md']!.map((entry, at) => (at === 0 ? { ...entry, text: `${entry.text} Rollback a failed release.` } : entry));
    const head = corpus(shared);
    const sides = bm25Sides(queries);
    expect(await ranks(sides.base(base), 1000)).toEqual(await ranks(miniSearchRetriever(base), 1000));
    const expected = await ranks(miniSearchRetriever(head), 1000);
    expect(expected).not.toEqual(await ranks(miniSearchRetriever(base), 1000));
    expect(await ranks(sides.head(head), 1000)).toEqual(expected);
  });

  it('ranks from the postings exactly as MiniSearch does: repeated, unknown and no terms, ties, any k', async () => {
    const odd = ['deploy deploy the token token token', 'zzzunknown deploy', 'zzzunknown', '', '!!!', 'the the the'];
    const all = [...queries, ...odd];
    const base = corpus(baseFiles());
    const expected = miniSearchRetriever(base);
    const sides = bm25Sides(all);
    const direct = sides.base(base);
    const search = vi.spyOn(MiniSearch.prototype, 'search');
    try {
      for (const query of all) {
        for (const k of [0, 1, 3, 7, 40, 1000]) {
          const got = await direct(query, k);
          // Computed from the postings: MiniSearch's search is not asked.
          expect(search).not.toHaveBeenCalled();
          expect(got, `${query} @${k}`).toEqual(await expected(query, k));
          search.mockClear();
        }
      }
    } finally {
      search.mockRestore();
    }
    // The copy of f00.md ties with it: the lower corpus order comes first.
    const copyFirst = base.find((chunk) => chunk.file === 'docs/zz-copy.md')!;
    const tied = await direct(copyFirst.text.split(/\s+/).slice(1, 5).join(' '), 1000);
    expect(tied.indexOf(copyFirst.order)).toBeGreaterThan(tied.indexOf(base.find((chunk) => chunk.file === 'docs/f00.md' && chunk.text === copyFirst.text)!.order));
  });

  it('derives the head once when its queries come at once', async () => {
    const base = corpus(baseFiles());
    const edited = baseFiles();
    edited['docs/f02.md']![0]!.text = 'Rollback a failed release: deploy the previous tag to production again.';
    const head = corpus(edited);
    const expected = await ranks(miniSearchRetriever(head), 5);
    const sides = bm25Sides(queries);
    await ranks(sides.base(base), 5);
    const retrieve = sides.head(head);
    expect(await Promise.all(queries.map((query) => retrieve(query, 5)))).toEqual(expected);
  });

  it('gives an unchanged head the ranks of the base', async () => {
    const base = corpus(baseFiles());
    const sides = bm25Sides(queries);
    const expected = await ranks(sides.base(base), 1000);
    expect(await ranks(sides.head(corpus(baseFiles())), 1000)).toEqual(expected);
  });

  it("saves the base's index and ranks, and a run over the same base answers from them and derives its head", async () => {
    const base = corpus(baseFiles());
    const edited = baseFiles();
    edited['docs/f02.md']![0]!.text = 'Rollback a failed release: deploy the previous tag to production again.';
    const head = corpus(edited);
    const saved = new Map<string, unknown>();
    const store = { get: async (key: string) => saved.get(key), set: async (key: string, value: unknown) => void saved.set(key, value) };
    const expectedBase = await ranks(miniSearchRetriever(base), 5);
    const expectedHead = await ranks(miniSearchRetriever(head), 5);

    const first = bm25Sides(queries, store);
    expect(await ranks(first.base(base), 5)).toEqual(expectedBase);
    expect(saved.size).toBe(0);
    expect(await ranks(first.head(head), 5)).toEqual(expectedHead);
    // One entry, keyed by a SHA-256 of the base corpus and the queries.
    expect([...saved.keys()]).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
    const [key, entry] = [...saved][0]! as [string, { ranks: [string, number[]][] }];
    expect(entry.ranks).toHaveLength(new Set(queries).size);

    // The next run answers the base queries from the store: a rank altered there comes back as stored.
    const altered = JSON.parse(JSON.stringify(entry)) as typeof entry;
    altered.ranks[0]![1] = [7, 3];
    saved.set(key, altered);
    const second = bm25Sides(queries, store);
    expect(await ranks(second.base(base), 5)).toEqual([[7, 3], ...expectedBase.slice(1)]);
    // Its head is derived from the loaded index, with a fresh index's ranks.
    expect(await ranks(second.head(head), 5)).toEqual(expectedHead);

    // Another base corpus, or a damaged entry, is a miss: ranks computed again.
    saved.set(key, { format: 'chunkgate-bm25/1', index: { nonsense: true }, ranks: [] });
    const third = bm25Sides(queries, store);
    expect(await ranks(third.base(base), 5)).toEqual(expectedBase);
    expect(await ranks(third.head(head), 5)).toEqual(expectedHead);
    const other = bm25Sides(queries, store);
    expect(await ranks(other.base(head), 5)).toEqual(expectedHead);
  });
});
