import { headingPathAt } from '../chunking/headingPath.js';
import { parseMarkdown } from '../markdown/parse.js';
import { searchTerms } from '../retrieval/terms.js';
import type { BlockKind, ParsedDoc, Span } from '../types.js';

/** A passage of a page: a paragraph, one list item, a table or a code block, as a reader quotes it. */
export interface Passage extends Span {
  /** `source.slice(start, end)`. */
  text: string;
  /** 1-based lines of its first and last character. */
  line: number;
  endLine: number;
  /** The headings above it, outermost first. */
  headingPath: string[];
  kind: BlockKind;
}

/** A passage with fewer search terms than this says too little to be looked for (a label, "Example:"). */
const MIN_PASSAGE_TERMS = 4;

/** Block kinds whose text a reader looks for; HTML, JSX, ESM and the like are markup, not passages. */
const TEXT_KINDS: ReadonlySet<BlockKind> = new Set(['paragraph', 'list', 'table', 'code', 'blockquote']);

/**
 * The passages of a page, in source order: each paragraph, block quote, table and code block, and
 * each item of a list, with at least {@link MIN_PASSAGE_TERMS} search terms. Pure.
 */
export function passagesOf(path: string, source: string): Passage[] {
  return passagesOfDoc(parseMarkdown(path, source).doc);
}

/** {@link passagesOf} of a parsed page. */
function passagesOfDoc(doc: ParsedDoc): Passage[] {
  const pathAt = headingPathAt(doc);
  const lineOf = lineFinder(doc.lineStarts);
  const passages: Passage[] = [];
  for (const block of doc.blocks) {
    if (!TEXT_KINDS.has(block.kind)) continue;
    const spans: Span[] = block.kind === 'list' && block.items && block.items.length > 0 ? block.items : [block];
    for (const span of spans) {
      const text = doc.source.slice(span.start, span.end).trimEnd();
      if (searchTerms(text).length < MIN_PASSAGE_TERMS) continue;
      const end = span.start + text.length;
      passages.push({ start: span.start, end, text, line: lineOf(span.start), endLine: lineOf(Math.max(span.start, end - 1)), headingPath: pathAt(span.start), kind: block.kind });
    }
  }
  return passages;
}

/** The 1-based line of an offset, from a page's line starts. */
export function lineFinder(lineStarts: readonly number[]): (offset: number) => number {
  return (offset) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
}
