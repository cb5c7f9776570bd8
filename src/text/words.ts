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

/** The tokens of `text` (see the module comment) with their offsets, in one pass of {@link collectMatches}. */
export function tokenize(text: string): Tokens {
  const tokens: Tokens = { words: [], starts: [], ends: [] };
  // Lower-casing the text once is cheaper than once per word, when it keeps every offset
  // (it does not when the text holds "İ", which lower-cases to two code units).
  const lower = text.toLowerCase();
  const keepsOffsets = lower.length === text.length;
  collectMatches(keepsOffsets ? lower : text, TOKEN, !keepsOffsets, tokens.words, tokens);
  return tokens;
}

/**
 * Pushes each match of the global `pattern` (a {@link TOKEN} or {@link RUN}) in `source` to
 * `words` (lower-cased when `lowerCase`), and its offsets to `offsets` unless null, in order:
 * the matches of `pattern.exec` after `pattern.exec`.
 *
 * Why a scanner: most docs text is ASCII, where a match is a run of `[A-Za-z0-9_]` and the
 * Unicode-property regex costs far more than a look at char codes. Each `exec` returns the
 * leftmost match at or after `lastIndex`; the scanner finds the same one while it reads ASCII:
 * no match of either pattern starts at an ASCII character that is not a word character (no
 * ASCII character is a mark or belongs to an unspaced script), and a match that starts at an
 * ASCII word character is the greedy spaced word, which ends at the first character that is
 * not a word character. When the scanner meets a non-ASCII code unit (before or inside a word),
 * it hands that position (or the word's start) to the regex for one `exec`, and goes on from
 * where that match ended.
 *
 * Arrays to fill rather than a callback: one call target and no closure per call keep V8 from
 * deoptimising the loop, and with no callback nothing re-enters, so the module's patterns are
 * used as they are (`lastIndex` set before every `exec`).
 */
function collectMatches(source: string, pattern: RegExp, lowerCase: boolean, words: string[], offsets: Tokens | null): void {
  const length = source.length;
  let at = 0;
  while (at < length) {
    let code = source.charCodeAt(at);
    if (code < 0x80 && !isAsciiWordCode(code)) {
      at += 1;
      continue;
    }
    const start = at;
    while (code < 0x80 && isAsciiWordCode(code) && ++at < length) code = source.charCodeAt(at);
    if (at === length || code < 0x80) {
      const word = source.slice(start, at);
      words.push(lowerCase ? word.toLowerCase() : word);
      if (offsets !== null) pushOffsets(offsets, start, at);
      continue;
    }
    // A non-ASCII code unit: the regex decides the next match from the word's start (or here).
    pattern.lastIndex = start;
    const match = pattern.exec(source);
    if (match === null) break;
    at = pattern.lastIndex;
    words.push(lowerCase ? match[0].toLowerCase() : match[0]);
    if (offsets !== null) pushOffsets(offsets, match.index, at);
  }
}

function pushOffsets(offsets: Tokens, start: number, end: number): void {
  offsets.starts.push(start);
  offsets.ends.push(end);
}

/** Whether an ASCII code is a word character: `[0-9A-Z_a-z]`. */
function isAsciiWordCode(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
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
  const runs: string[] = [];
  collectMatches(text.toLowerCase(), RUN, false, runs, null);
  return runs;
}

/**
 * Whether `char` (one character) can be part of a spaced-script word: a letter, digit,
 * combining mark or `_` that does not belong to an unspaced script.
 */
export function isWordChar(char: string): boolean {
  return WORD_CHAR.test(char);
}
