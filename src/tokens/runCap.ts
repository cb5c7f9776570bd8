/**
 * Bounding the tokenizer's work on hostile text (docs/rules.md#files-chunkgate-cannot-check).
 *
 * The o200k / cl100k pre-tokenizers turn a run of letters (or of punctuation, or of
 * whitespace, or of CJK characters) into one piece, and byte-pair encoding a piece costs
 * time quadratic in its length: 160 KB of letters without a space took 24 s. So before
 * tokenizing, every run longer than {@link RUN_CAP} is measured in pieces.
 *
 * The rule: a *run* is a maximal sequence of whitespace characters or of non-whitespace
 * characters. A run longer than `RUN_CAP` UTF-16 code units is cut every `RUN_CAP` units
 * from its start (never between the two halves of a surrogate pair), and the text is
 * tokenized segment by segment: the text between long runs is one segment, each piece of a
 * long run another. The count is then the sum over segments.
 *
 * The approximation: a cut can change how the few characters around it are encoded (a
 * byte pair that spanned the cut is counted as two tokens, a leading space that joined the
 * run's first letters becomes its own token), so a capped count is typically within one token
 * per cut of the exact count; text without runs longer than `RUN_CAP` (every ordinary
 * sentence, word, URL or CJK clause) is counted exactly. Tokenizing one capped piece costs at
 * most a few milliseconds, so the work is linear in the length of the text.
 */

/** Longest run (UTF-16 code units) tokenized as one piece. */
export const RUN_CAP = 1000;

/**
 * The segments `text` is tokenized in, as `[start, end)` offsets covering it in order, or
 * `null` when no run is longer than {@link RUN_CAP} (tokenize the text whole). One pass.
 */
export function runCappedSegments(text: string): Array<[number, number]> | null {
  if (text.length <= RUN_CAP || !mayHaveLongRun(text)) return null;
  let segments: Array<[number, number]> | null = null;
  let done = 0; // text before `done` is already in `segments`
  let runStart = 0;
  let runSpace = isSpace(text.charCodeAt(0));
  for (let at = 1; at <= text.length; at++) {
    if (at < text.length && isSpace(text.charCodeAt(at)) === runSpace) continue;
    if (at - runStart > RUN_CAP) {
      segments ??= [];
      if (runStart > done) segments.push([done, runStart]);
      for (let start = runStart; start < at; ) {
        let cut = Math.min(at, start + RUN_CAP);
        if (cut < at && isLowSurrogate(text.charCodeAt(cut))) cut -= 1;
        segments.push([start, cut]);
        start = cut;
      }
      done = at;
    }
    runStart = at;
    if (at < text.length) runSpace = !runSpace;
  }
  if (segments !== null && done < text.length) segments.push([done, text.length]);
  return segments;
}

/** Half of `RUN_CAP`: a run longer than `RUN_CAP` holds a whole window of this size starting at a multiple of it. */
const WINDOW = RUN_CAP / 2;

/**
 * False when `text` certainly has no run longer than {@link RUN_CAP}: every whole window
 * `[k·WINDOW, (k+1)·WINDOW)` holds both whitespace and non-whitespace, which takes a look at a
 * few characters per window instead of every character. True when some window is all one class.
 */
function mayHaveLongRun(text: string): boolean {
  for (let start = 0; start + WINDOW <= text.length; start += WINDOW) {
    const space = isSpace(text.charCodeAt(start));
    let at = start + 1;
    while (at < start + WINDOW && isSpace(text.charCodeAt(at)) === space) at++;
    if (at === start + WINDOW) return true;
  }
  return false;
}

/** `count(text)` with every run longer than {@link RUN_CAP} counted in pieces (see the module comment). */
export function countRunCapped(text: string, count: (text: string) => number): number {
  const segments = runCappedSegments(text);
  if (segments === null) return count(text);
  let total = 0;
  for (const [start, end] of segments) total += count(text.slice(start, end));
  return total;
}

/** JavaScript's `\s` (what the tokenizers' patterns use), without a regex per character for ASCII. */
function isSpace(code: number): boolean {
  if (code < 0x80) return code === 32 || (code >= 9 && code <= 13);
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
