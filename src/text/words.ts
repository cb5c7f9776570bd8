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
  tokenizeInto(text, tokens);
  return tokens;
}

/**
 * Fills the empty `tokens` with {@link tokenize}'s tokens of `text`, and tells whether
 * lower-casing keeps the text's length (`text.toLowerCase().length === text.length`), which
 * callers that split the text once would otherwise lower-case it again to learn.
 */
export function tokenizeInto(text: string, tokens: Tokens): boolean {
  // Lower-casing the text once is cheaper than once per word, when it keeps every offset
  // (it does not when the text holds "İ", which lower-cases to two code units).
  const lower = text.toLowerCase();
  const keepsOffsets = lower.length === text.length;
  collectMatches(keepsOffsets ? lower : text, TOKEN, !keepsOffsets, tokens.words, tokens);
  return keepsOffsets;
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
 * not a word character.
 *
 * Non-ASCII code units are looked up in {@link kindOf} (the patterns' own classes, asked once
 * per code unit): one that is no letter, digit or mark (`—`, `。`, `’`) starts no match and ends
 * a spaced word, as an ASCII space does; an unspaced letter (`文`) ends a spaced word and starts
 * an unspaced match, which runs over the unspaced letters that follow ({@link RUN}) or is that
 * one letter ({@link TOKEN}) and ends where no mark can follow (ASCII, or a code unit of the
 * first two kinds). Anything else (a spaced letter, a mark, a surrogate) hands that position
 * (or the word's start) to the regex for one `exec`, and the scanner goes on where that match
 * ended. A match depends on nothing before its start, so each step is the `exec` it replaces.
 *
 * Arrays to fill rather than a callback: one call target and no closure per call keep V8 from
 * deoptimising the loop, and with no callback nothing re-enters, so the module's patterns are
 * used as they are (`lastIndex` set before every `exec`).
 */
function collectMatches(source: string, pattern: RegExp, lowerCase: boolean, words: string[], offsets: Tokens | null): void {
  const length = source.length;
  // A token is one unspaced letter with its marks; a run is a maximal chain of them.
  const single = pattern === TOKEN;
  let at = 0;
  while (at < length) {
    let code = source.charCodeAt(at);
    if (code < 0x80) {
      if (!isAsciiWordCode(code)) {
        at += 1;
        continue;
      }
    } else {
      const kind = kindOf(code);
      if (kind === NOT_WORD) {
        at += 1;
        continue;
      }
      if (kind === UNSPACED_LETTER) {
        const end = unspacedEnd(source, at, single);
        if (end !== -1) {
          pushMatch(source.slice(at, end), lowerCase, words, offsets, at, end);
          at = end;
          continue;
        }
      }
    }
    const start = at;
    while (code < 0x80 && isAsciiWordCode(code) && ++at < length) code = source.charCodeAt(at);
    if (at === length || code < 0x80 || (at > start && kindOf(code) !== OTHER)) {
      pushMatch(source.slice(start, at), lowerCase, words, offsets, start, at);
      continue;
    }
    // A spaced letter, a mark or a surrogate: the regex decides the next match from the word's start (or here).
    pattern.lastIndex = start;
    const match = pattern.exec(source);
    if (match === null) break;
    at = pattern.lastIndex;
    pushMatch(match[0], lowerCase, words, offsets, match.index, at);
  }
}

function pushMatch(word: string, lowerCase: boolean, words: string[], offsets: Tokens | null, start: number, end: number): void {
  words.push(lowerCase ? word.toLowerCase() : word);
  if (offsets !== null) {
    offsets.starts.push(start);
    offsets.ends.push(end);
  }
}

/**
 * End of the unspaced match that starts at the unspaced letter at `start`: after that letter
 * (`single`) or after the chain of unspaced letters there, when the code unit after it cannot
 * be a mark (the end of the text, ASCII, or a code unit that is no mark by {@link kindOf});
 * -1 when it might be one, for the regex to decide.
 */
function unspacedEnd(source: string, start: number, single: boolean): number {
  const length = source.length;
  let end = start + 1;
  while (end < length) {
    const code = source.charCodeAt(end);
    if (code < 0x80) return end;
    const kind = kindOf(code);
    if (kind === NOT_WORD) return end;
    if (kind !== UNSPACED_LETTER) return -1;
    if (single) return end;
    end += 1;
  }
  return end;
}

/** A code unit that is no letter, digit or mark (nor `_`): no match holds it. */
const NOT_WORD = 1;
/** A letter or digit of an unspaced script: a match of its own, never part of a spaced word. */
const UNSPACED_LETTER = 2;
/** Anything else (spaced letters, marks, surrogates): the regex decides. */
const OTHER = 3;
/** Per BMP code unit, its kind (0: not asked yet): filled as code units are met. */
const kinds = new Uint8Array(0x10000);
const NOT_WORD_CHAR = /^[^\p{L}\p{N}\p{M}_]$/u;
const UNSPACED_LETTER_CHAR = new RegExp(`^(?=[\\p{L}\\p{N}])[${UNSPACED_CLASS}]$`, 'u');

/** The kind of a non-ASCII code unit, by the patterns' own character classes (asked once per code unit). */
function kindOf(code: number): number {
  let kind = kinds[code]!;
  if (kind === 0) {
    const char = String.fromCharCode(code);
    if (code >= 0xd800 && code <= 0xdfff) kind = OTHER;
    else if (NOT_WORD_CHAR.test(char)) kind = NOT_WORD;
    else if (UNSPACED_LETTER_CHAR.test(char)) kind = UNSPACED_LETTER;
    else kind = OTHER;
    kinds[code] = kind;
  }
  return kind;
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
