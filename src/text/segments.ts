/**
 * `Intl.Segmenter` in bounded windows (docs/rules.md#files-chunkgate-cannot-check).
 *
 * V8's segment iterator (and `containing()`) slows down quadratically with the length of the
 * string it walks: a 950 KB paragraph took 73 s. So text is segmented in windows of at most
 * {@link SEGMENT_WINDOW} code units: the segments of a window are taken except its last one,
 * which may continue past the window, and the next window starts where that last segment
 * starts. A segment that fills a whole window alone (a "sentence" of more than 4096
 * characters with no terminator) is cut at the last whitespace of the window's second half, or
 * at the window's end (never inside a surrogate pair).
 *
 * The approximation: boundaries are exact except for segments longer than a window (cut as
 * above) and for the rare rule that looks further ahead than the rest of the window (UAX #29
 * SB8: after "etc." the segmenter looks past non-letters for a lower-case letter).
 *
 * Sentences of a line whose characters all have a known Sentence_Break class (ASCII, Latin-1
 * letters, Han, CJK punctuation: most lines of docs) are found by `sentenceEnd`, an exact UAX #29
 * breaker for those classes, without `Intl.Segmenter` (its iterator costs more per line than the
 * rules do); tests check it against `Intl.Segmenter` character by character and rule by rule.
 *
 * Every `Intl.Segmenter` of the code base is created here (policy: `./scripts.ts`).
 */

/** Largest text handed to `Intl.Segmenter` at once, in UTF-16 code units. */
export const SEGMENT_WINDOW = 4096;

/** One segment: its text, its offset in the input, and (word granularity) whether it is word-like. */
export interface TextSegment {
  segment: string;
  index: number;
  isWordLike?: boolean;
}

/**
 * The segments of `text` by `segmenter`, like `[...segmenter.segment(text)]`, in windows of
 * at most {@link SEGMENT_WINDOW} code units (see the module comment). Segments cover `text`
 * in order; `index` is relative to `text`.
 */
export function segmentText(segmenter: Intl.Segmenter, text: string): TextSegment[] {
  const out: TextSegment[] = [];
  forEachSegment(segmenter, text, (segment, index, isWordLike) => {
    out.push(isWordLike === undefined ? { segment, index } : { segment, index, isWordLike });
  });
  return out;
}

/**
 * Calls `visit` with each segment of {@link segmentText}, in order, without making an object
 * per segment: a whole document's words and sentences go through here.
 */
function forEachSegment(segmenter: Intl.Segmenter, text: string, visit: (segment: string, index: number, isWordLike: boolean | undefined) => void): void {
  let start = 0;
  while (start < text.length) {
    const end = Math.min(text.length, start + SEGMENT_WINDOW);
    const last = end === text.length;
    // A window's last segment may run past it: it is held back and read again from the next window.
    let held: Intl.SegmentData | null = null;
    for (const part of segmenter.segment(text.slice(start, end))) {
      if (held) visit(held.segment, start + held.index, held.isWordLike);
      held = part;
    }
    if (last) {
      if (held) visit(held.segment, start + held.index, held.isWordLike);
      break;
    }
    if (held!.index > 0) {
      start += held!.index;
      continue;
    }
    const cut = forcedCut(text, start, end);
    visit(text.slice(start, cut), start, undefined);
    start = cut;
  }
}

/** Where to end a segment that fills the window `[start, end)`: after its last whitespace in the second half, else at `end`. */
function forcedCut(text: string, start: number, end: number): number {
  for (let at = end - 1; at > start + (end - start) / 2; at--) {
    if (/\s/.test(text[at]!)) return at + 1;
  }
  const code = text.charCodeAt(end);
  return code >= 0xdc00 && code <= 0xdfff ? end - 1 : end;
}

/** Unicode sentence boundaries (UAX #29): rules, not dictionaries, so the same on every ICU. */
const SENTENCES = new Intl.Segmenter('und', { granularity: 'sentence' });
/** Dictionary word boundaries for unspaced scripts (ICU picks the dictionary by script). */
const DICTIONARY_WORDS = new Intl.Segmenter('zh', { granularity: 'word' });

/**
 * The sentences of `text` (UAX #29: also ends one at `。！？` and after a line break), in windows.
 *
 * Why lines: UAX #29 always ends a sentence after a line break (SB4), and no rule looks past one
 * (SB8's look-ahead stops at it), so text of one window segments as its lines do, each on its
 * own. A line of characters whose class {@link sentenceClass} knows is segmented by
 * {@link sentenceEnd} without the segmenter; each stretch of other lines goes to the segmenter
 * in one piece.
 */
