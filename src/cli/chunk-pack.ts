/**
 * The pack of a golden-set run's content cache: the chunks of every file of a base side in one
 * cache entry, so a warm run reads one file instead of one per corpus file (issue 16). Each
 * chunking is stored under its own entry's key (a digest of the engine build, the file's path,
 * text and chunking settings), so an unpacked chunking is exactly what the per-file entry holds.
 * A chunk whose text is the slice of the file between its offsets (most are) is stored without
 * it (`text: null`) and sliced again from the file's text when unpacked: a pack is about a third
 * of the size of its chunkings.
 */
import type { CorpusChunking, SourceText } from '../engine/retrieval.js';
import type { Chunk } from '../types.js';

/** The format tag of a pack; anything else read under a pack's key is a miss. */
const FORMAT = 'chunkgate-chunk-pack/2';

/**
 * Largest base side packed, in characters of text: a pack's JSON is about half its text, and one
 * string of it must stay far below V8's maximum string length (2^29 characters).
 */
export const MAX_PACK_CHARS = 128 * 1024 * 1024;

/** A chunking as packed: chunks that are a plain slice of the file have `text: null`. */
type PackedChunking = Omit<CorpusChunking, 'chunks'> & { chunks: (Omit<Chunk, 'text'> & { text: string | null })[] };

/** A pack as stored: `[entry key, packed chunking]` pairs, in base corpus order. */
export interface ChunkPack {
  format: typeof FORMAT;
  entries: [string, PackedChunking][];
}

/** The packed chunkings of a pack read back, by entry key ({@link unpackChunking} turns one into chunks). */
export type PackedEntries = ReadonlyMap<string, unknown>;

/** Whether the files are small enough to pack together ({@link MAX_PACK_CHARS}). */
export function packable(files: readonly SourceText[]): boolean {
  let chars = 0;
  for (const file of files) chars += file.path.length + file.text.length;
  return chars <= MAX_PACK_CHARS;
}

/** The pack of `entries`: each entry's key, chunking and the text of the file it chunks. */
export function packEntries(entries: readonly { key: string; chunking: CorpusChunking; text: string }[]): ChunkPack {
  return {
    format: FORMAT,
    entries: entries.map(({ key, chunking, text }) => [
      key,
      { ...chunking, chunks: chunking.chunks.map((chunk) => (chunk.text === text.slice(chunk.startOffset, chunk.endOffset) ? { ...chunk, text: null } : chunk)) },
    ]),
  };
}

/** The entries of a value read under a pack's key; empty when it is not a pack (absent, damaged, another format). */
export function readPack(value: unknown): PackedEntries {
  const entries = new Map<string, unknown>();
  if (typeof value !== 'object' || value === null) return entries;
  const pack = value as Partial<ChunkPack>;
  if (pack.format !== FORMAT || !Array.isArray(pack.entries)) return entries;
  for (const entry of pack.entries as unknown[]) {
    if (Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string') entries.set(entry[0], entry[1]);
  }
  return entries;
}

/**
 * The chunking of a packed entry for the file `text`, its sliced chunks' text restored, or
 * `undefined` when the entry is malformed (the file is then looked up alone). Takes over `packed`.
 */
export function unpackChunking(packed: unknown, text: string): CorpusChunking | undefined {
  if (typeof packed !== 'object' || packed === null) return undefined;
  const { chunks, blocks } = packed as Partial<PackedChunking>;
  if (!Array.isArray(chunks) || !Array.isArray(blocks)) return undefined;
  for (const chunk of chunks as unknown[]) {
    if (typeof chunk !== 'object' || chunk === null) return undefined;
    const { text: own, startOffset, endOffset } = chunk as Partial<PackedChunking['chunks'][number]>;
    if (typeof own === 'string') continue;
    if (own !== null || !Number.isInteger(startOffset) || !Number.isInteger(endOffset) || startOffset! < 0 || startOffset! > endOffset! || endOffset! > text.length) return undefined;
    (chunk as { text: string }).text = text.slice(startOffset, endOffset);
  }
  return packed as CorpusChunking;
}
