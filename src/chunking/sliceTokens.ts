import { lastAtOrBefore } from '../markdown/lines.js';

/** Exact token count of `source.slice(start, end)`. */
export type SliceTokens = (start: number, end: number) => number;

/** Least distance between two stops of the one full tokenization (shorter lines join the previous stop). */
const STOP_STRIDE = 48;
/** How far from a slice end a sync point is looked for before the slice is tokenized whole. */
const SCAN = 64;
/** Slices this short are tokenized whole (memoised): cheaper than reaching their ends. */
const SHORT = 16;

const COUNTERS = new WeakMap<(text: string) => number, { source: string; count: SliceTokens }>();

/**
 * The slice counter of `source` for `tokens` (a measure's memoised counter): built once per
 * pair and reused, so every caller measuring one document shares one tokenization of it.
 */
export function sliceTokensOf(tokens: (text: string) => number, source: string): SliceTokens {
  const known = COUNTERS.get(tokens);
  if (known?.source === source) return known.count;
  const count = sliceTokenCounter(source, tokens);
  COUNTERS.set(tokens, { source, count });
  return count;
}

/**
 * Counts tokens of slices of `source` exactly, tokenizing the source once instead of every
 * slice. Why it is exact: the o200k / cl100k pre-tokenizers cut text into pieces that are
 * byte-pair encoded one by one, and at a *sync point* every text holding the two characters
 * around it is cut there, whatever comes before or after (no piece spans it and nothing
 * either side reads across it). Sync points: a line start that is not whitespace or `/`
 * (only a punctuation run's trailing `[\r\n/]*` can continue over a line break), and a
 * non-whitespace character followed by whitespace, unless that whitespace is a line break
 * after something other than a letter or digit. So `count(text) = count(left) + count(right)`
 * for a cut at a sync point, and a slice costs `cum(z2) − cum(z1)` plus the short pieces
 * between its ends and their nearest sync points `z1`, `z2`, where `cum(z)` is the count of
 * `source[0, z)`, kept at stops (sync line starts) and reached from the nearest stop.
 * Slices with no sync point near their ends are tokenized whole (`tokens`, memoised).
 * The sync rules follow the split patterns of the pinned gpt-tokenizer; the slice tests
 * (test/chunking/slice-tokens.test.ts) check them against whole-text counts.
 */
export function sliceTokenCounter(source: string, tokens: (text: string) => number): SliceTokens {
  let stops: number[] = [];
  let sums: number[] = [];
  const build = (): void => {
    stops = [0];
    sums = [0];
    let last = 0;
    for (let at = source.indexOf('\n'); at !== -1; at = source.indexOf('\n', at + 1)) {
      const stop = at + 1;
      if (stop - last < STOP_STRIDE || stop >= source.length || !isSync(source, stop)) continue;
      sums.push(sums.at(-1)! + tokens(source.slice(last, stop)));
      stops.push(stop);
      last = stop;
    }
    sums.push(sums.at(-1)! + tokens(source.slice(last)));
    stops.push(source.length);
  };
  /** Index of the last stop ≤ `at`. */
  const stopBefore = (at: number): number => lastAtOrBefore(stops, at);
  /** Characters tokenized to reach `cum(at)` from the nearest stop. */
  const reach = (at: number): number => {
    const index = stopBefore(at);
    return stops[index] === at ? 0 : Math.min(at - stops[index]!, stops[index + 1]! - at);
  };
  /** Token count of `source[0, at)`, `at` a sync point (or 0 / the end). */
  const cum = (at: number): number => {
    const index = stopBefore(at);
    const before = stops[index]!;
    if (before === at) return sums[index]!;
    const after = stops[index + 1]!;
    return at - before <= after - at ? sums[index]! + tokens(source.slice(before, at)) : sums[index + 1]! - tokens(source.slice(at, after));
  };
  // Token counts of `source[0, end)` (right ends) and of `source[0, start)` reached from the
  // right (left ends), per end offset: blocks, runs and chunks share their ends.
  const rights = new Map<number, number>();
  const lefts = new Map<number, number>();
  const right = (end: number, to: number): number => {
    let value = rights.get(end);
    if (value === undefined) {
      value = cum(to) + tokens(source.slice(to, end));
      rights.set(end, value);
    }
    return value;
  };
  const left = (start: number, from: number): number => {
    let value = lefts.get(start);
    if (value === undefined) {
      value = cum(from) - tokens(source.slice(start, from));
      lefts.set(start, value);
    }
    return value;
  };
  return (start, end) => {
    if (end - start <= SHORT) return tokens(source.slice(start, end));
    const from = syncAfter(source, start, start + SCAN);
    const to = syncBefore(source, end, end - SCAN);
    if (from === -1 || to === -1 || from > to) return tokens(source.slice(start, end));
    if (stops.length === 0) build();
    const cost = (lefts.has(start) ? 0 : from - start + reach(from)) + (rights.has(end) ? 0 : end - to + reach(to));
    if (cost >= end - start) return tokens(source.slice(start, end));
    return right(end, to) - left(start, from);
  };
}

/** The first sync point in `[from, limit]`, or -1. */
function syncAfter(source: string, from: number, limit: number): number {
  for (let at = from; at <= limit; at++) if (isBoundary(source, at)) return at;
  return -1;
}

/** The last sync point in `[limit, from]`, or -1. */
function syncBefore(source: string, from: number, limit: number): number {
  for (let at = from; at >= limit; at--) if (isBoundary(source, at)) return at;
  return -1;
}

function isBoundary(source: string, at: number): boolean {
  return at === 0 || at === source.length || isSync(source, at);
}

/** Whether every pre-tokenization of a text holding `source[at − 1, at + 1)` cuts between the two. */
function isSync(source: string, at: number): boolean {
  const before = source.charCodeAt(at - 1);
  const after = source.charCodeAt(at);
  if (before === 10 || before === 13) return after !== 47 && !isSpace(after);
  if (isSpace(before) || !isSpace(after)) return false;
  return (after !== 10 && after !== 13) || endsWithLetterOrDigit(source, at);
}

const SPACE = /\s/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function isSpace(code: number): boolean {
  if (code < 0x80) return code === 32 || (code >= 9 && code <= 13);
  return SPACE.test(String.fromCharCode(code));
}

function endsWithLetterOrDigit(source: string, at: number): boolean {
  const code = source.charCodeAt(at - 1);
  if (code < 0x80) return (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 122);
  if (code < 0xdc00 || code > 0xdfff) return LETTER_OR_DIGIT.test(String.fromCharCode(code));
  const high = source.charCodeAt(at - 2);
  return high >= 0xd800 && high <= 0xdbff && LETTER_OR_DIGIT.test(String.fromCodePoint(source.codePointAt(at - 2)!));
}
