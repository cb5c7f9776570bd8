/** `src/sources/cache.ts` — kept beside the judge tests it serves. */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileCache } from '../../../../src/sources/cache.js';

const KEY = 'ab'.padEnd(64, '0');
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'chunkgate-cache-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('createFileCache', () => {
  it('stores one JSON file per key under a two-character folder, with no temporary files left', async () => {
    const cache = createFileCache(dir);
    expect(await cache.get(KEY)).toBeUndefined();
    await cache.set(KEY, { score: 80 });
    expect(await cache.get(KEY)).toEqual({ score: 80 });
    expect(await readdir(join(dir, 'ab'))).toEqual([`${KEY}.json`]);
    await cache.set(KEY, { score: 81 });
    expect(await createFileCache(dir).get(KEY)).toEqual({ score: 81 });
  });

  it('treats corrupt or unreadable entries as misses', async () => {
    await mkdir(join(dir, 'ab'), { recursive: true });
    await writeFile(join(dir, 'ab', `${KEY}.json`), '{"score": 8');
    expect(await createFileCache(dir).get(KEY)).toBeUndefined();
    // A folder where the file should be cannot be read either.
    const other = 'cd'.padEnd(64, '1');
    await mkdir(join(dir, 'cd', `${other}.json`), { recursive: true });
    expect(await createFileCache(dir).get(other)).toBeUndefined();
  });

  it('refuses keys that are not hex digests', async () => {
    const cache = createFileCache(dir);
    expect(await cache.get('../../etc/passwd')).toBeUndefined();
    await expect(cache.set('../escape', 1)).rejects.toThrow(/expected lowercase hex/);
  });

  it('keeps every entry when many writes race', async () => {
    const cache = createFileCache(dir);
    const keys = Array.from({ length: 20 }, (_, n) => n.toString(16).padStart(2, '0').padEnd(64, 'f'));
    await Promise.all(keys.flatMap((key) => [cache.set(key, { key }), cache.set(key, { key })]));
    expect(await Promise.all(keys.map((key) => cache.get(key)))).toEqual(keys.map((key) => ({ key })));
  });
});
