import type { Chunk } from '../types.js';
import { tokenize, type Tokens } from '../text/words.js';

const cache = new WeakMap<Pick<Chunk, 'text'>, Tokens>();

/**
 * A chunk's words ({@link tokenize}: lower-cased runs, one per CJK character, with offsets),
 * split once per chunk object: the rules (near duplicates) and the content metrics share the
 * one word-splitting pass (memoised in a `WeakMap`, so it lives as long as the chunk).
 */
export function chunkTokens(chunk: Pick<Chunk, 'text'>): Tokens {
  let tokens = cache.get(chunk);
  if (!tokens) {
    tokens = tokenize(chunk.text);
    cache.set(chunk, tokens);
  }
  return tokens;
}
