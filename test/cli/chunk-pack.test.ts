import { describe, expect, it } from 'vitest';
import { MAX_PACK_CHARS, packable, packEntries, readPack, unpackChunking } from '../../src/cli/chunk-pack.js';
import type { CorpusChunking } from '../../src/engine/retrieval.js';
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

/** A pack through JSON, as the cache stores it. */
function stored(entries: Parameters<typeof packEntries>[0]): unknown {
  return JSON.parse(JSON.stringify(packEntries(entries)));
}

describe('chunk pack', () => {
  it('stores a sliced chunk without its text and gives back the same chunking', () => {
    const original = chunking();
    const pack = stored([{ key: 'aa11', chunking: original, text }]) as { entries: [string, { chunks: { text: string | null }[] }][] };
    expect(pack.entries[0]![1].chunks.map((c) => c.text)).toEqual([null, 'Part\n\nSecond one.']);
    const entries = readPack(pack);
    expect([...entries.keys()]).toEqual(['aa11']);
    const back = unpackChunking(entries.get('aa11'), text);
    expect(back).toEqual(original);
    // Same key order as the chunking it was made from (JSON of it is byte-identical).
    expect(JSON.stringify(back)).toBe(JSON.stringify(original));
    // Packing leaves the chunking it was given alone.
    expect(original.chunks[0]!.text).toBe(text.slice(0, 26));
  });

  it('reads anything that is not a pack as no entries', () => {
    for (const value of [undefined, null, 'x', 42, [], {}, { format: 'chunkgate-chunk-pack/1', entries: [] }, { format: 'chunkgate-chunk-pack/2', entries: {} }]) {
      expect(readPack(value).size).toBe(0);
    }
    // Malformed entries are left out, the others kept.
    const entries = readPack({ format: 'chunkgate-chunk-pack/2', entries: [['ok', {}], [1, {}], ['short'], 'x'] });
    expect([...entries.keys()]).toEqual(['ok']);
  });

  it('turns a damaged entry into a miss, never into chunks', () => {
    const good = (stored([{ key: 'k', chunking: chunking(), text }]) as { entries: [string, unknown][] }).entries[0]![1];
    const damaged = (edit: (chunks: Record<string, unknown>[]) => void): unknown => {
      const copy = structuredClone(good) as { chunks: Record<string, unknown>[] };
      edit(copy.chunks);
      return copy;
    };
    expect(unpackChunking(null, text)).toBeUndefined();
    expect(unpackChunking({ chunks: [] }, text)).toBeUndefined();
    expect(unpackChunking({ chunks: {}, blocks: [] }, text)).toBeUndefined();
    expect(unpackChunking(damaged((chunks) => (chunks[0] = null as never)), text)).toBeUndefined();
    expect(unpackChunking(damaged((chunks) => (chunks[0]!.text = 7)), text)).toBeUndefined();
    expect(unpackChunking(damaged((chunks) => (chunks[0]!.endOffset = text.length + 1)), text)).toBeUndefined();
    expect(unpackChunking(damaged((chunks) => (chunks[0]!.startOffset = 30)), text)).toBeUndefined();
    expect(unpackChunking(damaged((chunks) => (chunks[0]!.startOffset = -1)), text)).toBeUndefined();
    expect(unpackChunking(damaged((chunks) => delete chunks[0]!.endOffset), text)).toBeUndefined();
  });

  it('packs a side only below the size limit', () => {
    expect(packable([{ path: 'a.md', text }])).toBe(true);
    expect(packable([{ path: 'a.md', text: 'x'.repeat(MAX_PACK_CHARS) }])).toBe(false);
  });
});
