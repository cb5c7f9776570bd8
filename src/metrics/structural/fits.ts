import type { Measure } from '../../types.js';

/** Characters of a long text measured first: far more than `max` tokens of ordinary prose. */
const PREFIX_CHARS_PER_UNIT = 8;
/** Slack for the last word of a prefix, whose tokens may differ from the whole text's. */
const PREFIX_SLACK = 16;

/**
 * Whether `text` measures at most `max` in the unit, without tokenizing long texts
 * whole: in chars it is the length; in tokens a text of at most `max` UTF-16 units
 * of ASCII fits (a byte-level BPE token is at least one byte), and a text longer
 * than `8 × max` chars whose first `8 × max` chars already measure more than
 * `max + 16` does not (a prefix's token count exceeds the whole's by at most the
 * re-tokenized last word). Anything else is measured whole.
 */
export function fitsIn(text: string, max: number, measure: Measure): boolean {
  if (measure.unit === 'chars') return text.length <= max;
  if (text.length <= max && isAscii(text)) return true;
  const prefixLength = PREFIX_CHARS_PER_UNIT * max;
  if (text.length > prefixLength && measure.size(text.slice(0, prefixLength)) > max + PREFIX_SLACK) return false;
  return measure.size(text) <= max;
}

function isAscii(text: string): boolean {
  for (let at = 0; at < text.length; at += 1) if (text.charCodeAt(at) > 0x7f) return false;
  return true;
}
