import type { ChunkDraft, ChunkingOptions, ParsedDoc } from '../../types.js';
import type { ChunkMeasure } from '../piece.js';
import { presetInputStart } from './body.js';
import { draftsOfLocated } from './located.js';
import { LANGCHAIN_MARKDOWN_SEPARATORS, LANGCHAIN_SEPARATORS, splitRecursive, type RecursiveSplitOptions } from './langchainSplit.js';

/**
 * The recursive-splitter options a config asks for: `chunkSize` = `max`, `chunkOverlap` =
 * `overlap`, lengths in characters (`unit: chars`) or tokens of `tokenizer` (`unit: tokens`,
 * like LangChain's `fromTiktokenEncoder`), `separators` (default: LangChain's, or `fallback`),
 * `keepSeparator` (default: `true`).
 */
export function recursiveOptionsOf(
  options: ChunkingOptions,
  measure: ChunkMeasure,
  fallback: readonly string[] = LANGCHAIN_SEPARATORS,
): RecursiveSplitOptions {
  return {
    chunkSize: options.max,
    chunkOverlap: options.overlap,
    separators: options.separators ?? fallback,
    keepSeparator: options.keepSeparator ?? true,
    length: measure.unit === 'tokens' ? measure.tokens : (text) => text.length,
  };
}

/**
 * `langchain-recursive`: LangChain's `RecursiveCharacterTextSplitter` (@langchain/textsplitters
 * 1.0.2) on the file (see `presetInputStart` for front matter), chunk for chunk. Heading path from offsets.
 */
export function chunkLangchainRecursive(doc: ParsedDoc, options: ChunkingOptions, measure: ChunkMeasure): ChunkDraft[] {
  return draftsOfLocated(doc, splitRecursive(doc.source, recursiveOptionsOf(options, measure), presetInputStart(doc, options)));
}

/**
 * `langchain-markdown`: LangChain.js `MarkdownTextSplitter` (@langchain/textsplitters 1.0.2):
 * the recursive splitter with the Markdown separators (`## ` to `###### ` headings, fences,
 * horizontal rules, blank lines, lines, spaces, characters); `separators` is ignored, as in the library.
 */
export function chunkLangchainMarkdown(doc: ParsedDoc, options: ChunkingOptions, measure: ChunkMeasure): ChunkDraft[] {
  const split = { ...recursiveOptionsOf(options, measure), separators: LANGCHAIN_MARKDOWN_SEPARATORS };
  return draftsOfLocated(doc, splitRecursive(doc.source, split, presetInputStart(doc, options)));
}
