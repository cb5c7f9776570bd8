import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../src/chunking/index.js';
import { countTokens, createMeasure } from '../../src/tokens/measure.js';
import { piecesTokens } from '../../src/tokens/pieces.js';
import { joinedTokens, sliceTokenCounter, sliceTokensOf } from '../../src/tokens/sliceTokens.js';
import { parseConfig } from '../../src/config/load.js';
import { parseMarkdown } from '../../src/markdown/parse.js';
import type { TokenizerName } from '../../src/types.js';

const corpus = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus', 'tauri-docs');
const markdownFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? markdownFiles(join(dir, entry.name)) : /\.mdx?$/.test(entry.name) ? [join(dir, entry.name)] : []))
    .sort();

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
        const count = sliceTokenCounter(source, createMeasure('tokens', tokenizer));
        for (let probe = 0; probe < 60; probe += 1) {
          const a = next(source.length + 1);
          const b = next(source.length + 1);
          const [start, end] = a <= b ? [a, b] : [b, a];
          expect(count(start, end), JSON.stringify(source.slice(start, end))).toBe(countTokens(source.slice(start, end), tokenizer));
        }
      }
    });
  }

  it('counts slices of text with runs over 1000 characters as countTokens does, run cap included', () => {
    // Long runs of letters, of base64-like text, of spaces and of CJK between ordinary text:
    // countTokens measures each in 1000-character pieces (runCap.ts); a slice that starts inside
    // one is cut from its own start, and the piece pass must agree with that everywhere.
    let state = 11;
    const next = (bound: number): number => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state % bound;
    };
    const runs = ['a', 'Zq9+/x', ' ', '中文字', '=-'];
    for (let doc = 0; doc < 6; doc += 1) {
      let source = '';
      for (let part = 0; part < 5; part += 1) source += textOf(doc * 7 + part, 50 + next(200)) + runs[next(runs.length)]!.repeat(300 + next(900));
      for (const tokenizer of ['o200k_base', 'cl100k_base'] as TokenizerName[]) {
        const count = sliceTokenCounter(source, createMeasure('tokens', tokenizer));
        expect(count(0, source.length)).toBe(countTokens(source, tokenizer));
        for (let probe = 0; probe < 40; probe += 1) {
          const a = next(source.length + 1);
          const b = next(source.length + 1);
          const [start, end] = a <= b ? [a, b] : [b, a];
          expect(count(start, end), `${tokenizer} ${start}-${end}`).toBe(countTokens(source.slice(start, end), tokenizer));
        }
        expect(piecesTokens(source, tokenizer)).toBe(countTokens(source, tokenizer));
      }
    }
  });

  it('counts Markdown blocks, runs of blocks and whole documents exactly', () => {
    const source = [
      '# Title',
      'Some prose, with a [link](https://example.com/a/b).\nA second line ends here.',
      '- one\n- two\n  - nested',
      '```ts\nconst a = 1;\n/* comment */\n```',
      '| a | b |\n| - | - |\n| 1 | 2 |',
      '中文段落。第二句。',
    ].join('\n\n').repeat(8);
    const count = sliceTokenCounter(source, createMeasure('tokens', 'o200k_base'));
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
      const count = sliceTokenCounter(source, createMeasure('tokens', tokenizer));
      for (let start = 0; start < source.length; start += 7) {
        for (let end = start + 1; end <= source.length; end += 11) {
          expect(count(start, end)).toBe(countTokens(source.slice(start, end), tokenizer));
        }
      }
    }
  });

  it('is shared per measure and source', () => {
    const measure = createMeasure('tokens', 'o200k_base');
    expect(sliceTokensOf(measure, 'a b c')).toBe(sliceTokensOf(measure, 'a b c'));
    expect(sliceTokensOf(measure, 'a b d')).not.toBe(sliceTokensOf(measure, 'a b c'));
  });

  it('counts without a tokenizer name by tokenizing each slice', () => {
    let calls = 0;
    const count = sliceTokenCounter('one two three four five six seven eight', { tokens: (text) => (calls++, text.split(' ').length) });
    expect(count(0, 13)).toBe(3);
    expect(calls).toBe(1);
  });

  it('counts a text as the sum of its pre-tokens, and joined spans only across sync points', () => {
    for (const text of ['Hello, world.\n\nNext line', '中文段落。第二句。', '.\n/usr', 'don\'t   stop\r\n', '']) {
      expect(piecesTokens(text, 'o200k_base')).toBe(countTokens(text, 'o200k_base'));
      expect(piecesTokens(text, 'cl100k_base')).toBe(countTokens(text, 'cl100k_base'));
    }
    const source = '| a | b |\n| - | - |\n| 1 | 2 |\n| 3 | 4 |\nend.\n/usr/bin';
    const measure = createMeasure('tokens', 'o200k_base');
    const count = sliceTokensOf(measure, source);
    // A repeated header row joined to a later row (a sync point: a line start), and `end.` joined to
    // `/usr` (not one: `.\n/` would be one piece, so the text is tokenized whole).
    const header = { start: 0, end: 20 };
    const row = { start: 30, end: 40 };
    const joined = source.slice(0, 20) + source.slice(30, 40);
    expect(joinedTokens(source, [header, row], joined, count, measure.tokens)).toBe(countTokens(joined, 'o200k_base'));
    const dot = source.indexOf('end.');
    const cut = [{ start: dot, end: dot + 5 }, { start: source.indexOf('/usr'), end: source.length }];
    const text = cut.map((span) => source.slice(span.start, span.end)).join('');
    expect(joinedTokens(source, cut, text, count, measure.tokens)).toBe(countTokens(text, 'o200k_base'));
  });

  it.skipIf(!existsSync(corpus))('counts every block and chunk of the docs corpus exactly (../shared/corpus)', () => {
    const files = markdownFiles(corpus);
    expect(files.length).toBeGreaterThan(100);
    const config = parseConfig('', '(defaults)');
    for (const [index, path] of files.entries()) {
      const doc = parseMarkdown(path, readFileSync(path, 'utf8')).doc;
      for (const tokenizer of index % 4 === 0 ? (['o200k_base', 'cl100k_base'] as const) : (['o200k_base'] as const)) {
        const measure = createMeasure('tokens', tokenizer);
        const count = sliceTokensOf(measure, doc.source);
        for (const block of doc.blocks) expect(count(block.start, block.end)).toBe(countTokens(doc.source.slice(block.start, block.end), tokenizer));
        for (const chunk of chunkDocument(doc, { ...config.chunking, tokenizer }, measure)) expect(chunk.tokens).toBe(countTokens(chunk.text, tokenizer));
      }
    }
  });
});
