import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import fc from 'fast-check';
import { glob } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { MAX_PACK_CHARS, packable, packEntries, readPack, unpackChunking, type ChunkPack } from '../../src/cli/chunk-pack.js';
import { parseConfig } from '../../src/config/load.js';
import { settingsFor } from '../../src/config/resolve.js';
import { chunkForRetrieval, type CorpusChunking } from '../../src/engine/retrieval.js';
import type { Chunk } from '../../src/types.js';

const text = '# Title\n\nFirst paragraph.\n\n## Part\n\nSecond one.\n';

function chunk(index: number, start: number, end: number, own?: string): Chunk {
  const body = own ?? text.slice(start, end);
  return { id: `c${index}`, index, text: body, tokens: 3, chars: body.length, headingPath: ['Title'], startLine: 1, endLine: 2, startOffset: start, endOffset: end, kinds: ['paragraph'], spans: [{ start, end }] };
}

function chunking(): CorpusChunking {
  // The second chunk's text is joined, not a plain slice of the file: the pack keeps it.
  return { chunks: [chunk(0, 0, 26), chunk(1, 27, 48, 'Part\n\nSecond one.')], blocks: [{ key: 'k', start: 9, line: 3, excerpt: 'First paragraph.' }] };
}

type Entries = Parameters<typeof packEntries>[0];

/** A pack through JSON, as the cache stores it. */
function stored(entries: Entries): ChunkPack {
  return JSON.parse(JSON.stringify(packEntries(entries))) as ChunkPack;
}

/** The chunkings `entries` unpack to, through JSON. */
function roundTrip(entries: Entries): (CorpusChunking | undefined)[] {
  const read = readPack(stored(entries));
  return entries.map(({ key, text: source }) => unpackChunking(read.get(key), source));
}

/** The entries of a pack as stored: its gzip's JSON. */
const packed = (pack: ChunkPack): unknown => JSON.parse(gunzipSync(Buffer.from(pack.gzip, 'base64')).toString('utf8'));
const withEntries = (value: unknown): ChunkPack => ({ format: 'chunkgate-chunk-pack/4', gzip: gzipSync(JSON.stringify(value)).toString('base64') });

