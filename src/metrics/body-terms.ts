import { searchTerms } from '../retrieval/terms.js';
import { isUnspaced } from '../text/scripts.js';
import type { Chunk } from '../types.js';
import { chunkTokens, lowerCaseKeepsLength } from './chunk-tokens.js';

/**
 * The search terms of a chunk's indexed body (`bodyOf`: its heading path, a line break, its
 * text), exactly `searchTerms(bodyOf(chunk))`, with the text's words taken from the chunk's one
 * word-splitting pass ({@link chunkTokens}, which the near-duplicate rule and the content
 * metrics read too) instead of a second regex pass over the text.
 *
 * Why it is the same: `searchTerms` matches runs (a spaced-script word, or a maximal run of
 * unspaced characters) in the lower-cased text, and `tokenize` matches tokens (a spaced-script
 * word, or one unspaced character with its marks) in the same lower-cased text: a spaced word
 * is the same match in both, and a run is a chain of adjacent unspaced tokens. The heading path
 * and the text are matched apart: the line break between them is in no run, and being neither
 * cased nor case-ignorable it leaves lower-casing (final sigma) the same on both sides. When
 * lower-casing changes the text's length ("İ"), `tokenize` matches the original text instead,
 * so such a text goes through `searchTerms`.
 */
export function bodySearchTerms(chunk: Pick<Chunk, 'headingPath' | 'text'>): string[] {
  const terms = searchTerms(chunk.headingPath.join(' '));
  if (!lowerCaseKeepsLength(chunk)) {
    for (const term of searchTerms(chunk.text)) terms.push(term);
    return terms;
  }
  const { words, starts, ends } = chunkTokens(chunk);
  for (let at = 0; at < words.length; ) {
    let run = words[at]!;
    // An ASCII first character is never unspaced: most words skip the script test.
    if (run.charCodeAt(0) < 0x80 || !isUnspaced(run)) {
      terms.push(run);
      at += 1;
      continue;
    }
    let end = ends[at]!;
    for (at += 1; at < words.length && starts[at] === end && isUnspaced(words[at]!); at += 1) {
      run += words[at]!;
      end = ends[at]!;
    }
    // The run alone is one run of `searchTerms`, which cuts it with the dictionary (memoised).
    for (const term of searchTerms(run)) terms.push(term);
  }
  return terms;
}
