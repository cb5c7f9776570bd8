import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { CL100K_TOKEN_SPLIT_REGEX, O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { describe, expect, it } from 'vitest';
import { splitPieces } from '../../src/tokens/pieces.js';
import type { TokenizerName } from '../../src/types.js';
import { FIXTURE_DOC_DIRS } from '../helpers/fixture-docs.js';

// The ASCII scanner (src/tokens/asciiPieces.ts) must cut text exactly where the tokenizer's
// own split pattern does: the pattern, run by `matchAll` as gpt-tokenizer runs it, is the
// reference for every piece boundary.

const PATTERNS: Record<TokenizerName, RegExp> = { o200k_base: O200K_TOKEN_SPLIT_REGEX, cl100k_base: CL100K_TOKEN_SPLIT_REGEX };
const TOKENIZERS: TokenizerName[] = ['o200k_base', 'cl100k_base'];

function patternPieces(text: string, tokenizer: TokenizerName): Array<[number, number]> {
  return [...text.matchAll(new RegExp(PATTERNS[tokenizer].source, 'gu'))].map((match) => [match.index, match.index + match[0].length]);
}

const ascii = fc.integer({ min: 0, max: 127 }).map((code) => String.fromCharCode(code));
// The characters the pattern rules turn on: apostrophes and contraction letters, cases, digits,
// every ASCII whitespace, `/` (o200k's punctuation tail), and non-ASCII letters, marks, digits,
// spaces, line separators, punctuation, CJK, an astral symbol and lone surrogates.
const tricky = fc.constantFrom(
  "'", "'", 's', 'S', 't', 'l', 'L', 'v', 'e', 'E', 'r', 'd', 'm', 'A', 'Z', 'a', 'z', '0', '9', ' ', ' ', '\t', '\n', '\r', '\v', '\f', '/', '.', '-', '#', '`',
  '\u00a0', '\u2028', '\u3000', '\u0085', '\u00e9', '\u00c9', '\u017f', '\u01c5', '\u02b0', '\u0301', '\u0663', '\u00b2', '\u2014', '\u00bb', '\u4e2d', '\u3002', '\ud83d\ude00', '\ud800', '\udc00',
);
const asciiText = fc.string({ unit: fc.oneof({ arbitrary: ascii, weight: 1 }, { arbitrary: tricky.filter((c) => c.charCodeAt(0) < 128), weight: 2 }), maxLength: 60 });
const mixedText = fc.string({ unit: fc.oneof(ascii, tricky), maxLength: 60 });
const words = fc
  .array(fc.constantFrom("don't", "DON'T", "we'LL", "it's", 'HTMLElement', 'camelCase', 'API', "API's", 'naïve', 'ĳssel', '12345', '3.14', '  ', ' \n ', '\r\n', '\n\n  ', '...', '.\n/', '//', 'über', '中文', ' — ', '\u00a0x', 'x\u00a0', "'s", "'x"), { maxLength: 12 })
  .map((parts) => parts.join(''));

describe('the ASCII piece scanner', () => {
  for (const tokenizer of TOKENIZERS) {
    it(`cuts ASCII text where the ${tokenizer} pattern does`, () => {
      fc.assert(
        fc.property(asciiText, (text) => {
          expect(splitPieces(text, tokenizer)).toEqual(patternPieces(text, tokenizer));
        }),
        { numRuns: 3000 },
      );
    });

    it(`cuts text mixing ASCII and other characters where the ${tokenizer} pattern does`, () => {
      fc.assert(
        fc.property(fc.oneof(mixedText, words), (text) => {
          expect(splitPieces(text, tokenizer)).toEqual(patternPieces(text, tokenizer));
        }),
        { numRuns: 3000 },
      );
    });

    it(`handles the edge cases of the ${tokenizer} rules`, () => {
      // Hand-picked: contractions in both cases and cut short at the end, digit groups, space
      // before punctuation, whitespace runs ending the text or before a word, CRLF, `/` after
      // punctuation and line breaks, a non-ASCII letter ending an ASCII run.
      for (const text of ["It's", "we'LL'", "x'", "x'l", "x'v", "'re", '1234567', ' !?', '\t!', 'a  ', 'a \n', 'a \n ', '  b', ' \r\n\r\n x', '.\r\n/\n/x', 'ab\u00e9', 'ab\u00a0', '12\u0663', '!\u2014', ' \u2028']) {
        expect(splitPieces(text, tokenizer), JSON.stringify(text)).toEqual(patternPieces(text, tokenizer));
      }
    });
  }

  it('cuts contractions, camel case and punctuation as the patterns do (hand-checked)', () => {
    expect(splitPieces("I don't use HTMLElement's API.\n/x", 'o200k_base').map(([start, end]) => "I don't use HTMLElement's API.\n/x".slice(start, end))).toEqual([
      'I', " don't", ' use', " HTMLElement's", ' API', '.\n/', 'x',
    ]);
    expect(splitPieces("I don't  1234\n\n", 'cl100k_base').map(([start, end]) => "I don't  1234\n\n".slice(start, end))).toEqual(['I', ' don', "'t", ' ', ' ', '123', '4', '\n\n']);
  });
});

const shared = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus');
const markdownFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? (entry.name === 'node_modules' ? [] : markdownFiles(join(dir, entry.name))) : /\.mdx?$/.test(entry.name) ? [join(dir, entry.name)] : []))
    .sort();

/** Index of the first piece that differs between two piece lists, -1 when they are equal. */
function firstMismatch(actual: Array<[number, number]>, expected: Array<[number, number]>): number {
  for (let index = 0; index < Math.max(actual.length, expected.length); index++) {
    if (actual[index]?.[0] !== expected[index]?.[0] || actual[index]?.[1] !== expected[index]?.[1]) return index;
  }
  return -1;
}

describe('the ASCII piece scanner on real documents', () => {
  it('cuts every fixture document where both patterns do', () => {
    const files = FIXTURE_DOC_DIRS.flatMap(markdownFiles);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const tokenizer of TOKENIZERS) expect(splitPieces(text, tokenizer), `${file} ${tokenizer}`).toEqual(patternPieces(text, tokenizer));
    }
  });

  it.skipIf(!existsSync(shared))('cuts every corpus document (../shared/corpus) where both patterns do', () => {
    for (const file of markdownFiles(shared)) {
      const text = readFileSync(file, 'utf8');
      for (const tokenizer of TOKENIZERS) {
        const mismatch = firstMismatch(splitPieces(text, tokenizer), patternPieces(text, tokenizer));
        expect(mismatch, `${file} ${tokenizer}: first differing piece`).toBe(-1);
      }
    }
  });
});
