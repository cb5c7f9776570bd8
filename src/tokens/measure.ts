import type { Measure, SizeUnit, TokenizerName } from '../types.js';
import { libraryTokens } from './encodings.js';
import { piecesTokens } from './pieces.js';
import { countRunCapped } from './runCap.js';

/**
 * Counts tokens of `text` with the named tokenizer (special-token strings count as plain text).
 * Runs longer than 1000 characters are counted in pieces (`countRunCapped`): exact for
 * ordinary text, linear time on hostile text.
 */
export function countTokens(text: string, tokenizer: TokenizerName): number {
  if (text === '') return 0;
  return countRunCapped(text, (piece) => libraryTokens(piece, tokenizer));
}

/**
 * Creates a memoising {@link Measure}: each distinct text is counted at most once for the
 * measure's lifetime (create one per document), piece by piece (`piecesTokens`: the count of
 * {@link countTokens}, with each distinct pre-token counted once per process). `tokenizer` names the encoding, so
 * slices of a document can be counted from its one tokenization (`sliceTokensOf`).
 */
export function createMeasure(unit: SizeUnit, tokenizer: TokenizerName): Measure & { tokens(text: string): number; tokenizer: TokenizerName } {
  const cache = new Map<string, number>();
  const tokens = (text: string): number => {
    let count = cache.get(text);
    if (count === undefined) {
      count = piecesTokens(text, tokenizer);
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
