import type { TokenizerName } from '../types.js';

/**
 * The split patterns of the o200k / cl100k tokenizers (the pinned gpt-tokenizer's
 * `O200K_TOKEN_SPLIT_REGEX` / `CL100K_TOKEN_SPLIT_REGEX`), hand-run on ASCII text. The patterns'
 * `\p{…}` classes make V8 run them slowly, and docs are mostly ASCII; on ASCII the classes are
 * plain: letters `[A-Za-z]` (upper `[A-Z]`, lower `[a-z]`), digits `[0-9]`, whitespace
 * `[\t\n\v\f\r ]`, and everything else is "other". The scanner finds the piece the pattern
 * matches at a position, alternative by alternative, and gives up (returns {@link UNDECIDED})
 * whenever a character whose class decides the piece is not ASCII: the caller then runs the
 * pattern itself. test/tokens/ascii-pieces.test.ts checks it against the pattern.
 */

/** What {@link asciiPieceEnd} returns when a non-ASCII character decides the piece. */
export const UNDECIDED = -1;

const NON_ASCII = 0;
const LOWER = 1;
const UPPER = 2;
const DIGIT = 3;
/** `\r` or `\n`. */
const NEWLINE = 4;
/** The space character (the patterns' optional ` ` before punctuation). */
const SPACE = 5;
/** `\t`, `\v`, `\f`: whitespace that is neither a space nor a line break. */
const BLANK = 6;
/** Not whitespace, not a letter, not a digit: punctuation, symbols, control characters. */
const OTHER = 7;

const CLASSES = (() => {
  const classes = new Uint8Array(128).fill(OTHER);
  for (let code = 97; code <= 122; code++) classes[code] = LOWER;
  for (let code = 65; code <= 90; code++) classes[code] = UPPER;
  for (let code = 48; code <= 57; code++) classes[code] = DIGIT;
  classes[10] = classes[13] = NEWLINE;
  classes[32] = SPACE;
  classes[9] = classes[11] = classes[12] = BLANK;
  return classes;
})();

/** Past the end of the text: nothing continues there. */
const END = 8;

/**
 * The code unit `text[at]` (`at >= 0`), -1 past the end. Reading past the end with `charCodeAt`
 * (NaN) would deoptimise every optimised caller once per inlined call site: the bound is checked here.
 */
function codeAt(text: string, at: number): number {
  return at < text.length ? text.charCodeAt(at) : -1;
}

/** Class of `text[at]`, {@link END} past the end. */
function classAt(text: string, at: number): number {
  const code = codeAt(text, at);
  if (code < 0) return END;
  return code < 128 ? CLASSES[code]! : NON_ASCII;
}

/** Whether `text[at]` is a non-ASCII character (false past the end). */
function nonAscii(text: string, at: number): boolean {
  return codeAt(text, at) >= 128;
}

/**
 * The end of the piece the encoding's split pattern matches at `text[at]` (`at < text.length`),
 * or {@link UNDECIDED} when that takes a non-ASCII character's class.
 */
export function asciiPieceEnd(text: string, at: number, tokenizer: TokenizerName): number {
  const cl100k = tokenizer === 'cl100k_base';
  if (cl100k) {
    const contraction = contractionEnd(text, at);
    if (contraction !== at) return contraction;
  }
  const kind = classAt(text, at);
  if (kind === LOWER || kind === UPPER) return lettersEnd(text, at, cl100k);
  if (kind === DIGIT) return digitsEnd(text, at);
  if (kind === NEWLINE) return spacesEnd(text, at, cl100k);
  if (kind === NON_ASCII) return UNDECIDED;
  // P: a prefix when a letter follows, else punctuation (after an optional space) or whitespace.
  const next = classAt(text, at + 1);
  if (next === NON_ASCII) return UNDECIDED;
  if (next === LOWER || next === UPPER) return lettersEnd(text, at + 1, cl100k);
  if (kind === OTHER) return otherEnd(text, at, !cl100k);
  if (kind === SPACE && next === OTHER) return otherEnd(text, at + 1, !cl100k);
  return spacesEnd(text, at, cl100k);
}

