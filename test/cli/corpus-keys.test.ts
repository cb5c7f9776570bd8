/**
 * chunkCorpus's entry keys stand for a file's chunks in the key of the saved BM25 base (issue
 * 16): a changed text or changed chunking settings must give another key, and a file whose
 * chunks come from elsewhere (a changed file, an external chunker) must have none.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chunkCorpus } from '../../src/cli/corpus.js';
import { createPool } from '../../src/cli/pool.js';
import { parseConfig } from '../../src/config/load.js';
import { openContentCache } from '../../src/sources/content-cache.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function cacheIn(): ReturnType<typeof openContentCache> {
  const dir = mkdtempSync(join(tmpdir(), 'chunkgate-corpus-keys-'));
  dirs.push(dir);
  return openContentCache(dir, 'chunks');
}

const a = { path: 'docs/a.md', text: '# A\n\nOne paragraph about the cache.\n' };
const b = { path: 'docs/b.md', text: '# B\n\nHow to deploy a release.\n' };
const bEdited = { path: 'docs/b.md', text: '# B\n\nHow to deploy a release again.\n' };
const c = { path: 'docs/c.md', text: '# C\n\nChanged by the pull request.\n' };
const e = { path: 'ext/e.md', text: '# E\n\nChunked by a command.\n' };

const config = parseConfig('overrides:\n  - paths: ["ext/**"]\n    chunking: { strategy: external, command: [chunker] }\n', 'test.yml');
const smaller = parseConfig('chunking: { max: 300 }\noverrides:\n  - paths: ["ext/**"]\n    chunking: { strategy: external, command: [chunker] }\n', 'test.yml');

describe('chunkCorpus entry keys', () => {
  it('gives each file chunked here its entry key: another for another text or other settings, none for skipped or external files', async () => {
    const skip = (path: string) => path === c.path;
    const run = (sides: { path: string; text: string }[][], settings = config) => chunkCorpus(sides, settings, () => createPool(1, undefined), cacheIn(), skip);
    const chunked = await run([[a, b, c, e], [a, bEdited, c, e]]);
    const keyOf = (file: { path: string; text: string }) => chunked.entryKeys.get(file.path, file.text);
    for (const file of [a, b, bEdited]) expect(keyOf(file)).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set([keyOf(a), keyOf(b), keyOf(bEdited)]).size).toBe(3);
    expect(keyOf(c)).toBeUndefined();
    expect(keyOf(e)).toBeUndefined();
    // The same file and settings: the same key, in any run.
    expect((await run([[a]])).entryKeys.get(a.path, a.text)).toBe(keyOf(a));
    // Other chunking settings: another key.
    expect((await run([[a]], smaller)).entryKeys.get(a.path, a.text)).not.toBe(keyOf(a));
  });

  it('has no keys without a cache', async () => {
    const chunked = await chunkCorpus([[a]], config, () => createPool(1, undefined), null, () => false);
    expect(chunked.entryKeys.get(a.path, a.text)).toBeNull();
  });
});
