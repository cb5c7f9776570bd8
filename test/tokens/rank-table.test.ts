import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodingOf, rankTableOf } from '../../src/tokens/encodings.js';
import { packRanks, unpackRanks, type BpeRanks, type PackedRanks } from '../../src/tokens/rankTable.js';
import type { TokenizerName } from '../../src/types.js';

const TOKENIZERS: TokenizerName[] = ['o200k_base', 'cl100k_base'];
const root = join(import.meta.dirname, '..', '..');
const load = createRequire(import.meta.url);
const libraryRanks = (name: TokenizerName): BpeRanks => (load(`gpt-tokenizer/bpeRanks/${name}`) as { default: BpeRanks }).default;

/** The two tables gpt-tokenizer's encoder builds from its rank array (plain fields at run time). */
function libraryTables(name: TokenizerName): { strings: Map<string, number>; binary: Array<[Uint8Array, number]> } {
  const core = (encodingOf(name) as unknown as { default: { bytePairEncodingCoreProcessor: { bytePairStringRankEncoder: Map<string, number>; bytePairNonUtfSortedEncoder: Array<[Uint8Array, number]> } } }).default.bytePairEncodingCoreProcessor;
  return { strings: core.bytePairStringRankEncoder, binary: core.bytePairNonUtfSortedEncoder };
}

describe('packRanks / unpackRanks', () => {
  it('packs texts in rank order, byte tokens sorted by bytes, with a separator no token contains', () => {
    // Hand-computed: ranks 1, 3 and 4 are bytes; sorted [0x80] < [0x80, 1] < [0xff].
    const ranks: BpeRanks = ['a', [0xff], 'b\uffffc', [0x80, 1], [0x80]];
    const packed = packRanks(ranks);
    expect(packed).toEqual({ separator: '\ufffe', tokens: 'a\ufffe\ufffeb\uffffc\ufffe\ufffe', binary: [[[0x80], 4], [[0x80, 1], 3], [[0xff], 1]] });
    const table = unpackRanks(packed);
    expect(table.size).toBe(2);
    expect(table.rank('a', 0, 1)).toBe(0);
    // Looked up in place: part of a longer text.
    expect(table.rank('xb\uffffcx', 1, 4)).toBe(2);
    expect(table.rank('xb\uffffcx', 0, 4)).toBeUndefined();
    expect(table.rank('b', 0, 1)).toBeUndefined();
    expect(table.rank('', 0, 0)).toBeUndefined();
    expect(table.binary).toEqual([[Uint8Array.of(0x80), 4], [Uint8Array.of(0x80, 1), 3], [Uint8Array.of(0xff), 1]]);
  });

  it('keeps equal byte tokens in rank order and the last rank of a repeated text, as the library does', () => {
    const table = unpackRanks(packRanks(['x', [7], 'x', [7]]));
    expect(table.size).toBe(1);
    expect(table.rank('x', 0, 1)).toBe(2);
    expect(table.binary.map(([, rank]) => rank)).toEqual([1, 3]);
  });

  it('refuses a table it cannot pack rather than lose a token', () => {
    expect(() => packRanks(['a', ''])).toThrow('rank 1 is the empty text');
    // eslint-disable-next-line no-sparse-arrays
    expect(() => packRanks(['a', , 'b'] as unknown as BpeRanks)).toThrow('rank 1 has no token');
  });

  for (const name of TOKENIZERS) {
    it(`rebuilds the pinned gpt-tokenizer's own ${name} tables exactly`, () => {
      const library = libraryTables(name);
      const table = rankTableOf(name);
      expect(table.size).toBe(library.strings.size);
      const wrong = [...library.strings].filter(([text, rank]) => table.rank(text, 0, text.length) !== rank);
      expect(wrong).toEqual([]);
      expect(table.binary).toEqual(library.binary);
    });

    it(`finds what the library's ${name} Map finds for any text, whole or inside another (random texts)`, () => {
      const library = libraryTables(name).strings;
      const table = rankTableOf(name);
      const unit = fc.oneof(fc.constantFrom(' ', 'e', 't', 'a', 'in', 'the', 'ing', '\n', '.', '中', '文', 'é', '\u0301', '😀'), fc.string({ maxLength: 1 }));
      const part = fc.string({ unit, maxLength: 6 });
      fc.assert(
        fc.property(part, part, part, (before, text, after) => {
          const whole = before + text + after;
          expect(table.rank(whole, before.length, before.length + text.length)).toBe(library.get(text));
          expect(table.rank(text, 0, text.length)).toBe(library.get(text));
        }),
        { numRuns: 5000 },
      );
    });
  }
});

describe('the packed tables shipped in dist/tokenizer', () => {
  for (const name of TOKENIZERS) {
    const file = join(root, 'dist', 'tokenizer', `${name}.ranks.cjs`);
    // dist/ is committed: it is absent only before a first `npm run build`.
    it.skipIf(!existsSync(file))(`hold the pinned gpt-tokenizer's ${name} table (else: npm run build)`, () => {
      const shipped = (load(file) as { packed: PackedRanks }).packed;
      const expected = packRanks(libraryRanks(name));
      expect(shipped.separator).toBe(expected.separator);
      // Compared as strings first: a failing toEqual on a 2 MB string would print all of it.
      expect(shipped.tokens === expected.tokens).toBe(true);
      expect(shipped.binary).toEqual(expected.binary);
    });
  }
});
