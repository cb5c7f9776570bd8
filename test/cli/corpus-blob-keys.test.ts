import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chunkCorpus } from '../../src/cli/corpus.js';
import { createPool } from '../../src/cli/pool.js';
import { defaultConfig } from '../../src/config/schema.js';
import { openContentCache, type ContentCache } from '../../src/sources/content-cache.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A chunks cache in a fresh folder that records the arguments of every `key` call. */
function recordingCache(): { cache: ContentCache; keyed: { parts: unknown; text: string | undefined }[] } {
  const dir = mkdtempSync(join(tmpdir(), 'chunkgate-corpus-keys-'));
  dirs.push(dir);
  const inner = openContentCache(dir, 'chunks');
  const keyed: { parts: unknown; text: string | undefined }[] = [];
  return { keyed, cache: { ...inner, stats: inner.stats, key: (parts, text) => (keyed.push({ parts, text }), inner.key(parts, text)) } };
}

const run = (files: { path: string; text: string; blob?: string }[], cache: ContentCache) =>
  chunkCorpus([files], defaultConfig(), () => createPool(1, undefined), cache, () => false);

describe('chunkCorpus entry keys', () => {
  it('keys a file read from a git blob by the blob id, without hashing its text', async () => {
    const { cache, keyed } = recordingCache();
    const text = '# Install\n\nRun the installer, then restart.\n';
    const chunked = await run([{ path: 'docs/a.md', text, blob: 'a'.repeat(40) }, { path: 'docs/b.md', text }], cache);
    expect(chunked.get('docs/a.md', text)?.chunks.map((chunk) => chunk.text)).toEqual([text.trimEnd()]);
    expect(keyed).toEqual([
      { parts: { path: 'docs/a.md', chunking: defaultConfig().chunking, blob: 'a'.repeat(40) }, text: undefined },
      // A file without a blob (the working tree, a folder) is keyed by its text.
      { parts: { path: 'docs/b.md', chunking: defaultConfig().chunking }, text },
    ]);
  });

  it('reuses an entry for the same blob and misses for another blob or a text-keyed read of the same file', async () => {
    const { cache } = recordingCache();
    const text = '# Install\n\nRun the installer, then restart.\n';
    await run([{ path: 'docs/a.md', text, blob: 'a'.repeat(40) }], cache);
    expect(cache.stats).toEqual({ hits: 0, misses: 1 });
    await run([{ path: 'docs/a.md', text, blob: 'a'.repeat(40) }], cache);
    expect(cache.stats).toEqual({ hits: 1, misses: 1 });
    await run([{ path: 'docs/a.md', text, blob: 'b'.repeat(40) }], cache);
    await run([{ path: 'docs/a.md', text }], cache);
    expect(cache.stats).toEqual({ hits: 1, misses: 3 });
  });
});
