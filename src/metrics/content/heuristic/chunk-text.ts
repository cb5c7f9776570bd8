import type { Chunk } from '../../../types.js';
import { blankRuleComments } from '../../../markdown/rule-comments.js';
import { chunkTokens } from '../../chunk-tokens.js';
import type { Tokens } from '../../../text/words.js';
import { contentTerms, sentenceUnits } from '../text.js';

/** A chunk's text segmented once: its tokens and its sentence-like units as token ranges. */
export interface ChunkText {
  tokens: Tokens;
  /** `[from, to)` token index ranges of the units ({@link sentenceUnits}), units without tokens left out. */
  units: Array<[number, number]>;
}

const cache = new WeakMap<Chunk, ChunkText>();

/**
 * Tokenizes and unit-splits a chunk's text, once per chunk object: every metric that
 * needs words shares the result (memoised in a `WeakMap`, so it lives as long as the chunk).
 */
export function chunkText(chunk: Chunk): ChunkText {
  let result = cache.get(chunk);
  if (!result) {
    const tokens = chunkTokens(chunk);
    const units: Array<[number, number]> = [];
    let index = 0;
    // A rule comment (`<!-- chunkgate-disable … -->`) is no sentence: it belongs to no unit.
    for (const [start, end] of sentenceUnits(blankRuleComments(chunk.text))) {
      while (index < tokens.starts.length && tokens.starts[index]! < start) index += 1;
      const from = index;
      while (index < tokens.starts.length && tokens.starts[index]! < end) index += 1;
      if (index > from) units.push([from, index]);
    }
    result = { tokens, units };
    cache.set(chunk, result);
  }
  return result;
}

/** The content-term set of each unit of a chunk ({@link contentTerms}). */
export function unitTerms(text: ChunkText): Array<Set<string>> {
  return text.units.map(([from, to]) => new Set(contentTerms(text.tokens, from, to)));
}
