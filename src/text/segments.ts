/**
 * `Intl.Segmenter` in bounded windows (issue 10 item 6).
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
 * own. A line of {@link ONE_SENTENCE} (no terminator) is one sentence without the segmenter;
 * each stretch of other lines goes to the segmenter in one piece.
 */
export function sentenceSegments(text: string): TextSegment[] {
  if (text.length > SEGMENT_WINDOW) return segmentText(SENTENCES, text);
  const out: TextSegment[] = [];
  // Start of the stretch of lines not yet segmented: lines that need the segmenter gather here.
  let pending = 0;
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline + 1;
    const line = text.slice(start, end);
    if (ONE_SENTENCE.test(line)) {
      if (pending < start) for (const part of SENTENCES.segment(text.slice(pending, start))) out.push({ segment: part.segment, index: pending + part.index });
      if (line !== '') out.push({ segment: line, index: start });
      pending = end;
    }
    start = end;
  }
  if (pending < text.length) for (const part of SENTENCES.segment(text.slice(pending))) out.push({ segment: part.segment, index: pending + part.index });
  return out;
}

/**
 * Printable ASCII and tabs with no sentence terminator (`.`, `!`, `?`), then at most one line
 * break at the very end: UAX #29 breaks such text nowhere but after that line break (SB4; no
 * ATerm or STerm for SB9–SB11 to break after, SB998 joins the rest), so it is one sentence.
 */
const ONE_SENTENCE = /^[\t\x20\x22-\x2d\x2f-\x3e\x40-\x7e]*\n?$/;

/** The first sentence of `text` (`''` for empty text), looking at its first window only. */
export function firstSentence(text: string): string {
  // Most query leads are one short clause: the whole text, without building a segment iterator.
  if (text.length <= SEGMENT_WINDOW && ONE_SENTENCE.test(text)) return text;
  // The first segment of the one window `segmentText` would read, without segmenting the rest.
  for (const part of SENTENCES.segment(text.slice(0, SEGMENT_WINDOW))) return part.segment;
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
