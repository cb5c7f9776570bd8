/**
 * The pack of a golden-set run's content cache: the chunks of every file of a base side in one
 * cache entry, so a warm run reads one file instead of one per corpus file (issue 16). Each
 * chunking is stored under its own entry's key (a digest of the engine build, the file's path,
 * text or git blob, and chunking settings), so an unpacked chunking is exactly what the per-file entry holds.
 *
 * The pack is columnar, because a warm run reads all of it and JSON.parse of one object per
 * chunk and block was most of that read: the numbers of every chunk and block are one base64
 * blob of int32s, chunk ids and block keys one string, excerpts and the rare chunk text that is
 * not a slice of the file another, and heading paths and kind lists an interned table. What the
 * file gives back is left out and derived again when unpacked, each only where packing checked
 * it derives to the same value: a chunk's text (the file between its offsets), `chars` (its
 * length), `index` (its position), `spans` (its offsets). An entry the columns cannot hold (a
 * field they do not know, a number that is not an int32) is stored as it is ({@link ChunkPack.loose}).
 * Entries are decoded when asked for ({@link unpackChunking}), each checked whole: a damaged one is a miss.
 */
import { endianness } from 'node:os';
import type { CorpusChunking, SourceText } from '../engine/retrieval.js';
import type { PageBlock } from '../types.js';
import type { BlockKind, Chunk, SplitInfo } from '../types.js';

/** The format tag of a pack; anything else read under a pack's key is a miss. */
const FORMAT = 'chunkgate-chunk-pack/3';

/**
 * Largest base side packed, in characters of text: a pack's JSON is about a sixth of its text, and
 * one string of it must stay far below V8's maximum string length (2^29 characters).
 */
export const MAX_PACK_CHARS = 128 * 1024 * 1024;

/** A chunking as stored loose: chunks that are a plain slice of the file have `text: null`. */
type PackedChunking = Omit<CorpusChunking, 'chunks'> & { chunks: (Omit<Chunk, 'text'> & { text: string | null })[] };

/**
 * A pack as stored. `ints` (little-endian int32s, base64) holds, in order: per entry its
 * extents `[intStart, intEnd, idsStart, idsEnd, textStart, textEnd]` (a loose entry:
 * `[-1, its index in loose, 0, 0, 0, 0]`); the list table (count, then per list its length
 * and word indexes); then each entry's columns ({@link encodeEntry}).
 */
export interface ChunkPack {
  format: typeof FORMAT;
  /** Entry keys, in base corpus order. */
  keys: string[];
  /** Interned strings: heading-path parts, block kinds, split kinds. */
  words: string[];
  ints: string;
  /** Chunk ids and block keys, one after the other. */
  ids: string;
  /** Block excerpts and the chunk texts that are not a slice of the file, one after the other. */
  text: string;
  /** Entries the columns cannot hold, as chunkings with their sliced chunks' text `null`. */
  loose: PackedChunking[];
}

/** The packed chunkings of a pack read back, by entry key ({@link unpackChunking} turns one into chunks). */
export type PackedEntries = ReadonlyMap<string, unknown>;

// Chunk flags: what is derived instead of stored.
const INDEX_IS_POSITION = 1;
const CHARS_IS_LENGTH = 2;
const ID_IS_12 = 4;
const OWN_TEXT = 8;
const HAS_SPLIT = 16;
const SPANS_ARE_OFFSETS = 32;
// Block flags.
const KEY_IS_22 = 1;
const LEVEL_OFF = 2;
const LEVEL_WARN = 4;
const EXCERPT_CUT = 8;
/** How an excerpt cut short ends: stored as a flag, the `text` column stays ASCII (faster to read) in an ASCII corpus. */
const ELLIPSIS = '…';
const ENTRY_INTS = 6;

const CHUNK_KEYS = 'id,index,text,tokens,chars,headingPath,startLine,endLine,startOffset,endOffset,kinds,spans';
const BLOCK_KEYS = 'key,start,line,excerpt';

/** Whether the files are small enough to pack together ({@link MAX_PACK_CHARS}). */
export function packable(files: readonly SourceText[]): boolean {
  let chars = 0;
  for (const file of files) chars += file.path.length + file.text.length;
  return chars <= MAX_PACK_CHARS;
}