/*
 * The patterns, alternative by alternative (P = [^\r\n\p{L}\p{N}], C = a contraction):
 *   o200k:  1. P? [A-Z]* [a-z]+ C?   2. P? [A-Z]+ [a-z]* C?   3. \p{N}{1,3}
 *           4. ' '? [^\s\p{L}\p{N}]+ [\r\n/]*   5. \s* [\r\n]+   6. \s+ (?!\S)   7. \s+
 *   cl100k: 1. C   2. P? \p{L}+   3. \p{N}{1,3}   4. ' '? [^\s\p{L}\p{N}]+ [\r\n]*
 *           5. \s+$   6. \s* [\r\n]   7. \s+ (?!\S)   8. \s
 * On ASCII, o200k's 1 and 2 together are: an upper run, then a lower run, then C? (one of the
 * runs not empty); cl100k's 2 is a run of letters of either case, with no contraction after.
 */

/** The letters alternatives from a letter at `from`. */
function lettersEnd(text: string, from: number, cl100k: boolean): number {
  let at = from;
  if (cl100k) {
    for (let kind = classAt(text, at); kind === LOWER || kind === UPPER; kind = classAt(text, at)) at++;
    return nonAscii(text, at) ? UNDECIDED : at;
  }
  while (classAt(text, at) === UPPER) at++;
  while (classAt(text, at) === LOWER) at++;
  return nonAscii(text, at) ? UNDECIDED : contractionEnd(text, at);
}

/**
 * After `'`, one of `s d m t ll ve re` in either case (per letter): the end of it, else `at`.
 * Non-ASCII characters never match, so none needs a look at its class.
 */
function contractionEnd(text: string, at: number): number {
  if (codeAt(text, at) !== 39) return at;
  const first = codeAt(text, at + 1) | 32;
  if (first === 115 || first === 100 || first === 109 || first === 116) return at + 2; // s d m t
  const second = codeAt(text, at + 2) | 32;
  if ((first === 108 && second === 108) || ((first === 118 || first === 114) && second === 101)) return at + 3; // ll ve re
  return at;
}

/** `\p{N}{1,3}` from a digit. */
function digitsEnd(text: string, from: number): number {
  let at = from + 1;
  while (at < from + 3 && classAt(text, at) === DIGIT) at++;
  return at < from + 3 && nonAscii(text, at) ? UNDECIDED : at;
}

/** `[^\s\p{L}\p{N}]+` from an other character, then `[\r\n/]*` (o200k) or `[\r\n]*` (cl100k). */
function otherEnd(text: string, from: number, slash: boolean): number {
  let at = from + 1;
  while (classAt(text, at) === OTHER) at++;
  if (nonAscii(text, at)) return UNDECIDED;
  for (let code = codeAt(text, at); code === 10 || code === 13 || (slash && code === 47); code = codeAt(text, at)) at++;
  return at;
}

/**
 * The whitespace alternatives, from a whitespace character no earlier alternative took. With
 * the run `[from, end)` and its last line break `newline`: cl100k takes a run that ends the
 * text whole (`\s+$`); both take up to the last line break when there is one (`\s*[\r\n]+`,
 * `\s*[\r\n]`: the greedy `\s*` gives back characters until a line break follows); else all
 * but the run's last character, which goes with what follows (`\s+(?!\S)`), and a single
 * character alone (`\s+`, `\s`).
 */
function spacesEnd(text: string, from: number, cl100k: boolean): number {
  let at = from;
  let newline = -1;
  for (;;) {
    const kind = classAt(text, at);
    if (kind === NEWLINE) newline = at;
    else if (kind !== SPACE && kind !== BLANK) {
      if (kind === NON_ASCII) return UNDECIDED;
      break;
    }
    at++;
  }
  if (at === text.length && (cl100k || newline === -1)) return at;
  if (newline !== -1) return newline + 1;
  return at - from >= 2 ? at - 1 : at;
}
