/**
 * The key `bm25Sides` saves a base side under: a digest of the queries and the base corpus.
 */
import { createHash } from 'node:crypto';
import type { RetrievalChunk } from './types.js';

/**
 * The key of a base side: a SHA-256 of the queries and the corpus, files in corpus order. A file
 * of `fileKeys` counts as its path and key (its chunks are a function of it), any other as its
 * chunks' heading paths and texts ({@link corpusDigest}'s hash). Each part is tagged and its
 * strings are length-prefixed, so no two corpora give the same bytes.
 */
export function baseKey(queries: readonly string[], chunks: readonly Pick<RetrievalChunk, 'file' | 'headingPath' | 'text'>[], fileKeys?: ReadonlyMap<string, string>): string {
  if (!fileKeys || fileKeys.size === 0) return corpusDigest(queries, chunks);
  const hash = createHash('sha256').update(`chunkgate-bm25 keyed\u0000${JSON.stringify(queries)}`);
  let batch = '';
  let last: string | null = null;
  let keyed = false;
  for (const chunk of chunks) {
    if (chunk.file === last && keyed) continue;
    const key = fileKeys.get(chunk.file);
    keyed = key !== undefined;
    if (key !== undefined) {
      batch += `\u0000K${chunk.file.length}:${chunk.file}${key.length}:${key}`;
    } else {
      batch += `\u0000C${chunk.file.length}:${chunk.file}${chunk.headingPath.length}`;
      for (const part of chunk.headingPath) batch += `:${part.length}:${part}`;
      batch += `:${chunk.text.length}:${chunk.text}`;
    }
    last = chunk.file;
    if (batch.length >= DIGEST_BATCH) {
      hash.update(batch);
      batch = '';
    }
  }
  return hash.update(batch).digest('hex');
}

/**
 * A SHA-256 of the queries and every chunk's file, heading path and text, in corpus order. The
 * chunks go to the hash joined in batches of about 64K characters: the same bytes as one update
 * per chunk (each part starts with a NUL, so no surrogate pair forms across a join), in a few
 * hundred calls instead of one per chunk.
 */
export function corpusDigest(queries: readonly string[], chunks: readonly Pick<RetrievalChunk, 'file' | 'headingPath' | 'text'>[]): string {
  const hash = createHash('sha256').update(JSON.stringify(queries));
  let batch = '';
  for (const chunk of chunks) {
    batch += `\u0000${chunk.file}\u0000${chunk.headingPath.join('\u0001')}\u0000${chunk.text}`;
    if (batch.length >= DIGEST_BATCH) {
      hash.update(batch);
      batch = '';
    }
  }
  return hash.update(batch).digest('hex');
}

const DIGEST_BATCH = 1 << 16;
