/**
 * The pack of a golden-set run's content cache: the chunks of every file of a base side in one
 * cache entry, so a warm run reads one file instead of one per corpus file (issue 16). Each
 * chunking is stored under its own entry's key (a digest of the engine build, the file's path,
 * text and chunking settings), so a pack entry is exactly what the per-file entry holds.
 */
import type { CorpusChunking, SourceText } from '../engine/retrieval.js';

/** The format tag of a pack; anything else read under a pack's key is a miss. */
const FORMAT = 'chunkgate-chunk-pack/1';

/**
 * Largest base side packed, in characters of text: a pack's JSON is about 1.3× its text, and one
 * string of it must stay far below V8's maximum string length (2^29 characters).
 */
export const MAX_PACK_CHARS = 64 * 1024 * 1024;

/** A pack as stored: `[entry key, chunking]` pairs, in base corpus order. */
export interface ChunkPack {
  format: typeof FORMAT;
  entries: (readonly [string, CorpusChunking])[];
}

/** Whether the files are small enough to pack together ({@link MAX_PACK_CHARS}). */
export function packable(files: readonly SourceText[]): boolean {
  let chars = 0;
  for (const file of files) chars += file.path.length + file.text.length;
  return chars <= MAX_PACK_CHARS;
}

/** The pack of `entries`. */
export function packEntry(entries: readonly (readonly [string, CorpusChunking])[]): ChunkPack {
  return { format: FORMAT, entries: [...entries] };
}

/**
 * The chunkings of a value read under a pack's key, by entry key; empty when it is not a pack
 * (absent, damaged, another format). A malformed entry is left out: its file is looked up alone.
 */
export function chunkPack(value: unknown): Map<string, CorpusChunking> {
  const chunkings = new Map<string, CorpusChunking>();
  if (typeof value !== 'object' || value === null) return chunkings;
  const pack = value as Partial<ChunkPack>;
  if (pack.format !== FORMAT || !Array.isArray(pack.entries)) return chunkings;
  for (const entry of pack.entries as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 2) continue;
    const [key, chunking] = entry as [unknown, unknown];
    if (typeof key !== 'string' || !isChunking(chunking)) continue;
    chunkings.set(key, chunking);
  }
  return chunkings;
}

function isChunking(value: unknown): value is CorpusChunking {
  if (typeof value !== 'object' || value === null) return false;
  const { chunks, blocks } = value as Partial<CorpusChunking>;
  return Array.isArray(chunks) && Array.isArray(blocks);
}
