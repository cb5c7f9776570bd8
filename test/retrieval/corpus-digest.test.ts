import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseKey, corpusDigest } from '../../src/retrieval/bm25-key.js';

/** The former key: one hash update per chunk. */
function digestPerChunk(queries: readonly string[], chunks: readonly { file: string; headingPath: string[]; text: string }[]): string {
  const hash = createHash('sha256').update(JSON.stringify(queries));
  for (const chunk of chunks) hash.update(`\u0000${chunk.file}\u0000${chunk.headingPath.join('\u0001')}\u0000${chunk.text}`);
  return hash.digest('hex');
}

describe('corpusDigest', () => {
  it('is the SHA-256 of the queries, then NUL, file, NUL, heading path, NUL, text per chunk', () => {
    const expected = createHash('sha256').update('["q"]\u0000a.md\u0000A\u0001B\u0000body').digest('hex');
    expect(corpusDigest(['q'], [{ file: 'a.md', headingPath: ['A', 'B'], text: 'body' }])).toBe(expected);
  });

  it('equals one update per chunk, across batch joins and with lone surrogates', () => {
    // Long texts (20,000–40,000 characters, so 64K batches join mid-chunk) as a short random string
    // repeated: generating each character is most of the cost of a 40,000-character arbitrary.
    const long = fc.tuple(fc.string({ unit: 'binary', minLength: 20, maxLength: 40 }), fc.integer({ min: 1000, max: 1000 })).map(([piece, times]) => piece.repeat(times));
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), long);
    const chunk = fc.record({ file: fc.string({ maxLength: 8 }), headingPath: fc.array(fc.string({ unit: 'binary', maxLength: 6 }), { maxLength: 3 }), text });
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }), fc.array(chunk, { maxLength: 8 }), (queries, chunks) => {
        expect(corpusDigest(queries, chunks)).toBe(digestPerChunk(queries, chunks));
      }),
      { numRuns: 200, endOnFailure: true },
    );
  });
});

describe('baseKey', () => {
  const chunks = [
    { file: 'a.md', headingPath: ['A'], text: 'one' },
    { file: 'a.md', headingPath: ['A', 'B'], text: 'two' },
    { file: 'b.md', headingPath: ['B'], text: 'body' },
  ];

  it('is corpusDigest without file keys', () => {
    expect(baseKey(['q'], chunks)).toBe(corpusDigest(['q'], chunks));
    expect(baseKey(['q'], chunks, new Map())).toBe(corpusDigest(['q'], chunks));
  });

  it('hashes a keyed file as its path and key once, any other as its chunks, each string length-prefixed', () => {
    const expected = createHash('sha256').update('chunkgate-bm25 keyed\u0000["q"]\u0000K4:a.md3:k-a\u0000C4:b.md1:1:B:4:body').digest('hex');
    expect(baseKey(['q'], chunks, new Map([['a.md', 'k-a']]))).toBe(expected);
  });

  it('changes with a file key, a text or heading of a file hashed by its chunks, a file, or the queries', () => {
    const keys = new Map([['a.md', 'k-a']]);
    const key = baseKey(['q'], chunks, keys);
    const variants = [
      baseKey(['q'], chunks, new Map([['a.md', 'k-a2']])),
      baseKey(['q'], chunks.map((chunk) => (chunk.file === 'b.md' ? { ...chunk, text: 'bodY' } : chunk)), keys),
      baseKey(['q'], chunks.map((chunk) => (chunk.file === 'b.md' ? { ...chunk, headingPath: ['B', ''] } : chunk)), keys),
      baseKey(['q'], chunks.slice(0, 2), keys),
      baseKey(['q'], [...chunks, { file: 'c.md', headingPath: [], text: '' }], keys),
      baseKey(['q', 'r'], chunks, keys),
      // Both files keyed, or none: other bytes.
      baseKey(['q'], chunks, new Map([['a.md', 'k-a'], ['b.md', 'k-b']])),
      baseKey(['q'], chunks),
    ];
    expect(new Set([key, ...variants]).size).toBe(variants.length + 1);
  });
});