/** Interns strings and string lists while packing. */
class Interner {
  readonly words: string[] = [];
  readonly lists: number[] = [];
  listCount = 0;
  private readonly wordIds = new Map<string, number>();
  private readonly listIds = new Map<string, number>();

  word(value: string): number {
    let id = this.wordIds.get(value);
    if (id === undefined) this.wordIds.set(value, (id = this.words.push(value) - 1));
    return id;
  }

  list(values: readonly string[]): number {
    const ids = values.map((value) => this.word(value));
    const name = ids.join(',');
    let id = this.listIds.get(name);
    if (id === undefined) {
      this.listIds.set(name, (id = this.listCount++));
      this.lists.push(ids.length);
      for (const word of ids) this.lists.push(word);
    }
    return id;
  }
}

const isInt32 = (value: unknown): value is number => typeof value === 'number' && (value | 0) === value && !Object.is(value, -0);
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * Appends the columns of one chunking to `ints`, `ids` and `text`, or returns `false` when a
 * chunk or block has a shape the columns do not hold (the caller then drops what it appended).
 */
function encodeEntry(chunking: CorpusChunking, text: string, into: { ints: number[]; ids: string[]; text: string[] }, interner: Interner): boolean {
  if (Object.keys(chunking).join(',') !== 'chunks,blocks' || !Array.isArray(chunking.chunks) || !Array.isArray(chunking.blocks)) return false;
  const { ints, ids, text: own } = into;
  ints.push(chunking.chunks.length, chunking.blocks.length);
  for (const [position, chunk] of chunking.chunks.entries()) {
    const keys = Object.keys(chunk).join(',');
    if (keys !== CHUNK_KEYS && keys !== `${CHUNK_KEYS},split`) return false;
    const { id, index, text: body, tokens, chars, headingPath, startLine, endLine, startOffset, endOffset, kinds, spans, split } = chunk;
    if (keys !== CHUNK_KEYS && split === undefined) return false;
    if (typeof id !== 'string' || typeof body !== 'string' || !isStringList(headingPath) || !isStringList(kinds) || !Array.isArray(spans)) return false;
    if (![index, tokens, chars, startLine, endLine, startOffset, endOffset].every(isInt32)) return false;
    const sliced = startOffset >= 0 && startOffset <= endOffset && endOffset <= text.length && body === text.slice(startOffset, endOffset);
    const plainSpans = spans.length === 1 && Object.keys(spans[0]!).join(',') === 'start,end' && spans[0]!.start === startOffset && spans[0]!.end === endOffset;
    let flags = (index === position ? INDEX_IS_POSITION : 0) | (chars === body.length ? CHARS_IS_LENGTH : 0) | (id.length === 12 ? ID_IS_12 : 0);
    flags |= (sliced ? 0 : OWN_TEXT) | (split !== undefined ? HAS_SPLIT : 0) | (plainSpans ? SPANS_ARE_OFFSETS : 0);
    ints.push(flags, tokens, interner.list(headingPath), startLine, endLine, startOffset, endOffset, interner.list(kinds));
    if (!(flags & INDEX_IS_POSITION)) ints.push(index);
    if (!(flags & CHARS_IS_LENGTH)) ints.push(chars);
    if (!(flags & ID_IS_12)) ints.push(id.length);
    if (flags & OWN_TEXT) ints.push(body.length);
    if (split !== undefined) {
      if (typeof split !== 'object' || split === null || Object.keys(split).join(',') !== 'kind,part,parts') return false;
      if (typeof split.kind !== 'string' || !isInt32(split.part) || !isInt32(split.parts)) return false;
      ints.push(interner.word(split.kind), split.part, split.parts);
    }
    if (!plainSpans) {
      ints.push(spans.length);
      for (const span of spans) {
        if (typeof span !== 'object' || span === null || Object.keys(span).join(',') !== 'start,end' || !isInt32(span.start) || !isInt32(span.end)) return false;
        ints.push(span.start, span.end);
      }
    }
    ids.push(id);
    if (flags & OWN_TEXT) own.push(body);
  }
  for (const block of chunking.blocks) {
    const keys = Object.keys(block).join(',');
    if (keys !== BLOCK_KEYS && keys !== `${BLOCK_KEYS},level`) return false;
    const { key, start, line, excerpt, level } = block;
    if (typeof key !== 'string' || typeof excerpt !== 'string' || !isInt32(start) || !isInt32(line)) return false;
    if (keys !== BLOCK_KEYS && level !== 'off' && level !== 'warn') return false;
    const cut = excerpt.endsWith(ELLIPSIS);
    const flags = (key.length === 22 ? KEY_IS_22 : 0) | (level === 'off' ? LEVEL_OFF : level === 'warn' ? LEVEL_WARN : 0) | (cut ? EXCERPT_CUT : 0);
    const stored = cut ? excerpt.slice(0, -ELLIPSIS.length) : excerpt;
    ints.push(flags, start, line, stored.length);
    if (!(flags & KEY_IS_22)) ints.push(key.length);
    ids.push(key);
    own.push(stored);
  }
  return true;
}