export function sentenceSegments(text: string): TextSegment[] {
  if (text.length > SEGMENT_WINDOW) return segmentText(SENTENCES, text);
  const out: TextSegment[] = [];
  // Start of the stretch of lines not yet segmented: lines that need the segmenter gather here.
  let pending = 0;
  // The first character at or after the current line whose class is unknown (`-1`: not searched yet).
  let unknown = -1;
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline + 1;
    if (unknown < start) unknown = nextUnknown(text, start);
    if (unknown >= end) {
      if (pending < start) for (const part of SENTENCES.segment(text.slice(pending, start))) out.push({ segment: part.segment, index: pending + part.index });
      for (let from = start; from < end; ) {
        const to = sentenceEnd(text, from, end);
        out.push({ segment: text.slice(from, to), index: from });
        from = to;
      }
      pending = end;
    }
    start = end;
  }
  if (pending < text.length) for (const part of SENTENCES.segment(text.slice(pending))) out.push({ segment: part.segment, index: pending + part.index });
  return out;
}

/** The index of the first character at or after `from` whose {@link sentenceClass} is unknown, or `text.length`. */
function nextUnknown(text: string, from: number): number {
  UNKNOWN_CHAR.lastIndex = from;
  return UNKNOWN_CHAR.exec(text)?.index ?? text.length;
}

/*
 * UAX #29 Sentence_Break classes (Unicode's SentenceBreakProperty.txt, as ICU has them): those
 * of all of ASCII and of the characters most docs add to it (Latin-1 letters, Han, CJK and
 * typographic punctuation). None of these is Sep, Extend or Format, so SB5 never applies.
 */
const OTHER = 0;
const SP = 1;
const LOWER = 2;
const UPPER = 3;
const NUMERIC = 4;
const ATERM = 5;
const STERM = 6;
const CLOSE = 7;
const SCONTINUE = 8;
const CR = 9;
const LF = 10;
const OLETTER = 11;
/** A character whose class is not in the tables: its line goes to `Intl.Segmenter`. */
const UNKNOWN = 255;

/** The class of each code unit below U+0100: all of ASCII (Other unless listed), the letters of Latin-1 and NBSP. */
const LATIN1_CLASS = ((): Uint8Array => {
  const classes = new Uint8Array(0x100).fill(UNKNOWN).fill(OTHER, 0, 0x80);
  const mark = (chars: string, cls: number): void => {
    for (const char of chars) classes[char.charCodeAt(0)] = cls;
  };
  mark('\t\v\f \xa0', SP);
  mark('abcdefghijklmnopqrstuvwxyz\xaa\xb5\xba', LOWER);
  mark('ABCDEFGHIJKLMNOPQRSTUVWXYZ', UPPER);
  mark('0123456789', NUMERIC);
  mark('.', ATERM);
  mark('!?', STERM);
  mark('"\'()[]{}', CLOSE);
  mark(',-:;', SCONTINUE);
  mark('\r', CR);
  mark('\n', LF);
  mark('\xb7\xd7\xf7', OTHER);
  classes.fill(UPPER, 0xc0, 0xd7).fill(UPPER, 0xd8, 0xdf).fill(LOWER, 0xdf, 0xf7).fill(LOWER, 0xf8, 0x100);
  return classes;
})();

/** The class of the few characters above U+00FF outside Han that docs use most. */
const WIDE_CLASS = new Map<number, number>([
  ...[0x3002, 0xff01, 0xff1f].map((code) => [code, STERM] as const), // 。！？
  ...[0x3001, 0xff0c, 0xff1a, 0xff1b, 0x2013, 0x2014].map((code) => [code, SCONTINUE] as const), // 、，：；–—
  ...[0xff08, 0xff09, 0x201c, 0x201d, 0x2018, 0x2019, 0x300c, 0x300d].map((code) => [code, CLOSE] as const), // （）“”‘’「」
  ...[0x2026, 0x2020, 0x2192].map((code) => [code, OTHER] as const), // …†→
]);

/** The Sentence_Break class of the UTF-16 code unit `code`, or {@link UNKNOWN}. */
function sentenceClass(code: number): number {
  if (code < 0x100) return LATIN1_CLASS[code]!;
  if (code >= 0x4e00 && code <= 0x9fff) return OLETTER; // CJK Unified Ideographs
  return WIDE_CLASS.get(code) ?? UNKNOWN;
}

/** A character class of the code units whose {@link sentenceClass} is one of `classes`, for a regular expression. */
function charsOf(classes: number[]): string {
  const codes = [...LATIN1_CLASS.keys()].filter((code) => classes.includes(LATIN1_CLASS[code]!)).concat([...WIDE_CLASS].filter(([, cls]) => classes.includes(cls)).map(([code]) => code));
  return codes.map((code) => `\\u${code.toString(16).padStart(4, '0')}`).join('');
}

/*
 * The scans run as regular-expression searches: a whole document's text passes through them
 * once in a fresh process, too soon for a loop over its characters to leave V8's interpreter.
 */
