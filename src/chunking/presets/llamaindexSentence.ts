import type { ChunkDraft, ChunkingOptions, ParsedDoc } from '../../types.js';
import type { ChunkMeasure } from '../piece.js';
import { documentContent } from './body.js';
import { draftsOfLocated, locateTexts } from './located.js';
import { naturalSentences } from './naturalSentences.js';

/** LlamaIndex.TS `SentenceSplitter` parameters (@llamaindex/core 0.6.23), under their library names. */
export interface SentenceSplitOptions {
  /** Largest chunk in tokens (library default: `1024`). */
  chunkSize: number;
  /** Tokens of trailing splits repeated at the start of the next chunk (library default: `200`). */
  chunkOverlap: number;
  /** Splits words (library default: `" "`). */
  separator: string;
  /** Splits paragraphs first (library default: `"\n\n\n"`, three newlines). */
  paragraphSeparator: string;
  /** Splits a sentence that is still too long, CJK-aware (library default: `"[^,.;。？！]+[,.;。？！]?"`). */
  secondaryChunkingRegex: string;
  /** Token count of a text (the library's tokenizer: gpt-tokenizer's `encode(text).length`). */
  tokens: (text: string) => number;
}

/** The library defaults other than sizes and the tokenizer. */
export const SENTENCE_SPLITTER_DEFAULTS = {
  separator: ' ',
  paragraphSeparator: '\n\n\n',
  secondaryChunkingRegex: '[^,.;。？！]+[,.;。？！]?',
} as const;

type Split = [text: string, isSentence: boolean, size: number];

const splitKeepingSeparator = (text: string, separator: string): string[] =>
  text
    .split(separator)
    .map((part, index) => (index > 0 ? separator + part : part))
    .filter((part) => part !== '');

/**
 * `SentenceSplitter.splitText`: a text above `chunkSize` tokens is cut by the first of
 * paragraph separator, sentences (see {@link naturalSentences}) that gives more than one piece
 * (pieces are "sentences"), else by the secondary regex, words, characters; pieces still above
 * `chunkSize` recurse. Pieces are packed up to `chunkSize` (a sentence may start a chunk past
 * the limit only when the chunk is empty), each closed chunk seeding the next with its trailing
 * pieces up to `chunkOverlap` tokens; chunks are trimmed and empty ones dropped. The library
 * throws when one character exceeds `chunkSize`; here that character is a chunk of its own.
 */
export function splitSentences(text: string, options: SentenceSplitOptions): string[] {
  if (text === '') return [];
  const { chunkSize, chunkOverlap, tokens } = options;
  const secondary = new RegExp(options.secondaryChunkingRegex, 'g');
  const splitFns: Array<(text: string) => string[]> = [
    (value) => splitKeepingSeparator(value, options.paragraphSeparator),
    (value) => naturalSentences(value),
  ];
  const subSentenceFns: Array<(text: string) => string[]> = [
    (value) => value.match(secondary) ?? [],
    (value) => splitKeepingSeparator(value, options.separator),
    (value) => value.split(''),
  ];
  const splitsOf = (value: string): [string[], boolean] => {
    for (const fn of splitFns) {
      const splits = fn(value);
      if (splits.length > 1) return [splits, true];
    }
    for (const fn of subSentenceFns) {
      const splits = fn(value);
      if (splits.length > 1) return [splits, false];
    }
    return [[value], true];
  };
  const out: Split[] = [];
  const split = (value: string, size: number): void => {
    if (size <= chunkSize) {
      out.push([value, true, size]);
      return;
    }
    const [pieces, isSentence] = splitsOf(value);
    for (const piece of pieces) {
      const pieceSize = tokens(piece);
      if (pieceSize <= chunkSize || pieces.length === 1) out.push([piece, isSentence, pieceSize]);
      else split(piece, pieceSize);
    }
  };
  split(text, tokens(text));
  return merge(out, chunkSize, chunkOverlap);
}

function merge(splits: readonly Split[], chunkSize: number, chunkOverlap: number): string[] {
  const chunks: string[] = [];
  let current: Array<[string, number]> = [];
  let currentLength = 0;
  let newChunk = true;
  const close = (): void => {
    chunks.push(current.map(([text]) => text).join(''));
    const last = current;
    current = [];
    currentLength = 0;
    newChunk = true;
    for (let index = last.length - 1; index >= 0 && currentLength + last[index]![1] <= chunkOverlap; index--) {
      currentLength += last[index]![1];
      current.unshift(last[index]!);
    }
  };
  let index = 0;
  while (index < splits.length) {
    const [text, isSentence, size] = splits[index]!;
    if (currentLength + size > chunkSize && !newChunk) {
      close();
    } else if (isSentence || currentLength + size <= chunkSize || newChunk) {
      currentLength += size;
      current.push([text, size]);
      newChunk = false;
      index++;
    } else {
      close();
    }
  }
  if (!newChunk) chunks.push(current.map(([text]) => text).join(''));
  return chunks.map((chunk) => chunk.trim()).filter((chunk) => chunk !== '');
}

/**
 * `llamaindex-sentence`: LlamaIndex.TS `SentenceSplitter` (@llamaindex/core 0.6.23) on the
 * file trimmed (see `presetInputStart` for front matter; a `Document`'s content, see `documentContent`), `chunkSize` = `max` and `chunkOverlap` = `overlap` in tokens of `tokenizer`
 * (always tokens, as in the library). Chunks are located in the source in order.
 */
export function chunkLlamaindexSentence(doc: ParsedDoc, options: ChunkingOptions, measure: ChunkMeasure): ChunkDraft[] {
  const { start, end } = documentContent(doc, options);
  const texts = splitSentences(doc.source.slice(start, end), {
    chunkSize: options.max,
    chunkOverlap: options.overlap,
    separator: options.separator ?? SENTENCE_SPLITTER_DEFAULTS.separator,
    paragraphSeparator: options.paragraphSeparator ?? SENTENCE_SPLITTER_DEFAULTS.paragraphSeparator,
    secondaryChunkingRegex: options.secondaryChunkingRegex ?? SENTENCE_SPLITTER_DEFAULTS.secondaryChunkingRegex,
    tokens: measure.tokens,
  });
  return draftsOfLocated(doc, locateTexts(doc.source, texts, start));
}
