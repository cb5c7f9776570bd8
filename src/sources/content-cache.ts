/**
 * The content-hash cache of whole-repo runs (docs/design.md#speed): per-file results on disk, keyed by a hash
 * of everything they depend on (the engine build, the file's settings, path and text), so a run
 * skips the files that did not change since the run that filled it. The folder is plain files:
 * restore and save it with actions/cache between workflow runs.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { VERSION } from '../version.js';
import { createTextFileCache } from './cache.js';

/**
 * One kind of entry in the cache folder (`<dir>/content/<kind>/`): eval results, retrieval chunks,
 * a base side's BM25 index, or a base side's retrieval chunks in one pack (src/cli/chunk-pack.ts).
 */
export type CacheKind = 'eval' | 'chunks' | 'retrieval' | 'packs';

/** A cache folder for one kind of entry. */
export interface ContentCache {
  /**
   * The key of an entry: a SHA-256 of the engine build, the kind and `parts` (JSON), then `text`
   * when given (a file's text, hashed as it is rather than escaped into JSON).
   */
  key(parts: unknown, text?: string): string;
  /**
   * The entry, or `undefined` when absent or not as this engine build wrote it (unreadable, not
   * JSON, another shape, another kind or key, or a body that does not match its digest): a
   * damaged or edited entry is a miss, never an error.
   */
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  /** Marks an entry as in use without reading it (its value came from a pack), so {@link ContentCache.prune | prune} keeps it; counted as a hit. */
  keep(key: string): void;
  /** Deletes the entries of this kind no `get` or `set` touched since the cache was opened; returns how many. */
  prune(): Promise<number>;
  readonly stats: { hits: number; misses: number };
}

/**
 * The envelope of an entry on disk: its kind, key, digest, then its body (the value as JSON).
 * `digest` is the HMAC-SHA256, keyed by the engine build, of the kind, the key and the body's
 * exact text, so an entry edited by hand (or written by another build) reads as a miss. It is
 * not a secret: it tells a changed entry, not who changed it.
 */
const envelopeShape = z.strictObject({
  kind: z.string(),
  key: z.string(),
  digest: z.string().regex(/^[0-9a-f]{64}$/),
  body: z.unknown(),
});

/** The text before an entry's body: `{"kind":…,"key":…,"digest":…,"body":`. */
function envelopeHead(kind: CacheKind, key: string, digest: string): string {
  return `${JSON.stringify({ kind, key, digest }).slice(0, -1)},"body":`;
}

/**
 * Opens (creating it on first write) the `kind` part of the cache folder `dir`, as files of
 * {@link createTextFileCache} (atomic writes; a damaged entry reads as a miss), each entry in an
 * envelope whose digest ties it to this engine build, plus the bookkeeping that lets a
 * whole-repo run {@link ContentCache.prune | prune} what it no longer uses.
 */
export function openContentCache(dir: string, kind: CacheKind): ContentCache {
  const root = join(dir, 'content', kind);
  const files = createTextFileCache(root);
  const build = engineBuild();
  const used = new Set<string>();
  const stats = { hits: 0, misses: 0 };
  const digestOf = (key: string, body: string): string => createHmac('sha256', build).update(kind).update('\0').update(key).update('\0').update(body).digest('hex');
  /** The body of the entry `text` read at `key`, or `undefined` when it is not an entry this build wrote there. */
  const open = (key: string, text: string | undefined): unknown => {
    if (text === undefined) return undefined;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return undefined;
    }
    const envelope = envelopeShape.safeParse(data);
    if (!envelope.success || envelope.data.kind !== kind || envelope.data.key !== key) return undefined;
    // The body's text as written: the envelope's own layout around it, byte for byte.
    const head = envelopeHead(kind, key, envelope.data.digest);
    if (!text.startsWith(head) || !text.endsWith('}\n')) return undefined;
    const expected = Buffer.from(digestOf(key, text.slice(head.length, -2)), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(envelope.data.digest, 'hex'))) return undefined;
    return envelope.data.body;
  };
  return {
    stats,
    key(parts, text) {
      const hash = createHash('sha256').update(build).update('\0').update(kind).update('\0').update(JSON.stringify(parts));
      // JSON has no raw NUL, so the text cannot be confused with the end of the parts.
      if (text !== undefined) hash.update('\0').update(text);
      return hash.digest('hex');
    },
    async get<T>(key: string): Promise<T | undefined> {
      used.add(key);
      const value = open(key, await files.get(key)) as T | undefined;
      if (value === undefined) stats.misses += 1;
      else stats.hits += 1;
      return value;
    },
    set(key, value) {
      used.add(key);
      const body = JSON.stringify(value);
      return files.set(key, `${envelopeHead(kind, key, digestOf(key, body))}${body}}\n`);
    },
    keep(key) {
      used.add(key);
      stats.hits += 1;
    },
    async prune() {
      let removed = 0;
      for (const folder of await readdir(root).catch(() => [] as string[])) {
        for (const name of await readdir(join(root, folder)).catch(() => [] as string[])) {
          if (used.has(name.replace(/\.json$/, ''))) continue;
          await rm(join(root, folder, name), { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}

let buildDigest: string | undefined;

/**
 * What identifies the code computing the entries: the SHA-256 of the bundle when chunkgate runs
 * from `dist/` (any change to the code is a new build, so stale results are never reused), else
 * the version (running from the TypeScript sources, clear the folder after changing the engine).
 */
function engineBuild(): string {
  if (buildDigest !== undefined) return buildDigest;
  const here = fileURLToPath(import.meta.url);
  buildDigest = `${VERSION}+source`;
  if (here.endsWith('.js')) {
    try {
      buildDigest = createHash('sha256').update(readFileSync(here)).digest('hex');
    } catch {
      // Unreadable bundle: the version alone identifies the build.
    }
  }
  return buildDigest;
}