/** A character whose class is unknown (see {@link sentenceClass}). */
const UNKNOWN_CHAR = new RegExp(`[^${charsOf([OTHER, SP, LOWER, UPPER, NUMERIC, ATERM, STERM, CLOSE, SCONTINUE, CR, LF])}\\u4e00-\\u9fff]`, 'g');
/** A character after which a sentence may end: a terminator or a line break. */
const SENTENCE_END_CHAR = new RegExp(`[${charsOf([ATERM, STERM, CR, LF])}]`, 'g');

/**
 * The end of the sentence that starts at `from` in `text[from, end)`, every character of which
 * has a known {@link sentenceClass}, by the rules of UAX #29 as ICU applies them for `und` (no
 * abbreviation suppressions), so exactly where `Intl.Segmenter` breaks. `end` is the end of a
 * line or of the text: nothing past it is read. A sentence ends only after a line break (SB4) or
 * after a terminator with its closers and spaces (SB11), unless SB6–SB10 keep it going.
 */
function sentenceEnd(text: string, from: number, end: number): number {
  for (let at = from; at < end; at++) {
    at = nextSentenceEndChar(text, at, end);
    if (at === end) break;
    const cls = sentenceClass(text.charCodeAt(at));
    if (cls === LF) return at + 1;
    if (cls === CR) return afterParaSep(text, at, end);
    if (cls === ATERM && at + 1 < end) {
      const next = sentenceClass(text.charCodeAt(at + 1));
      // SB6: `3.5`; SB7: `U.S` (an upper- or lower-case letter, the full stop, an upper-case letter).
      if (next === NUMERIC) continue;
      if (next === UPPER && at > 0 && isCased(sentenceClass(text.charCodeAt(at - 1)))) continue;
    }
    // SB9, SB10: the terminator's closers and spaces stay in its sentence.
    let after = at + 1;
    while (after < end && sentenceClass(text.charCodeAt(after)) === CLOSE) after++;
    while (after < end && sentenceClass(text.charCodeAt(after)) === SP) after++;
    if (after === end) return end;
    const next = sentenceClass(text.charCodeAt(after));
    if (next === CR || next === LF) return next === LF ? after + 1 : afterParaSep(text, after, end);
    // SB8a: `etc.,` and `?!` go on (a further terminator is read by the next step of the loop).
    if (next === SCONTINUE || next === ATERM || next === STERM) {
      at = after - 1;
      continue;
    }
    // SB8: after a full stop, a lower-case letter past non-letters (`e.g. the`, `a.) b`) goes on.
    if (cls === ATERM) {
      let ahead = after;
      while (ahead < end && NOT_LETTERS[sentenceClass(text.charCodeAt(ahead))]) ahead++;
      if (ahead < end && sentenceClass(text.charCodeAt(ahead)) === LOWER) {
        at = ahead;
        continue;
      }
    }
    return after; // SB11
  }
  return end;
}

/** The index of the first terminator or line break in `text[from, end)`, or `end`. */
function nextSentenceEndChar(text: string, from: number, end: number): number {
  SENTENCE_END_CHAR.lastIndex = from;
  const found = SENTENCE_END_CHAR.exec(text);
  return found === null || found.index > end ? end : found.index;
}

/** Classes SB8 looks past for a lower-case letter: all but letters, terminators and line breaks. */
const NOT_LETTERS = [OTHER, SP, NUMERIC, CLOSE, SCONTINUE].reduce((table, cls) => ((table[cls] = 1), table), new Uint8Array(12));

/** Whether a class is Upper or Lower (SB7). */
function isCased(cls: number): boolean {
  return cls === LOWER || cls === UPPER;
}

/** The end of the sentence closed by the line break at `at`: after it, and after an LF that follows a CR (SB3, SB4). */
function afterParaSep(text: string, at: number, end: number): number {
  return text.charCodeAt(at) === 0x0d && at + 1 < end && text.charCodeAt(at + 1) === 0x0a ? at + 2 : at + 1;
}

/** The first sentence of `text` (`''` for empty text), looking at its first window only. */
export function firstSentence(text: string): string {
  const window = text.length <= SEGMENT_WINDOW ? text : text.slice(0, SEGMENT_WINDOW);
  // Most query leads are plain prose: its first sentence without building a segment iterator.
  if (nextUnknown(window, 0) === window.length) return window.slice(0, sentenceEnd(window, 0, window.length));
  // The first segment of the one window `segmentText` would read, without segmenting the rest.
  for (const part of SENTENCES.segment(window)) return part.segment;
  return '';
}

/**
 * The words of `run`, a run of one unspaced script (see `wordRuns` in `./words.ts`), by ICU's
 * dictionary ("上传文件" → `上传`, `文件`): word-like segments only. ICU data differs between
 * Node versions, so only retrieval uses this (see the policy in `./scripts.ts`).
 */
export function dictionaryWords(run: string): string[] {
  const words: string[] = [];
  forEachSegment(DICTIONARY_WORDS, run, (segment, _index, isWordLike) => {
    if (isWordLike) words.push(segment);
  });
  return words;
}
