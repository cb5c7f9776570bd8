import type { Measure, SizeUnit, TokenizerName } from '../types.js';
import { encodingOf } from './encodings.js';
import { countRunCapped } from './runCap.js';

// Docs may quote special tokens such as `<|endoftext|>`; they are text to us, and the
// tokenizer would throw on them by default.
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * Counts tokens of `text` with the named tokenizer (special-token strings count as plain text).
 * Runs longer than 1000 characters are counted in pieces (`countRunCapped`): exact for
 * ordinary text, linear time on hostile text.
 */
export function countTokens(text: string, tokenizer: TokenizerName): number {
  if (text === '') return 0;
  const encoding = encodingOf(tokenizer);
  return countRunCapped(text, (piece) => encoding.countTokens(piece, AS_TEXT));
}

/**
 * Creates a memoising {@link Measure}: each distinct text is tokenized at most once
 * for the measure's lifetime (create one per document). `tokenizer` names the encoding, so
 * slices of a document can be counted from its one tokenization (`sliceTokensOf`).
 */
export function createMeasure(unit: SizeUnit, tokenizer: TokenizerName): Measure & { tokens(text: string): number; tokenizer: TokenizerName } {
  const cache = new Map<string, number>();
  const tokens = (text: string): number => {
    let count = cache.get(text);
    if (count === undefined) {
      count = countTokens(text, tokenizer);
      cache.set(text, count);
    }
    return count;
  };
  return {
    unit,
    size: unit === 'chars' ? (text: string) => text.length : tokens,
    tokens,
    tokenizer,
  };
}
