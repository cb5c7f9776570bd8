import type { LocatedChunk } from './located.js';
import { trimmedSpan } from './located.js';

/**
 * LangChain.js `RecursiveCharacterTextSplitter` (@langchain/textsplitters 1.0.2, the same
 * algorithm as langchain-text-splitters 0.3 for Python), parameters under their library names.
 */
export interface RecursiveSplitOptions {
  /** Largest chunk, in `length` units (LangChain default: `1000`). */
  chunkSize: number;
  /** Overlap between consecutive merged chunks (LangChain default: `200`). */
  chunkOverlap: number;
  /** Tried in order: the first one present in a text splits it (default: `["\n\n", "\n", " ", ""]`). */
  separators: readonly string[];
  /** Keep each separator at the start of the piece after it (default: `true`). */
  keepSeparator: boolean;
  /** The length function: characters (`text.length`) or tokens (like `fromTiktokenEncoder`). */
  length: (text: string) => number;
}

/** LangChain's default separators for `RecursiveCharacterTextSplitter`. */
export const LANGCHAIN_SEPARATORS: readonly string[] = ['\n\n', '\n', ' ', ''];

/** `getSeparatorsForLanguage("markdown")`: what `MarkdownTextSplitter` splits on (LangChain.js). */
export const LANGCHAIN_MARKDOWN_SEPARATORS: readonly string[] = [
  '\n## ', '\n### ', '\n#### ', '\n##### ', '\n###### ',
  '```\n\n', '\n\n***\n\n', '\n\n---\n\n', '\n\n___\n\n',
  '\n\n', '\n', ' ', '',
];

interface Piece {
  start: number;
  end: number;
}

/**
 * Splits `text[from, to)` exactly like `RecursiveCharacterTextSplitter.splitText`: the first
 * separator present cuts the text (kept at the head of the next piece when `keepSeparator`),
 * pieces below `chunkSize` are merged greedily with `chunkOverlap`, pieces at or above it
 * recurse with the remaining separators. Each chunk is the library's trimmed text with its
 * offsets in `text` (with `keepSeparator` the text is always the slice `[start, end)`).
 */
export function splitRecursive(text: string, options: RecursiveSplitOptions, from = 0, to = text.length): LocatedChunk[] {
  const { chunkSize, chunkOverlap, keepSeparator, length } = options;
  const sizeOf = (piece: Piece): number => length(text.slice(piece.start, piece.end));
  const chunks: LocatedChunk[] = [];

  const splitOn = (start: number, end: number, separator: string): Piece[] => {
    const slice = text.slice(start, end);
    const pieces: Piece[] = [];
    let at = start;
    if (separator === '') {
      for (let index = start; index < end; index++) pieces.push({ start: index, end: index + 1 });
      return pieces;
    }
    const parts = keepSeparator ? slice.split(new RegExp(`(?=${escapeRegExp(separator)})`)) : slice.split(separator);
    for (const part of parts) {
      if (part !== '') pieces.push({ start: at, end: at + part.length });
      at += part.length + (keepSeparator ? 0 : separator.length);
    }
    return pieces;
  };

  const join = (docs: readonly Piece[], separator: string): void => {
    if (docs.length === 0) return;
    const joined = docs.map((doc) => text.slice(doc.start, doc.end)).join(separator);
    const trimmed = joined.trim();
    if (trimmed === '') return;
    const first = docs[0]!.start;
    const last = docs[docs.length - 1]!.end;
    // Without keepSeparator the join may differ from the source (runs of separators collapse).
    const span = joined === text.slice(first, last) ? trimmedSpan(joined, first) : trimmedSpan(text.slice(first, last), first);
    chunks.push({ text: trimmed, start: span.start, end: span.end, located: true });
  };

  const merge = (splits: readonly Piece[], separator: string): void => {
    const current: Piece[] = [];
    const lengths: number[] = [];
    let total = 0;
    for (const split of splits) {
      const size = sizeOf(split);
      if (total + size + current.length * separator.length > chunkSize && current.length > 0) {
        join(current, separator);
        while (total > chunkOverlap || (total + size + current.length * separator.length > chunkSize && total > 0)) {
          total -= lengths.shift()!;
          current.shift();
        }
      }
      current.push(split);
      lengths.push(size);
      total += size;
    }
    join(current, separator);
  };

  const recurse = (start: number, end: number, separators: readonly string[]): void => {
    const slice = text.slice(start, end);
    let separator = separators[separators.length - 1] ?? '';
    let rest: readonly string[] | undefined;
    for (let index = 0; index < separators.length; index++) {
      const candidate = separators[index]!;
      if (candidate === '') {
        separator = candidate;
        break;
      }
      if (slice.includes(candidate)) {
        separator = candidate;
        rest = separators.slice(index + 1);
        break;
      }
    }
    const joiner = keepSeparator ? '' : separator;
    let good: Piece[] = [];
    for (const piece of splitOn(start, end, separator)) {
      if (sizeOf(piece) < chunkSize) {
        good.push(piece);
        continue;
      }
      if (good.length > 0) {
        merge(good, joiner);
        good = [];
      }
      if (rest) recurse(piece.start, piece.end, rest);
      else chunks.push({ text: text.slice(piece.start, piece.end), start: piece.start, end: piece.end, located: true });
    }
    if (good.length > 0) merge(good, joiner);
  };

  recurse(from, to, options.separators);
  return chunks;
}

function escapeRegExp(value: string): string {
  return value.replace(/[/\-\\^$*+?.()|[\]{}]/g, '\\$&');
}
