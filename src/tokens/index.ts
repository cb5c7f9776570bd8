/**
 * Token counting: the one module the rest of chunkgate imports for tokens (the layering lint,
 * eslint.config.js, fails an import of any other file of src/tokens/ from outside it).
 *
 * - {@link createMeasure}: a memoising size measure (characters or tokens) for one document;
 * - {@link countTokens}: the reference count of a text, the library's own encoder;
 * - {@link piecesTokens}: the same count by pre-tokens, each distinct one counted once per process;
 * - {@link sliceTokensOf} / {@link joinedTokens}: counts of slices of one source from one pass over it;
 * - {@link tokenOffsets}: where each token of a text ends (cutting a text at token boundaries);
 * - {@link warmTokenizer}: load an encoding ahead of its first count;
 * - {@link clearPieceMemo}: forget the per-process piece counts (benchmarks).
 *
 * The o200k / cl100k encodings come from the pinned gpt-tokenizer; counts are exactly its
 * `countTokens` of the text, with runs over 1000 characters counted in pieces (runCap.ts).
 */
export { countTokens, createMeasure } from './measure.js';
export { clearPieceMemo, piecesTokens } from './pieces.js';
export { joinedTokens, sliceTokensOf, type TokenCounting } from './sliceTokens.js';
export { tokenOffsets } from './tokenOffsets.js';
export { warmTokenizer } from './encodings.js';
