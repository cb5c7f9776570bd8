import type { DocEval } from '../../types.js';

/** Tokens per source character of a side, from its own chunks (nothing is re-tokenized here); 1/4 when it has no text. */
export function tokensPerChar(doc: DocEval): number {
  let tokens = 0;
  let chars = 0;
  for (const chunk of doc.chunks) {
    tokens += chunk.tokens;
    chars += chunk.chars;
  }
  return chars > 0 ? tokens / chars : 0.25;
}
