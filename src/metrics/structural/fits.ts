import { sliceTokensOf, type TokenCounting } from '../../tokens/index.js';
import type { Measure, ParsedDoc, Span } from '../../types.js';

/**
 * Runs of letters, numbers and marks (apostrophe-joined). The o200k/cl100k
 * pre-tokenizers never put letters of two such runs into one piece, and every piece
 * is at least one token, so the number of runs is a lower bound on the token count.
 */
const WORD_RUNS = /[\p{L}\p{N}\p{M}_]+(?:['’][\p{L}\p{N}\p{M}_]+)*/gu;

/** Characters of a long text measured first: well over `max` tokens of code or prose. */
const PREFIX_CHARS_PER_UNIT = 4;
/** Slack for the last pre-token of a prefix, which may tokenize differently from the whole text. */
const PREFIX_SLACK = 16;

/**
 * Whether `text` measures at most `max` in the unit, without tokenizing long texts
 * whole: in chars it is the length. In tokens, ASCII text of at most `max`
 * characters fits (a byte-level BPE token is at least one byte); text with more
 * than `max` word runs does not (each run is at least one token); text longer than
 * `4 × max` chars whose first `4 × max` chars measure more than `max + 16` does not
 * (a prefix can only differ from the whole in its last, cut pre-token). Anything
 * else is measured whole.
 */
export function fitsIn(text: string, max: number, measure: Measure): boolean {
  if (measure.unit === 'chars') return text.length <= max;
  if (text.length <= max && isAscii(text)) return true;
  if (hasMoreRunsThan(text, max)) return false;
  const prefixLength = PREFIX_CHARS_PER_UNIT * max;
  if (text.length > prefixLength && measure.size(text.slice(0, prefixLength)) > max + PREFIX_SLACK) return false;
  return measure.size(text) <= max;
}

function isAscii(text: string): boolean {
  for (let at = 0; at < text.length; at += 1) if (text.charCodeAt(at) > 0x7f) return false;
  return true;
}

/** Counts word runs only until `limit` is passed. */
function hasMoreRunsThan(text: string, limit: number): boolean {
  const runs = new RegExp(WORD_RUNS.source, 'gu');
  let count = 0;
  while (runs.exec(text) !== null) {
    count += 1;
    if (count > limit) return true;
  }
  return false;
}

/**
 * Whether `doc.source[span.start, span.end)` measures at most `max` in the unit: in tokens,
 * counted exactly from the document's one tokenization when the measure is a tokenizer's
 * ({@link sliceTokensOf}), else as {@link fitsIn}.
 */
export function spanFits(doc: ParsedDoc, span: Span, max: number, measure: Measure & Partial<TokenCounting>): boolean {
  if (measure.unit === 'tokens' && measure.tokens && measure.tokenizer) {
    return sliceTokensOf({ tokens: measure.tokens, tokenizer: measure.tokenizer }, doc.source)(span.start, span.end) <= max;
  }
  return fitsIn(doc.source.slice(span.start, span.end), max, measure);
}
