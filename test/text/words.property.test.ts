import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNSPACED_CLASS } from '../../src/text/scripts.js';
import { tokenize, wordRuns, type Tokens } from '../../src/text/words.js';

/** The token pattern of the module comment, written out again: the regex pass the scanner replaces. */
const TOKEN = new RegExp(`(?=[\\p{L}\\p{N}])[${UNSPACED_CLASS}]\\p{M}*|(?:(?![${UNSPACED_CLASS}])[\\p{L}\\p{N}\\p{M}_])+`, 'gu');

/** The run pattern of `wordRuns`, written out again: the former `wordRuns` was `text.toLowerCase().match(RUN) ?? []`. */
const RUN = new RegExp(`(?:(?=[\\p{L}\\p{N}])[${UNSPACED_CLASS}]\\p{M}*)+|(?:(?![${UNSPACED_CLASS}])[\\p{L}\\p{N}\\p{M}_])+`, 'gu');

/** The former `tokenize`: one global regex pass over the (lower-cased) text, `exec` after `exec`. */
function tokenizeByRegex(text: string): Tokens {
  const tokens: Tokens = { words: [], starts: [], ends: [] };
  const lower = text.toLowerCase();
  const source = lower.length === text.length ? lower : text;
  const pattern = new RegExp(TOKEN.source, TOKEN.flags);
  for (let match = pattern.exec(source); match !== null; match = pattern.exec(source)) {
    tokens.words.push(source === lower ? match[0] : match[0].toLowerCase());
    tokens.starts.push(match.index);
    tokens.ends.push(pattern.lastIndex);
  }
  return tokens;
}

/**
 * Characters where the scanner and the regex meet: ASCII words and punctuation, accents, marks,
 * CJK (with a kana voicing mark, an astral ideograph, full-width punctuation), Thai (with its
 * vowel marks), surrogates, "İ", typographic punctuation.
 */
const piece = fc.constantFrom(
  'a', 'Z', '9', '_', ' ', '\n', '-', "'", '`', '.', 'é', 'É', '\u0301', 'ß', 'İ', 'Σ', '上', '传', 'ー', 'ไทย', '😀', '\ud835\udc00', '\ud800', '\udc00', '。', '—', 'Tauri', 'cache_dir', 'x\u0301y',
  '文件', '，', '\u3099', 'カ', '\ud840\udc00', 'กิ', '’', '\u00a0', '①', '〇', 'ｰ', '한',
);
const mixed = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

describe('tokenize (property): the ASCII scanner gives the regex pass, token for token', () => {
  it('on strings built from the characters where the two paths meet', () => {
    fc.assert(fc.property(mixed, (text) => {
        expect(tokenize(text)).toEqual(tokenizeByRegex(text));
      }), { numRuns: 3000 });
  });

  it('on arbitrary Unicode strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        expect(tokenize(text)).toEqual(tokenizeByRegex(text));
      }), { numRuns: 2000 });
  });

  it('on a hand-checked mixed line', () => {
    // "Café" 0–4 (é sends the word to the regex), "ok" 5–7, "上" 7–8 (right after it), "x_1" 9–12
    expect(tokenize('Café ok上 x_1')).toEqual({ words: ['café', 'ok', '上', 'x_1'], starts: [0, 5, 7, 9], ends: [4, 7, 8, 12] });
  });
});

describe('wordRuns (property): the ASCII scanner gives the regex match, run for run', () => {
  it('on strings built from the characters where the two paths meet', () => {
    fc.assert(
      fc.property(mixed, (text) => {
        expect(wordRuns(text)).toEqual(text.toLowerCase().match(RUN) ?? []);
      }),
      { numRuns: 3000 },
    );
  });

  it('on arbitrary Unicode strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        expect(wordRuns(text)).toEqual(text.toLowerCase().match(RUN) ?? []);
      }),
      { numRuns: 2000 },
    );
  });

  it('on a hand-checked mixed line', () => {
    // "上传" is one run, "file" a word, "文件" a run; "Café" goes to the regex at "é"
    expect(wordRuns('上传file文件 Café!')).toEqual(['上传', 'file', '文件', 'café']);
  });
});
