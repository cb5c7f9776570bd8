import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corpusDigest } from '../../src/retrieval/bm25.js';

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
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'binary', minLength: 20_000, maxLength: 40_000 }));
    const chunk = fc.record({ file: fc.string({ maxLength: 8 }), headingPath: fc.array(fc.string({ unit: 'binary', maxLength: 6 }), { maxLength: 3 }), text });
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }), fc.array(chunk, { maxLength: 8 }), (queries, chunks) => {
        expect(corpusDigest(queries, chunks)).toBe(digestPerChunk(queries, chunks));
      }),
      { numRuns: 200, endOnFailure: true },
    );
  });
});