/** The pack of `entries`: each entry's key, chunking and the text of the file it chunks. */
export function packEntries(entries: readonly { key: string; chunking: CorpusChunking; text: string }[]): ChunkPack {
  const interner = new Interner();
  const columns = { ints: [] as number[], ids: [] as string[], text: [] as string[] };
  const extents: number[] = [];
  const loose: PackedChunking[] = [];
  let idChars = 0;
  let textChars = 0;
  for (const { chunking, text } of entries) {
    const intStart = columns.ints.length;
    const [idCount, textCount] = [columns.ids.length, columns.text.length];
    if (encodeEntry(chunking, text, columns, interner)) {
      const idStart = idChars;
      const textStart = textChars;
      for (let at = idCount; at < columns.ids.length; at++) idChars += columns.ids[at]!.length;
      for (let at = textCount; at < columns.text.length; at++) textChars += columns.text[at]!.length;
      extents.push(intStart, columns.ints.length, idStart, idChars, textStart, textChars);
    } else {
      // Whatever the entry appended before it turned out not to fit goes.
      [columns.ints.length, columns.ids.length, columns.text.length] = [intStart, idCount, textCount];
      extents.push(-1, loose.length, 0, 0, 0, 0);
      loose.push({ ...chunking, chunks: chunking.chunks.map((chunk) => (chunk.text === text.slice(chunk.startOffset, chunk.endOffset) ? { ...chunk, text: null } : chunk)) });
    }
  }
  const ints = new Int32Array(extents.length + 1 + interner.lists.length + columns.ints.length);
  // The entries' int extents were counted from the start of their columns, which come last.
  const base = extents.length + 1 + interner.lists.length;
  for (let at = 0; at < extents.length; at += ENTRY_INTS) {
    if (extents[at] !== -1) [extents[at], extents[at + 1]] = [extents[at]! + base, extents[at + 1]! + base];
  }
  ints.set(extents);
  ints[extents.length] = interner.listCount;
  ints.set(interner.lists, extents.length + 1);
  ints.set(columns.ints, extents.length + 1 + interner.lists.length);
  const bytes = Buffer.from(ints.buffer, ints.byteOffset, ints.byteLength);
  if (endianness() === 'BE') bytes.swap32();
  return {
    format: FORMAT,
    keys: entries.map(({ key }) => key),
    words: interner.words,
    ints: bytes.toString('base64'),
    ids: columns.ids.join(''),
    text: columns.text.join(''),
    loose,
  };
}

/** A pack read back: its columns, decoded once and shared by its entries. */
interface Columns {
  ints: Int32Array;
  words: readonly string[];
  lists: string[][];
  ids: string;
  text: string;
  loose: unknown[];
}

/** One entry of a pack read back: where its columns are ({@link unpackChunking} decodes them). */
class PackedEntry {
  constructor(
    readonly columns: Columns,
    readonly at: number,
  ) {}
}

/** The int32s of a pack's `ints`, or `undefined` when it is not whole. */
function decodeInts(base64: string): Int32Array | undefined {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length % 4 !== 0 || bytes.toString('base64').length !== base64.length) return undefined;
  if (endianness() === 'BE') bytes.swap32();
  // A small buffer may lie in Node's shared pool at an offset an Int32Array cannot start at.
  return bytes.byteOffset % 4 === 0 ? new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4) : new Int32Array(new Uint8Array(bytes).buffer);
}

/** The list table at `at` in `ints`, or `undefined` when it is damaged. */
function decodeLists(ints: Int32Array, at: number, words: readonly string[]): { lists: string[][]; end: number } | undefined {
  const count = ints[at++];
  if (count === undefined || count < 0) return undefined;
  const lists: string[][] = [];
  for (let list = 0; list < count; list++) {
    const length = ints[at++];
    if (length === undefined || length < 0 || at + length > ints.length) return undefined;
    const values: string[] = [];
    for (const end = at + length; at < end; at++) {
      const word = words[ints[at]!];
      if (word === undefined) return undefined;
      values.push(word);
    }
    lists.push(values);
  }
  return { lists, end: at };
}

