/**
 * The pack of a golden-set run's content cache: the chunks of every file of a base side in one
 * cache entry, so a warm run reads one file instead of one per corpus file (docs/design.md#speed). Each
 * chunking is stored under its own entry's key (a digest of the engine build, the file's path,
 * text or git blob, and chunking settings), so an unpacked chunking is exactly what the per-file
 * entry holds.
 *
 * Plain JSON of the entries, gzip-compressed (base64 in the cache's JSON envelope); a chunk whose
 * text is the file between its offsets is stored with `text: null` and given back from the file.
 * This replaced a columnar pack (int32 columns, interned strings, derived fields) of 405 lines:
 * on the Tauri docs (243 files, 1,488 chunks) the columnar pack was 669 KiB and this one is
 * 467 KiB, and a write or a read costs about the same CPU (36–53 ms against 37–44 to write,
 * 20–31 ms against 27–37 to read, over several runs on a loaded machine).
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { CorpusChunking, SourceText } from '../engine/retrieval.js';
import type { Chunk } from '../types.js';

/** The format tag of a pack; anything else read under a pack's key is a miss. */
const FORMAT = 'chunkgate-chunk-pack/4';

/**
 * Largest base side packed, in characters of text: the entries' JSON is about three quarters of
 * the text, and it is one string, which must stay far below V8's maximum string length (2^29
 * characters).
 */
export const MAX_PACK_CHARS = 128 * 1024 * 1024;

/** A chunking as packed: chunks that are a plain slice of the file have `text: null`. */
type PackedChunking = Omit<CorpusChunking, 'chunks'> & { chunks: (Omit<Chunk, 'text'> & { text: string | null })[] };

/** A pack as stored: the JSON of `[key, PackedChunking][]`, gzip, base64. */
export interface ChunkPack {
  format: typeof FORMAT;
  gzip: string;
}

/** The packed chunkings of a pack read back, by entry key ({@link unpackChunking} turns one into chunks). */
export type PackedEntries = ReadonlyMap<string, unknown>;

/** Whether the files are small enough to pack together ({@link MAX_PACK_CHARS}). */
export function packable(files: readonly SourceText[]): boolean {
  let chars = 0;
  for (const file of files) chars += file.path.length + file.text.length;
  return chars <= MAX_PACK_CHARS;
}

/** The pack of these chunkings, each of the file `text` and stored under `key`, in order. */
export function packEntries(entries: readonly { key: string; chunking: CorpusChunking; text: string }[]): ChunkPack {
  const packed = entries.map(({ key, chunking, text }): [string, PackedChunking] => [
    key,
    { ...chunking, chunks: chunking.chunks.map((chunk) => (chunk.text === text.slice(chunk.startOffset, chunk.endOffset) ? { ...chunk, text: null } : chunk)) },
  ]);
  // Level 1: a tenth of the time of the default level, for a few percent more bytes.
  return { format: FORMAT, gzip: gzipSync(JSON.stringify(packed), { level: 1 }).toString('base64') };
}

/** The entries of a pack (`value` as the cache read it); anything that is not a pack of this format has none. */
export function readPack(value: unknown): PackedEntries {
  const entries = new Map<string, unknown>();
  if (typeof value !== 'object' || value === null) return entries;
  const pack = value as Partial<ChunkPack>;
  if (pack.format !== FORMAT || typeof pack.gzip !== 'string') return entries;
  let packed: unknown;
  try {
    packed = JSON.parse(gunzipSync(Buffer.from(pack.gzip, 'base64')).toString('utf8'));
  } catch {
    return entries;
  }
  if (!Array.isArray(packed)) return entries;
  for (const entry of packed) if (Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string') entries.set(entry[0], entry[1]);
  return entries;
}

/**
 * The chunking of a packed entry for the file `text`, or `undefined` when it is not one (a
 * damaged entry, or a chunk whose offsets do not fit the text: a miss, never wrong chunks).
 */
export function unpackChunking(packed: unknown, text: string): CorpusChunking | undefined {
  if (typeof packed !== 'object' || packed === null) return undefined;
  const { chunks, blocks } = packed as Partial<PackedChunking>;
  if (!Array.isArray(chunks) || !Array.isArray(blocks)) return undefined;
  const unpacked: Chunk[] = [];
  for (const chunk of chunks as unknown[]) {
    if (typeof chunk !== 'object' || chunk === null) return undefined;
    const { text: own, startOffset: start, endOffset: end } = chunk as PackedChunking['chunks'][number];
    if (typeof own === 'string') unpacked.push(chunk as Chunk);
    else if (own === null && Number.isSafeInteger(start) && Number.isSafeInteger(end) && start >= 0 && start <= end && end <= text.length) unpacked.push({ ...(chunk as Chunk), text: text.slice(start, end) });
    else return undefined;
  }
  return { ...(packed as PackedChunking), chunks: unpacked };
}
