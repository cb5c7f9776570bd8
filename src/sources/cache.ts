import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JudgeCache } from '../metrics/content/llm/types.js';

/** Keys are hex digests; anything else could name a path outside the cache dir. */
const KEY = /^[0-9a-f]{8,128}$/;

/** Text files on disk, one per key (see {@link createTextFileCache}). */
export interface TextFileCache {
  /** The file's text, or `undefined` when missing, unreadable or the key is not lowercase hex. */
  get(key: string): Promise<string | undefined>;
  /** Writes `text` atomically; rejects on a key that is not lowercase hex or a failed write. */
  set(key: string, text: string): Promise<void>;
}

/**
 * One text file per key at `<dir>/<key[0..1]>/<key>.json` (two-character fan-out keeps folders
 * small). Reads never fail: a missing or unreadable file, or a key that is not lowercase hex, is
 * a miss (`undefined`). Writes are atomic (a temporary file in the same folder, then `rename`),
 * so a killed run or two runs sharing the cache never leave a half-written entry.
 */
export function createTextFileCache(dir: string): TextFileCache {
  const pathOf = (key: string): string => join(dir, key.slice(0, 2), `${key}.json`);
  return {
    async get(key) {
      if (!KEY.test(key)) return undefined;
      try {
        return await readFile(pathOf(key), 'utf8');
      } catch {
        return undefined;
      }
    },
    async set(key, text) {
      if (!KEY.test(key)) throw new Error(`Unexpected cache key ${JSON.stringify(key)}, expected lowercase hex`);
      const target = pathOf(key);
      const folder = join(dir, key.slice(0, 2));
      await mkdir(folder, { recursive: true });
      const temporary = join(folder, `.${key}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
      try {
        await writeFile(temporary, text, 'utf8');
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
  };
}

/**
 * A {@link JudgeCache} on disk: one JSON file per key, as {@link createTextFileCache} stores them.
 * Reads never fail: a missing, unreadable or corrupt file, or a key that is not lowercase hex, is
 * a miss (`undefined`); a failed write rejects and the caller decides.
 */
export function createFileCache(dir: string): JudgeCache {
  const files = createTextFileCache(dir);
  return {
    async get(key) {
      const text = await files.get(key);
      if (text === undefined) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return undefined;
      }
    },
    set: (key, value) => files.set(key, `${JSON.stringify(value)}\n`),
  };
}