/** The entries of a value read under a pack's key; empty when it is not a whole pack (absent, damaged, another format). */
export function readPack(value: unknown): PackedEntries {
  const entries = new Map<string, unknown>();
  if (typeof value !== 'object' || value === null) return entries;
  const pack = value as Partial<ChunkPack>;
  if (pack.format !== FORMAT || !isStringList(pack.keys) || !isStringList(pack.words) || !Array.isArray(pack.loose)) return entries;
  if (typeof pack.ints !== 'string' || typeof pack.ids !== 'string' || typeof pack.text !== 'string') return entries;
  const ints = decodeInts(pack.ints);
  const table = ints && decodeLists(ints, pack.keys.length * ENTRY_INTS, pack.words);
  if (!ints || !table) return entries;
  const columns: Columns = { ints, words: pack.words, lists: table.lists, ids: pack.ids, text: pack.text, loose: pack.loose };
  for (const [at, key] of pack.keys.entries()) entries.set(key, new PackedEntry(columns, at));
  return entries;
}

/** A damaged entry found while decoding: {@link unpackChunking} turns it into a miss. */
class Damaged extends Error {}

/**
 * The chunking of a columnar entry for the file `text` (throws {@link Damaged}): every read is
 * checked against the entry's extents. One loop over local cursors, checks inline: a warm run
 * decodes every entry once, mostly before the JIT has compiled this, and in the interpreter
 * every call costs.
 */