describe('chunk pack', () => {
  it('stores the chunkings without the chunk texts the file gives back, and gives back the same chunking', () => {
    const original = chunking();
    const pack = stored([{ key: 'aa11', chunking: original, text }]);
    expect(pack.format).toBe('chunkgate-chunk-pack/4');
    // The sliced chunk's text is not stored; the joined one's is.
    expect(packed(pack)).toEqual([['aa11', { chunks: [{ ...original.chunks[0], text: null }, original.chunks[1]], blocks: original.blocks }]]);
    const back = unpackChunking(readPack(pack).get('aa11'), text);
    expect(back).toEqual(original);
    // Same key order as the chunking it was made from (JSON of it is byte-identical).
    expect(JSON.stringify(back)).toBe(JSON.stringify(original));
    // Packing leaves the chunking it was given alone.
    expect(original.chunks[0]!.text).toBe(text.slice(0, 26));
  });

  it('gives back what JSON keeps of any chunking: unknown fields, fractions, key order', () => {
    const odd = (edit: (chunking: CorpusChunking) => void): CorpusChunking => {
      const value = chunking();
      edit(value);
      return value;
    };
    const entries: Entries = [
      { key: 'e1', chunking: odd((value) => Object.assign(value.chunks[0]!, { extra: true })), text },
      { key: 'e2', chunking: odd((value) => (value.chunks[1]!.tokens = 2.5)), text },
      {
        key: 'e3',
        chunking: odd((value) => {
          const { index, ...rest } = value.chunks[0]!;
          value.chunks[0] = { index, ...rest };
        }),
        text,
      },
      { key: 'e4', chunking: odd((value) => (value.chunks[0]!.split = undefined)), text },
      { key: 'e5', chunking: odd((value) => (value.blocks[0]!.start = 2 ** 31)), text },
      { key: 'e6', chunking: chunking(), text },
    ];
    // What JSON keeps of each (the undefined split is dropped, as in a per-file entry).
    expect(roundTrip(entries)).toEqual(entries.map((entry) => JSON.parse(JSON.stringify(entry.chunking)) as CorpusChunking));
    for (const [at, back] of roundTrip(entries).entries()) expect(JSON.stringify(back)).toBe(JSON.stringify(entries[at]!.chunking));
  });

  it('reads anything that is not a pack as no entries', () => {
    const good = stored([{ key: 'k', chunking: chunking(), text }]);
    const values: unknown[] = [undefined, null, 'x', 42, [], {}, { format: 'chunkgate-chunk-pack/3', keys: ['k'], words: [], ints: '', ids: '', text: '', loose: [] }];
    // Another format, no gzip, a gzip that is not one, one cut short, or one of something else than entries.
    values.push({ ...good, format: 'chunkgate-chunk-pack/3' }, { ...good, gzip: 7 }, { ...good, gzip: 'bm90IGd6aXA=' }, { ...good, gzip: good.gzip.slice(0, 20) }, withEntries({ k: chunking() }));
    for (const value of values) expect(readPack(value).size).toBe(0);
    // Entries that are not [key, chunking] pairs are left out.
    expect([...readPack(withEntries([['k', chunking()], 'x', ['a'], [1, {}], ['b', 1, 2]])).keys()]).toEqual(['k']);
  });

  it('turns a damaged entry into a miss, never into chunks', () => {
    const good = stored([{ key: 'k', chunking: chunking(), text }]);
    expect(unpackChunking(readPack(good).get('k'), text)).toEqual(chunking());
    // Not a packed chunking.
    for (const value of [undefined, null, {}, { chunks: [] }, { chunks: {}, blocks: [] }, { chunks: [null], blocks: [] }, 'k']) expect(unpackChunking(value, text)).toBeUndefined();
    // A sliced chunk whose offsets do not fit the file: a miss, not a shorter text.
    const [[, entry]] = packed(good) as [[string, { chunks: Record<string, unknown>[]; blocks: unknown[] }]];
    for (const [start, end] of [[-1, 26], [27, 26], [0, text.length + 1], [0.5, 26], [null, 26]]) {
      expect(unpackChunking({ ...entry, chunks: [{ ...entry.chunks[0], startOffset: start, endOffset: end }] }, text), `${start}…${end}`).toBeUndefined();
    }
    expect(unpackChunking({ ...entry, chunks: [{ ...entry.chunks[0], text: 7 }] }, text)).toBeUndefined();
    expect(unpackChunking(readPack(good).get('k'), text.slice(0, 20))).toBeUndefined();
  });

  it('gives back every chunking packed, whatever its chunks and blocks', () => {
    const entry = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '#', 'é', '…', '"', '\\', '😀'), maxLength: 80 }).chain((source) => {
      const offset = fc.nat({ max: source.length });
      const range = fc.tuple(offset, offset).map(([a, b]): [number, number] => (a <= b ? [a, b] : [b, a]));
      const words = fc.array(fc.constantFrom('Intro', 'Setup', 'é…', 'a"b', ''), { maxLength: 3 });
      // Mostly small numbers, so that one equals a length, a position or 0 now and then.
      const small = fc.oneof(fc.integer({ min: -3, max: 20 }), fc.integer({ min: -3, max: 2 ** 31 - 1 }));
      const chunkOf = fc.record({
        range,
        // A text of its own: any, or the slice with its first character changed (same length, not the slice).
        own: fc.option(fc.oneof(fc.string({ maxLength: 20 }), fc.constant('changed')), { freq: 3 }),
        id: fc.oneof(fc.string({ minLength: 12, maxLength: 12 }), fc.string({ maxLength: 15 })),
        index: fc.option(small, { freq: 3 }),
        chars: fc.option(small, { freq: 3 }),
        numbers: fc.tuple(small, small, small),
        headingPath: words,
        kinds: fc.array(fc.constantFrom('heading', 'paragraph', 'code', 'table'), { maxLength: 3 }),
        split: fc.option(fc.record({ kind: fc.constantFrom('table', 'code', 'section', 'text'), part: small, parts: small }), { freq: 2 }),
        // Any spans, or one span that is the offsets but for one end.
        spans: fc.option(fc.oneof(fc.array(fc.record({ start: small, end: small }), { maxLength: 3 }), fc.constantFrom(-1, 1)), { freq: 3 }),
        odd: fc.option(fc.constantFrom('float', 'extra'), { freq: 20 }),
      });
      const blockOf = fc.record({
        key: fc.oneof(fc.string({ minLength: 22, maxLength: 22 }), fc.string({ maxLength: 25 })),
        start: small,
        line: small,
        excerpt: fc.oneof(fc.string({ maxLength: 10 }).map((value) => `${value}…`), fc.string({ maxLength: 10 })),
        level: fc.option(fc.constantFrom('off', 'warn'), { freq: 3 }),
      });
      return fc.record({ key: fc.string({ minLength: 1, maxLength: 8 }), source: fc.constant(source), chunks: fc.array(chunkOf, { maxLength: 6 }), blocks: fc.array(blockOf, { maxLength: 5 }) });
    });
    fc.assert(
      fc.property(fc.uniqueArray(entry, { maxLength: 5, selector: (value) => value.key }), (generated) => {
        const entries: Entries = generated.map(({ key, source, chunks, blocks }) => ({
          key,
          text: source,
          chunking: {
            chunks: chunks.map((made, position) => {
              const [start, end] = made.range;
              const slice = source.slice(start, end);
              const body = made.own === 'changed' ? (slice.startsWith('x') ? 'y' : 'x') + slice.slice(1) : (made.own ?? slice);
              const value: Chunk = {
                id: made.id,
                index: made.index ?? position,
                text: body,
                tokens: made.odd === 'float' ? 0.5 : made.numbers[0],
                chars: made.chars ?? body.length,
                headingPath: made.headingPath,
                startLine: made.numbers[1],
                endLine: made.numbers[2],
                startOffset: start,
                endOffset: end,
                kinds: made.kinds,
                // Plain objects: fast-check's records have no prototype.
                spans: typeof made.spans === 'number' ? [made.spans < 0 ? { start: start - 1, end } : { start, end: end + 1 }] : (made.spans?.map((span) => ({ start: span.start, end: span.end })) ?? [{ start, end }]),
              };
              if (made.split) value.split = { kind: made.split.kind, part: made.split.part, parts: made.split.parts };
              if (made.odd === 'extra') Object.assign(value, { extra: 1 });
              return value;
            }),
            blocks: blocks.map(({ key: id, start, line, excerpt, level }) => (level ? { key: id, start, line, excerpt, level } : { key: id, start, line, excerpt })),
          },
        }));
        const back = roundTrip(entries);
        for (const [at, { chunking: original }] of entries.entries()) {
          expect(back[at]).toStrictEqual(original);
          expect(JSON.stringify(back[at])).toBe(JSON.stringify(original));
        }
      }),
      { numRuns: 1500, endOnFailure: true },
    );
  });

  it('gives back the chunkings of ../shared/corpus/tauri-docs (skipped when absent)', async () => {
    const corpus = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus', 'tauri-docs');
    if (!existsSync(corpus)) return;
    const config = parseConfig('', '(defaults)');
    const entries: Entries[number][] = [];
    for (const path of await glob(['**/*.md', '**/*.mdx'], { cwd: corpus, ignore: ['**/node_modules/**'] })) {
      const source = readFileSync(join(corpus, path), 'utf8');
      entries.push({ key: `k${entries.length}`, chunking: chunkForRetrieval(path, source, settingsFor(config, path).chunking), text: source });
    }
    const pack = stored(entries);
    // The pack is a fraction of its chunkings.
    expect(JSON.stringify(pack).length).toBeLessThan(JSON.stringify(entries.map((entry) => entry.chunking)).length / 3);
    const read = readPack(pack);
    const back = entries.map(({ key, text: source }) => unpackChunking(read.get(key), source));
    for (const [at, entry] of entries.entries()) expect(JSON.stringify(back[at]), entry.key).toBe(JSON.stringify(entry.chunking));
    expect(entries.length).toBeGreaterThan(100);
  });

  it('packs a side only below the size limit', () => {
    expect(packable([{ path: 'a.md', text }])).toBe(true);
    expect(packable([{ path: 'a.md', text: 'x'.repeat(MAX_PACK_CHARS) }])).toBe(false);
  });
});
