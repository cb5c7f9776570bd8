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
  let start = 0;
  while (start < text.length) {
    const end = Math.min(text.length, start + SEGMENT_WINDOW);
    const window: TextSegment[] = [];
    for (const part of segmenter.segment(text.slice(start, end))) {
      window.push({ segment: part.segment, index: start + part.index, ...(part.isWordLike === undefined ? {} : { isWordLike: part.isWordLike }) });
    }
    if (end === text.length) {
      out.push(...window);
      break;
    }
    const last = window.at(-1)!;
    if (window.length > 1) {
      out.push(...window.slice(0, -1));
      start = last.index;
      continue;
    }
    const cut = forcedCut(text, start, end);
    out.push({ segment: text.slice(start, cut), index: start });
    start = cut;
  }
  return out;
}

/** Where to end a segment that fills the window `[start, end)`: after its last whitespace in the second half, else at `end`. */
function forcedCut(text: string, start: number, end: number): number {
  for (let at = end - 1; at > start + (end - start) / 2; at--) {
    if (/\s/.test(text[at]!)) return at + 1;
  }
  const code = text.charCodeAt(end);
  return code >= 0xdc00 && code <= 0xdfff ? end - 1 : end;
}
