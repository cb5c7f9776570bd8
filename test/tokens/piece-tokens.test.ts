import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytePairEncoderOf, encodingOf, rankTableOf } from '../../src/tokens/encodings.js';
import { countTokens, createMeasure } from '../../src/tokens/measure.js';
import { binaryRank, binaryRanksOf, byteKey, pairRanks, pieceTokenCounter } from '../../src/tokens/pieceTokens.js';
import { splitPieces } from '../../src/tokens/pieces.js';
import type { TokenizerName } from '../../src/types.js';
import { FIXTURE_DOC_DIRS } from '../helpers/fixture-docs.js';

// A pre-token counted straight by the byte-pair encoder (src/tokens/pieceTokens.ts) must count
// what gpt-tokenizer's own `countTokens` counts for it.

const TOKENIZERS: TokenizerName[] = ['o200k_base', 'cl100k_base'];

const unit = fc.oneof(
  fc.integer({ min: 0, max: 127 }).map((code) => String.fromCharCode(code)),
  fc.constantFrom('e', 't', 'a', 'o', 'n', 'i', 's', 'r', 'h', 'l', 'd', 'c', 'u', 'm', 'ing', 'tion', 'the', ' ', ' ', '\n', '.', ',', '/', '-', '_', '0', '7'),
  fc.constantFrom('\u00e9', '\u00fc', '\u00a0', '\u2014', '\u4e2d', '\u6587', '\u3002', '\ud83d\ude00', '\u0301', '\u0663', '\ud800'),
);
const text = fc.string({ unit, maxLength: 80 });

/** Every distinct piece the split pattern cuts `texts` into. */
function distinctPieces(texts: readonly string[], tokenizer: TokenizerName): Set<string> {
  const pieces = new Set<string>();
  for (const source of texts) for (const [start, end] of splitPieces(source, tokenizer)) pieces.add(source.slice(start, end));
  return pieces;
}

