import type { Chunk } from '../types.js';
import { tokenizeInto, type Tokens } from '../text/words.js';

const cache = new WeakMap<Pick<Chunk, 'text'>, Tokens>();
/** Chunks (split already) whose text changes length when lower-cased ("İ"): few, so a set of them. */
const lengthChanging = new WeakSet<Pick<Chunk, 'text'>>();

/**
 * A chunk's words ({@link tokenizeInto}: lower-cased runs, one per CJK character, with offsets),
 * split once per chunk object: the rules (near duplicates) and the content metrics share the
 * one word-splitting pass (memoised in a `WeakMap`, so it lives as long as the chunk).
 */
export function chunkTokens(chunk: Pick<Chunk, 'text'>): Tokens {
  let tokens = cache.get(chunk);
  if (!tokens) {
    tokens = { words: [], starts: [], ends: [] };
    if (!tokenizeInto(chunk.text, tokens)) lengthChanging.add(chunk);
    cache.set(chunk, tokens);
  }
  return tokens;
}

/**
 * Whether lower-casing the chunk's text keeps its length (`text.toLowerCase().length ===
 * text.length`), learnt by the {@link chunkTokens} pass instead of lower-casing the text again.
 */
export function lowerCaseKeepsLength(chunk: Pick<Chunk, 'text'>): boolean {
  chunkTokens(chunk);
  return !lengthChanging.has(chunk);
}
