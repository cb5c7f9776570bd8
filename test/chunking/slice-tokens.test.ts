import { describe, expect, it } from 'vitest';
import { countTokens, createMeasure } from '../../src/chunking/measure.js';
import { sliceTokenCounter, sliceTokensOf } from '../../src/chunking/sliceTokens.js';
import type { TokenizerName } from '../../src/types.js';

// Pieces that sit on the edges of the pre-tokenizer rules: punctuation runs that swallow
// line breaks and `/`, CRLF, non-ASCII spaces, CJK, astral symbols, marks, contractions,
// digit groups, special-token text.
const PIECES = [
  'word', ' Word', 'WORDs', '123', '12345', '.', '/', '//', '\n', '\r\n', '\n\n', ' ', '   ', '\t',
  '\u00a0', '\u3000', '中文', '。', '😀', 'e\u0301', "'s", "don't", '#', '- ', '```', '|', '<|endoftext|>', 'https://a.b/c',
];

/** A deterministic pseudo-random text of `length`-ish characters from {@link PIECES}. */
function textOf(seed: number, length: number): string {
  let state = seed;
  let text = '';
  while (text.length < length) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    text += PIECES[state % PIECES.length];
  }
  return text;
}

describe('sliceTokenCounter', () => {
  for (const tokenizer of ['o200k_base', 'cl100k_base'] as TokenizerName[]) {
    it(`counts every slice exactly like tokenizing it (${tokenizer})`, () => {
      let state = 7;
      const next = (bound: number): number => {
        state = (state * 1103515245 + 12345) % 2 ** 31;
        return state % bound;
      };
      for (let doc = 0; doc < 40; doc += 1) {
        const source = textOf(doc + 1, 300 + next(900));
        const count = sliceTokenCounter(source, createMeasure('tokens', tokenizer).tokens);
        for (let probe = 0; probe < 60; probe += 1) {
          const a = next(source.length + 1);
          const b = next(source.length + 1);
          const [start, end] = a <= b ? [a, b] : [b, a];
          expect(count(start, end), JSON.stringify(source.slice(start, end))).toBe(countTokens(source.slice(start, end), tokenizer));
        }
      }
    });
  }

  it('counts Markdown blocks, runs of blocks and whole documents exactly', () => {
    const source = [
      '# Title',
      'Some prose, with a [link](https://example.com/a/b).\nA second line ends here.',
      '- one\n- two\n  - nested',
      '```ts\nconst a = 1;\n/* comment */\n```',
      '| a | b |\n| - | - |\n| 1 | 2 |',
      '中文段落。第二句。',
    ].join('\n\n').repeat(8);
    const count = sliceTokenCounter(source, createMeasure('tokens', 'o200k_base').tokens);
    const ends = [...source.matchAll(/\n\n/g)].map((match) => match.index);
    const starts = [0, ...ends.map((end) => end + 2)];
    for (const start of starts) {
      for (const end of [...ends, source.length]) {
        if (end > start) expect(count(start, end)).toBe(countTokens(source.slice(start, end), 'o200k_base'));
      }
    }
  });

  it('does not cut where a punctuation run carries on over a line break', () => {
    // `.\n/` is one o200k piece, `.\n\n` one piece of either tokenizer: neither line start is a sync point.
    const source = 'See the docs at the usual place.\n/usr/local/bin holds it.\n\nNext paragraph here.\n'.repeat(6);
    for (const tokenizer of ['o200k_base', 'cl100k_base'] as TokenizerName[]) {
      const count = sliceTokenCounter(source, createMeasure('tokens', tokenizer).tokens);
      for (let start = 0; start < source.length; start += 7) {
        for (let end = start + 1; end <= source.length; end += 11) {
          expect(count(start, end)).toBe(countTokens(source.slice(start, end), tokenizer));
        }
      }
    }
  });

  it('is shared per measure and source', () => {
    const measure = createMeasure('tokens', 'o200k_base');
    expect(sliceTokensOf(measure.tokens, 'a b c')).toBe(sliceTokensOf(measure.tokens, 'a b c'));
    expect(sliceTokensOf(measure.tokens, 'a b d')).not.toBe(sliceTokensOf(measure.tokens, 'a b c'));
  });
});