describe('pieceTokenCounter', () => {
  for (const tokenizer of TOKENIZERS) {
    it(`reaches the ${tokenizer} encoder for lone surrogates (the pinned gpt-tokenizer's internals have the expected shape)`, () => {
      expect(bytePairEncoderOf(tokenizer)).toBeDefined();
    });

    it(`ranks every pair of bytes as the library's getBpeRankFromBytes does (${tokenizer})`, () => {
      // All 65,536 pairs: ASCII, 2-byte characters (C2–DF + continuation), and the invalid rest.
      const library = (encodingOf(tokenizer) as unknown as { default: { bytePairEncodingCoreProcessor: { getBpeRankFromBytes(bytes: Uint8Array): number | undefined } } }).default.bytePairEncodingCoreProcessor;
      const ours = pairRanks(rankTableOf(tokenizer));
      const wrong: number[] = [];
      for (let pair = 0; pair < 1 << 16; pair++) if (ours(pair) !== library.getBpeRankFromBytes(Uint8Array.of(pair >> 8, pair & 0xff))) wrong.push(pair);
      expect(wrong).toEqual([]);
    });

    it(`finds byte tokens by key as the binary search finds them (${tokenizer})`, () => {
      const { binary } = rankTableOf(tokenizer);
      // Distinct byte strings: a map by key and the binary search cannot pick different ranks.
      expect(new Set(binary.map(([key]) => key.join(','))).size).toBe(binary.length);
      const keyed = binaryRanksOf(rankTableOf(tokenizer));
      for (const [key, rank] of binary) expect(keyed(key, 0, key.length)).toBe(rank);
      // Ranges of random bytes inside a longer array, most of them no token; and token prefixes.
      const bytes = fc.uint8Array({ minLength: 1, maxLength: 10 });
      fc.assert(
        fc.property(bytes, fc.nat(), fc.nat(), (array, a, b) => {
          const from = a % array.length;
          const to = from + 1 + (b % (array.length - from));
          expect(keyed(array, from, to)).toBe(binaryRank(binary, array, from, to));
        }),
        { numRuns: 5000 },
      );
      for (const [key] of binary) for (let end = 1; end < key.length; end++) expect(keyed(key, 0, end)).toBe(binaryRank(binary, key, 0, end));
    });

    it(`tells byte ranges apart by key, length included (${tokenizer})`, () => {
      // Hand-computed: [1, 2] is 1·256 + 2 = 258, plus 2·2^48; [0, 1, 2] is the same bytes value with 3·2^48.
      expect(byteKey([1, 2], 0, 2)).toBe(258 + 2 * 2 ** 48);
      expect(byteKey([0, 1, 2], 0, 3)).toBe(258 + 3 * 2 ** 48);
      expect(byteKey([255, 255, 255, 255, 255, 255], 0, 6)).toBe(2 ** 48 - 1 + 6 * 2 ** 48);
    });

    it(`counts every piece of random text as countTokens does (${tokenizer})`, () => {
      const count = pieceTokenCounter(tokenizer);
      fc.assert(
        fc.property(text, (source) => {
          let sum = 0;
          for (const [start, end] of splitPieces(source, tokenizer)) {
            const piece = source.slice(start, end);
            expect(count(piece), JSON.stringify(piece)).toBe(countTokens(piece, tokenizer));
            sum += count(piece);
          }
          expect(sum).toBe(countTokens(source, tokenizer));
        }),
        { numRuns: 2000 },
      );
    });

    it(`counts merged and unmerged pieces as countTokens does (${tokenizer})`, () => {
      // One-token words, words that take several merges, runs that never merge (control
      // characters, rare punctuation mixes), repeated letters; then non-ASCII: accents, Greek,
      // Cyrillic, a long CJK run (merges inside and across 3-byte characters), combining marks,
      // emoji (4-byte characters), and lone surrogates (left to the library).
      const count = pieceTokenCounter(tokenizer);
      const pieces = [' the', 'Hello', ' antidisestablishmentarianism', ' HTMLElement', '\u0001\u0002\u0003', '~`^|\\', 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', ' \n\n', ' supercalifragilisticexpialidocious', 'x'.repeat(999)];
      pieces.push(' naïveté', ' über', 'Ελληνικά', ' Привет', '编译器会通过为您提供有关该问题的大量信息来帮助您', '，这就是检查您是否在开发模式下运行的功能派上用场的地方', 'e\u0301\u0301', '😀😀😀', ' 🦀', '\ud800x', 'a\udc00', '中'.repeat(300));
      for (const piece of pieces) {
        expect(count(piece), piece.slice(0, 40)).toBe(countTokens(piece, tokenizer));
      }
      // Hand-checked: a common word after a space is one token, a lone character one token.
      expect(count(' the')).toBe(1);
      expect(count('\u0001')).toBe(1);
    });
  }
});

describe('createMeasure token counts', () => {
  // A measure counts piece by piece with the memo; countTokens counts with the library, run cap
  // included: texts with runs over 1000 characters (letters, spaces, CJK) check the segments.
  const long = fc.constantFrom('x'.repeat(1500), ' '.repeat(1200), '中'.repeat(2100), 'ab'.repeat(700), '\n'.repeat(1001));
  const source = fc.array(fc.oneof({ arbitrary: text, weight: 4 }, { arbitrary: long, weight: 1 }), { maxLength: 4 }).map((parts) => parts.join(''));
  for (const tokenizer of TOKENIZERS) {
    it(`counts any text as countTokens does (${tokenizer})`, () => {
      fc.assert(
        fc.property(source, (input) => {
          expect(createMeasure('tokens', tokenizer).tokens(input)).toBe(countTokens(input, tokenizer));
        }),
        { numRuns: 500 },
      );
    });
  }
});

const root = join(import.meta.dirname, '..', '..');
const shared = join(root, '..', 'shared', 'corpus');
const markdownFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? (entry.name === 'node_modules' ? [] : markdownFiles(join(dir, entry.name))) : /\.mdx?$/.test(entry.name) ? [join(dir, entry.name)] : []))
    .sort();

describe('pieceTokenCounter on real documents', () => {
  const check = (dirs: string[]): void => {
    const texts = dirs.filter((dir) => existsSync(dir)).flatMap(markdownFiles).map((file) => readFileSync(file, 'utf8'));
    expect(texts.length).toBeGreaterThan(0);
    for (const tokenizer of TOKENIZERS) {
      const count = pieceTokenCounter(tokenizer);
      const wrong = [...distinctPieces(texts, tokenizer)].filter((piece) => count(piece) !== countTokens(piece, tokenizer));
      expect(wrong, tokenizer).toEqual([]);
    }
  };

  it('counts every distinct piece of the fixture documents as countTokens does', () => {
    check(FIXTURE_DOC_DIRS);
  });

  it.skipIf(!existsSync(shared))('counts every distinct piece of the corpus (../shared/corpus) as countTokens does', () => {
    check([shared]);
  });
});
