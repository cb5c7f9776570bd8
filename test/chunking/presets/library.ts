/**
 * The real libraries the presets reproduce, behind one call per preset: `libraryChunks(options,
 * body)` gives the chunk texts the library makes of `body`. Test-only (devDependencies).
 */
import { MarkdownTextSplitter, RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import { MarkdownNodeParser, SentenceSplitter } from '@llamaindex/core/node-parser';
import { Document } from '@llamaindex/core/schema';
import { countTokens as countCl100k, encode as encodeCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as countO200k, encode as encodeO200k } from 'gpt-tokenizer/encoding/o200k_base';
import type { ChunkingOptions } from '../../../src/types.js';

// Docs may quote special tokens; chunkgate counts them as text, so the libraries get the same tokenizer.
const AS_TEXT = { disallowedSpecial: new Set<string>() };
const ENCODERS = { o200k_base: encodeO200k, cl100k_base: encodeCl100k };
const QUIET = { log: () => undefined, warn: () => undefined, error: () => undefined };
const COUNTERS = { o200k_base: countO200k, cl100k_base: countCl100k };

/** What LangChain's `lengthFunction` is for a config: characters, or tokens like `fromTiktokenEncoder`. */
function lengthFunction(options: ChunkingOptions): (text: string) => number {
  const count = COUNTERS[options.tokenizer];
  return options.unit === 'tokens' ? (text) => count(text, AS_TEXT) : (text) => text.length;
}

/** The chunk texts the library behind `options.strategy` makes of `body`. */
export async function libraryChunks(options: ChunkingOptions, body: string): Promise<string[]> {
  const lang = { chunkSize: options.max, chunkOverlap: options.overlap, keepSeparator: options.keepSeparator ?? true, lengthFunction: lengthFunction(options) };
  switch (options.strategy) {
    case 'langchain-recursive':
      return new RecursiveCharacterTextSplitter({ ...lang, ...(options.separators ? { separators: options.separators } : {}) }).splitText(body);
    case 'langchain-markdown':
      return new MarkdownTextSplitter(lang).splitText(body);
    case 'llamaindex-markdown': {
      const nodes = new MarkdownNodeParser().getNodesFromDocuments([new Document({ text: body })]) as Array<{ text: string }>;
      return nodes.map((node) => node.text);
    }
    case 'llamaindex-sentence': {
      const encode = ENCODERS[options.tokenizer];
      const tokenizer = { encode: (text: string) => new Uint32Array(encode(text, AS_TEXT)), decode: () => '' };
      const splitter = new SentenceSplitter({
        chunkSize: options.max,
        chunkOverlap: options.overlap,
        ...(options.paragraphSeparator ? { paragraphSeparator: options.paragraphSeparator } : {}),
        tokenizer,
        logger: QUIET,
      });
      const nodes = splitter.getNodesFromDocuments([new Document({ text: body })]) as Array<{ text: string }>;
      return nodes.map((node) => node.text);
    }
    default:
      throw new Error(`no library for ${options.strategy}`);
  }
}
