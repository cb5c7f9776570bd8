import type { TokenizerName } from '../types.js';
import { encodingOf } from './encodings.js';
import { runCappedSegments } from './runCap.js';

/** Special-token text such as `<|endoftext|>` is plain text in a document. */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * Where each token of `text` ends: `ends[t]` is the UTF-16 offset just after token `t`
 * (so `ends.length` is the token count and `ends.at(-1) === text.length`; `[]` for `''`).
 * A token that ends inside a character (a multi-byte character spread over several
 * tokens) gets the offset of the end of that character, so every offset is a valid
 * place to slice `text`.
 */
export function tokenOffsets(text: string, tokenizer: TokenizerName): number[] {
  if (text === '') return [];
  // Runs over 1000 characters are encoded in pieces, as `countTokens` counts them (runCap.ts).
  const segments = runCappedSegments(text);
  if (segments === null) return segmentOffsets(text, tokenizer);
  return segments.flatMap(([start, end]) => segmentOffsets(text.slice(start, end), tokenizer).map((offset) => start + offset));
}

function segmentOffsets(text: string, tokenizer: TokenizerName): number[] {
  const codec = encodingOf(tokenizer);
  const tokens = codec.encode(text, AS_TEXT);
  const ends: number[] = [];
  let consumed = 0;
  // decodeGenerator pulls tokens lazily and yields only once a character is complete:
  // counting what it pulled tells which tokens each yielded piece closes.
  const counted = {
    *[Symbol.iterator]() {
      for (const token of tokens) {
        consumed++;
        yield token;
      }
    },
  };
  let offset = 0;
  for (const piece of codec.decodeGenerator(counted)) {
    offset = Math.min(text.length, offset + piece.length);
    while (ends.length < consumed) ends.push(offset);
  }
  while (ends.length < tokens.length) ends.push(text.length);
  if (ends.length > 0) ends[ends.length - 1] = text.length;
  return ends;
}