function decodeEntry(columns: Columns, at: number, text: string): CorpusChunking {
  const { ints, words, lists, ids, text: own } = columns;
  const base = at * ENTRY_INTS;
  let p = ints[base]!;
  const intEnd = ints[base + 1]!;
  let id = ints[base + 2]!;
  const idEnd = ints[base + 3]!;
  let o = ints[base + 4]!;
  const ownEnd = ints[base + 5]!;
  if (!(p >= 0 && p + 2 <= intEnd && intEnd <= ints.length && id >= 0 && id <= idEnd && idEnd <= ids.length && o >= 0 && o <= ownEnd && ownEnd <= own.length)) throw new Damaged();
  const chunkCount = ints[p++]!;
  const blockCount = ints[p++]!;
  // Each chunk takes 8 ints at least and each block 4: a count beyond the extent is damage, not an allocation.
  if (!(chunkCount >= 0 && blockCount >= 0 && chunkCount * 8 + blockCount * 4 <= intEnd - p)) throw new Damaged();
  // Filled by push, not preallocated: a preallocated array stays holey, slower for every later reader.
  const chunks: Chunk[] = [];
  for (let position = 0; position < chunkCount; position++) {
    if (p + 8 > intEnd) throw new Damaged();
    const flags = ints[p]!;
    const tokens = ints[p + 1]!;
    const headingPath = lists[ints[p + 2]!];
    const startLine = ints[p + 3]!;
    const endLine = ints[p + 4]!;
    const startOffset = ints[p + 5]!;
    const endOffset = ints[p + 6]!;
    const kinds = lists[ints[p + 7]!] as BlockKind[] | undefined;
    p += 8;
    if (headingPath === undefined || kinds === undefined) throw new Damaged();
    // The optional ints, in the order packing wrote them.
    const extra = (flags & INDEX_IS_POSITION ? 0 : 1) + (flags & CHARS_IS_LENGTH ? 0 : 1) + (flags & ID_IS_12 ? 0 : 1) + (flags & OWN_TEXT ? 1 : 0) + (flags & HAS_SPLIT ? 3 : 0);
    if (p + extra > intEnd) throw new Damaged();
    const index = flags & INDEX_IS_POSITION ? position : ints[p++]!;
    const chars = flags & CHARS_IS_LENGTH ? -1 : ints[p++]!;
    const idLength = flags & ID_IS_12 ? 12 : ints[p++]!;
    if (idLength < 0 || id + idLength > idEnd) throw new Damaged();
    const chunkId = ids.slice(id, (id += idLength));
    let body: string;
    if (flags & OWN_TEXT) {
      const length = ints[p++]!;
      if (length < 0 || o + length > ownEnd) throw new Damaged();
      body = own.slice(o, (o += length));
    } else {
      if (startOffset < 0 || startOffset > endOffset || endOffset > text.length) throw new Damaged();
      body = text.slice(startOffset, endOffset);
    }
    let split: SplitInfo | undefined;
    if (flags & HAS_SPLIT) {
      const kind = words[ints[p]!];
      if (kind === undefined) throw new Damaged();
      split = { kind: kind as SplitInfo['kind'], part: ints[p + 1]!, parts: ints[p + 2]! };
      p += 3;
    }
    let spans: Chunk['spans'];
    if (flags & SPANS_ARE_OFFSETS) spans = [{ start: startOffset, end: endOffset }];
    else {
      if (p >= intEnd) throw new Damaged();
      const count = ints[p++]!;
      if (count < 0 || p + 2 * count > intEnd) throw new Damaged();
      spans = [];
      for (let span = 0; span < count; span++, p += 2) spans.push({ start: ints[p]!, end: ints[p + 1]! });
    }
    const chunk: Chunk = { id: chunkId, index, text: body, tokens, chars: flags & CHARS_IS_LENGTH ? body.length : chars, headingPath, startLine, endLine, startOffset, endOffset, kinds, spans };
    if (split) chunk.split = split;
    chunks.push(chunk);
  }
  const blocks: PageBlock[] = [];
  for (let position = 0; position < blockCount; position++) {
    if (p + 4 > intEnd) throw new Damaged();
    const flags = ints[p]!;
    const start = ints[p + 1]!;
    const line = ints[p + 2]!;
    const excerptLength = ints[p + 3]!;
    p += 4;
    let keyLength = 22;
    if (!(flags & KEY_IS_22)) {
      if (p >= intEnd) throw new Damaged();
      keyLength = ints[p++]!;
    }
    if (!(keyLength >= 0 && id + keyLength <= idEnd && excerptLength >= 0 && o + excerptLength <= ownEnd)) throw new Damaged();
    const key = ids.slice(id, (id += keyLength));
    const excerpt = flags & EXCERPT_CUT ? own.slice(o, (o += excerptLength)) + ELLIPSIS : own.slice(o, (o += excerptLength));
    const level = flags & LEVEL_OFF ? 'off' : flags & LEVEL_WARN ? 'warn' : undefined;
    blocks.push(level ? { key, start, line, excerpt, level } : { key, start, line, excerpt });
  }
  // Every column read to its end, or the entry is not what was packed.
  if (p !== intEnd || id !== idEnd || o !== ownEnd) throw new Damaged();
  return { chunks, blocks };
}

/** The chunking of a loose entry for the file `text`, its sliced chunks' text restored (throws {@link Damaged}). */
function decodeLoose(packed: unknown, text: string): CorpusChunking {
  if (typeof packed !== 'object' || packed === null) throw new Damaged();
  const { chunks, blocks } = packed as Partial<PackedChunking>;
  if (!Array.isArray(chunks) || !Array.isArray(blocks)) throw new Damaged();
  for (const chunk of chunks as unknown[]) {
    if (typeof chunk !== 'object' || chunk === null) throw new Damaged();
    const { text: own, startOffset, endOffset } = chunk as Partial<PackedChunking['chunks'][number]>;
    if (typeof own === 'string') continue;
    if (own !== null || !Number.isInteger(startOffset) || !Number.isInteger(endOffset) || startOffset! < 0 || startOffset! > endOffset! || endOffset! > text.length) throw new Damaged();
    (chunk as { text: string }).text = text.slice(startOffset, endOffset);
  }
  return packed as CorpusChunking;
}

/**
 * The chunking of a packed entry for the file `text`, or `undefined` when the entry is damaged
 * or not one of {@link readPack}'s (the file is then looked up alone).
 */
export function unpackChunking(packed: unknown, text: string): CorpusChunking | undefined {
  if (!(packed instanceof PackedEntry)) return undefined;
  const { columns, at } = packed;
  try {
    const intStart = columns.ints[at * ENTRY_INTS]!;
    return intStart === -1 ? decodeLoose(columns.loose[columns.ints[at * ENTRY_INTS + 1]!], text) : decodeEntry(columns, at, text);
  } catch (error) {
    if (error instanceof Damaged) return undefined;
    throw error;
  }
}
