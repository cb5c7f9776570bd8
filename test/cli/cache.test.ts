import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openContentCache } from '../../src/sources/content-cache.js';
import { runCli } from '../helpers/cli.js';

const demo = new URL('../../fixtures/demo/head/', import.meta.url).pathname;

/** Every entry file under a cache folder's `content/<kind>/`. */
async function entries(cache: string, kind: string): Promise<string[]> {
  const root = join(cache, 'content', kind);
  const folders = await readdir(root).catch(() => [] as string[]);
  return (await Promise.all(folders.map(async (folder) => (await readdir(join(root, folder))).map((name) => join(root, folder, name))))).flat().sort();
}

/** The value an entry file holds (its envelope's `body`). */
async function body(file: string): Promise<Record<string, unknown>> {
  return (JSON.parse(await readFile(file, 'utf8')) as { body: Record<string, unknown> }).body;
}

describe('chunkgate eval --cache-dir', () => {
  let work: string;
  beforeEach(async () => {
    work = await mkdtemp(join(tmpdir(), 'chunkgate-cache-'));
    await cp(demo, join(work, 'repo'), { recursive: true });
  });
  afterEach(() => rm(work, { recursive: true, force: true }));

  it('reuses unchanged files, recomputes changed ones, and prunes what the repo no longer has', async () => {
    const repo = join(work, 'repo');
    const cache = join(work, 'cache');
    const run = (withCache: boolean) => runCli(['eval', '--format', 'json', ...(withCache ? ['--cache-dir', cache] : [])], { cwd: repo });
    const fresh = await run(false);
    const filled = await run(true);
    expect(filled.stdout).toBe(fresh.stdout);
    expect(filled.stderr).toContain(`cache: 0 of 4 files reused from ${cache}`);
    const reused = await run(true);
    expect(reused.stdout).toBe(fresh.stdout);
    expect(reused.stderr).toContain('cache: 4 of 4 files reused');
    const first = await entries(cache, 'eval');
    expect(first).toHaveLength((JSON.parse(fresh.stdout) as { files: unknown[] }).files.length);

    // A hit gives the same bytes as computing; a damaged entry is a miss, not an error.
    await writeFile(first[0]!, '{ not json');
    const damaged = await run(true);
    expect(damaged.stdout).toBe(fresh.stdout);
    expect(damaged.stderr).toContain('cache: 3 of 4 files reused');

    // An entry edited on disk (a better score, a pass grade), or one without the envelope this
    // build writes, is a miss: the file is computed again and the report is the uncached one.
    const text = await readFile(first[1]!, 'utf8');
    // (An eval entry holds the file's report entry as text, so its quotes are escaped.)
    const edited = text.replace(/(\\"score\\": )\d+(\.\d+)?/g, '$1100').replace(/(\\"grade\\": \\")(warn|fail)/g, '$1pass');
    expect(edited).not.toBe(text);
    expect(JSON.parse(edited)).toMatchObject({ kind: 'eval', digest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    await writeFile(first[1]!, edited);
    await writeFile(first[2]!, `${JSON.stringify((JSON.parse(await readFile(first[2]!, 'utf8')) as { body: unknown }).body)}\n`);
    const tampered = await run(true);
    expect(tampered.stdout).toBe(fresh.stdout);
    expect(tampered.stderr).toContain('cache: 2 of 4 files reused');
    // …and written anew, as this build writes it.
    expect(await readFile(first[1]!, 'utf8')).toBe(text);
    expect((await run(true)).stderr).toContain('cache: 4 of 4 files reused');

    // Change one file and delete another: the report matches a run without cache, the changed
    // file gets a new entry, and the entries of both old versions are pruned.
    const guide = join(repo, 'docs', 'guide.md');
    await writeFile(guide, `${await readFile(guide, 'utf8')}\n## Appendix\n\nA new closing section with enough words to be a chunk of its own.\n`);
    await rm(join(repo, 'docs', 'faq.md'));
    const after = await run(true);
    expect(after.stdout).toBe((await run(false)).stdout);
    expect(after.stderr).toContain('cache: 2 of 3 files reused');
    const second = await entries(cache, 'eval');
    expect(second).toHaveLength(first.length - 1);
    expect(second.filter((entry) => first.includes(entry))).toHaveLength(first.length - 2);
  });
});

describe('chunkgate diff --cache-dir', () => {
  it('keeps the chunks of the golden-set corpus, and the report stays the same', async () => {
    const root = new URL('../../', import.meta.url).pathname;
    const cache = await mkdtemp(join(tmpdir(), 'chunkgate-cache-diff-'));
    try {
      const argv = ['diff', '--base-dir', 'fixtures/retrieval/base', '--head-dir', 'fixtures/retrieval/head', '--format', 'json'];
      const fresh = await runCli(argv, { cwd: root });
      const filled = await runCli([...argv, '--cache-dir', cache], { cwd: root });
      const reused = await runCli([...argv, '--cache-dir', cache], { cwd: root });
      expect(filled.stdout).toBe(fresh.stdout);
      expect(reused.stdout).toBe(fresh.stdout);
      // The three files the change left alone are chunked once (both sides share them), then reused.
      expect(filled.stderr).toContain('cache: 0 of 3 corpus files reused');
      expect(reused.stderr).toContain('cache: 3 of 3 corpus files reused');
      // The base side's BM25 index of the golden queries, and the probes' term counts and index,
      // saved by the first run and read by the second.
      const indexes = (await readdir(join(cache, 'content', 'retrieval'), { recursive: true })).filter((name) => name.endsWith('.json'));
      const saved = await Promise.all(indexes.map((name) => body(join(cache, 'content', 'retrieval', name))));
      expect(saved.map((entry) => entry.format).sort()).toEqual(['chunkgate-bm25/2', 'chunkgate-bm25/2', 'chunkgate-probe-stats/1']);
      const queries = (JSON.parse(fresh.stdout) as { retrieval: { queries: unknown[] } }).retrieval.queries.length;
      expect(saved.filter((entry) => entry.format === 'chunkgate-bm25/2').map((entry) => (entry.ranks as unknown[]).length)).toContain(queries);
    } finally {
      await rm(cache, { recursive: true, force: true });
    }
  });

  it('reads the base side from one pack, and a damaged or foreign pack is a miss', async () => {
    const root = new URL('../../', import.meta.url).pathname;
    const cache = await mkdtemp(join(tmpdir(), 'chunkgate-cache-pack-'));
    try {
      const argv = ['diff', '--base-dir', 'fixtures/retrieval/base', '--head-dir', 'fixtures/retrieval/head', '--format', 'json', '--cache-dir', cache];
      const fresh = await runCli(argv.slice(0, -2), { cwd: root });
      const filled = await runCli(argv, { cwd: root });
      expect(filled.stdout).toBe(fresh.stdout);
      // One pack of the base side's three unchanged files, beside their own entries.
      const [pack, ...others] = await entries(cache, 'packs');
      expect(others).toHaveLength(0);
      const packed = (await body(pack!)) as { format: string; gzip: string };
      expect(packed.format).toBe('chunkgate-chunk-pack/4');
      const packedEntries = JSON.parse(gunzipSync(Buffer.from(packed.gzip, 'base64')).toString('utf8')) as [string, { chunks: { text: string | null; endOffset: number }[] }][];
      const perFile = await entries(cache, 'chunks');
      expect(packedEntries.map(([key]) => key).map((key) => join(cache, 'content', 'chunks', key.slice(0, 2), `${key}.json`)).sort()).toEqual(perFile);

      // A run the pack serves keeps the per-file entries it stood for (a new base commit reuses them)…
      const again = await runCli(argv, { cwd: root });
      expect(again.stdout).toBe(fresh.stdout);
      expect(again.stderr).toContain('cache: 3 of 3 corpus files reused');
      expect(await entries(cache, 'chunks')).toEqual(perFile);
      // …and without them the pack alone gives the same report.
      await Promise.all(perFile.map((file) => rm(file)));
      const fromPack = await runCli(argv, { cwd: root });
      expect(fromPack.stdout).toBe(fresh.stdout);
      expect(fromPack.stderr).toContain('cache: 3 of 3 corpus files reused');

      // A damaged pack, or one of another format, is a miss: the files are chunked again, same report, and the pack is written anew.
      // (The foreign pack is written through the cache, as this build signs it: the pack's own format check refuses it.)
      const packKey = basename(pack!, '.json');
      for (const content of ['{ not json', { ...packed, format: 'chunkgate-chunk-pack/3' }]) {
        if (typeof content === 'string') await writeFile(pack!, content);
        else await openContentCache(cache, 'packs').set(packKey, content);
        await Promise.all((await entries(cache, 'chunks')).map((file) => rm(file)));
        const missed = await runCli(argv, { cwd: root });
        expect(missed.stdout).toBe(fresh.stdout);
        expect(missed.stderr).toContain('cache: 0 of 3 corpus files reused');
        expect(await body(pack!)).toEqual(packed);
      }

      // An entry whose chunks do not fit the file's text is a miss for that file only.
      // (The first entry's first chunk is a slice of its file, stored without its text.)
      const first = packedEntries[0]![1].chunks[0]!;
      expect(first.text).toBeNull();
      first.endOffset = 1e9;
      await openContentCache(cache, 'packs').set(packKey, { ...packed, gzip: gzipSync(JSON.stringify(packedEntries)).toString('base64') });
      const partly = await runCli(argv, { cwd: root });
      expect(partly.stdout).toBe(fresh.stdout);
      expect(partly.stderr).toContain('cache: 3 of 3 corpus files reused');
      expect(await body(pack!)).toEqual(packed);
    } finally {
      await rm(cache, { recursive: true, force: true });
    }
  });
});
