/**
 * The one word tokenizer of every metric, rule and comparison (policy: `./scripts.ts`).
 *
 * A token is either a *word* of a script written with spaces — a run of letters, digits,
 * combining marks and `_`; an apostrophe splits, so "Tauri's" holds the word `tauri` — or one
 * *character* of a script written without spaces (with the combining marks that follow it):
 * "Set `cache_dir` 缓存!" is `set`, `cache_dir`, `缓`, `存`. Punctuation, symbols, emoji and
 * Markdown markup are never tokens. Tokens are lower-cased.
 */
import { UNSPACED_CLASS } from './scripts.js';

/** One character of an unspaced script (a letter or digit) with its combining marks. */
const UNSPACED_CHAR = `(?=[\\p{L}\\p{N}])[${UNSPACED_CLASS}]\\p{M}*`;
/** One character of a spaced-script word. */
const SPACED_CHAR = `(?:(?![${UNSPACED_CLASS}])[\\p{L}\\p{N}\\p{M}_])`;
/** A spaced-script word. */
const SPACED_WORD = `${SPACED_CHAR}+`;

/** A token: one unspaced character, or one spaced-script word. */
const TOKEN = new RegExp(`${UNSPACED_CHAR}|${SPACED_WORD}`, 'gu');
/** A run: a maximal run of unspaced characters, or one spaced-script word. */
const RUN = new RegExp(`(?:${UNSPACED_CHAR})+|${SPACED_WORD}`, 'gu');
const WORD_CHAR = new RegExp(`^${SPACED_CHAR}$`, 'u');

/** Tokens of a text with their positions: parallel arrays, so a 1 MB text stays cheap. */
export interface Tokens {
  /** Lower-cased words of spaced scripts; single characters of unspaced scripts. */
  words: string[];
  /** Offset in the text of each token's first character. */
  starts: number[];
  /** Offset in the text just after each token. */
  ends: number[];
}

/** The tokens of `text` (see the module comment) with their offsets, in one regex pass. */
export function tokenize(text: string): Tokens {
  const tokens: Tokens = { words: [], starts: [], ends: [] };
  // Lower-casing the text once is cheaper than once per word, when it keeps every offset
  // (it does not when the text holds "İ", which lower-cases to two code units).
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

/** The tokens of `text` without offsets: `tokenize(text).words`. */
export function wordsOf(text: string): string[] {
  // Not `text.match(TOKEN)`: V8 runs a global `match` on this pattern 3× slower than `exec`.
  return tokenize(text).words;
}

/**
 * The lower-cased spaced-script words of `text` and its maximal runs of unspaced characters
 * ("上传file文件" is `上传`, `file`, `文件`): what a dictionary segmenter gets to cut further.
 */
export function wordRuns(text: string): string[] {
  return text.toLowerCase().match(RUN) ?? [];
}

/**
 * Whether `char` (one character) can be part of a spaced-script word: a letter, digit,
 * combining mark or `_` that does not belong to an unspaced script.
 */
export function isWordChar(char: string): boolean {
  return WORD_CHAR.test(char);
}
