import { lineAt } from '../markdown/lines.js';
import { searchTerms } from '../retrieval/terms.js';
import type { BlockKind, Chunk, Issue, ParsedDoc } from '../types.js';
import { excerpt, finding } from './rules/finding.js';
import { contentEnd, contentStart } from './structural/text.js';

/** Blocks that carry retrievable text. Headings are structure ("## Usage" on every plugin page is no template), and MDX imports, JSX, expressions and link definitions are markup a writer cannot drop. */
const TEXT_KINDS: ReadonlySet<BlockKind> = new Set(['paragraph', 'list', 'blockquote', 'table', 'code', 'html']);

/** Options of {@link repeatedBlocks}. */
export interface BoilerplateOptions {
  /** A block repeats when at least this many pages hold it (default: `3`). */
  minPages?: number;
  /** …and at least this share of the pages looked at (default: `0.1`), so a corpus of 300 pages needs 30. */
  minShare?: number;
  /** Blocks with fewer search terms are too short to matter, e.g. "Note:" (default: `5`). */
  minTerms?: number;
}

/** One occurrence, on one page, of a block whose text repeats across pages. */
export interface RepeatedBlock {
  path: string;
  /** Offsets of the block's text in the page's source (trimmed). */
  start: number;
  end: number;
  /** 1-based line of the block's start. */
  line: number;
  /** The block's text, whitespace folded. */
  text: string;
  /** Pages that hold the same text, this one included. */
  pages: number;
  /** Pages looked at. */
  of: number;
  /** The fewest pages that count as repeated ({@link BoilerplateOptions}). */
  threshold: number;
}

/**
 * Seed 001's boilerplate check across files: blocks of text (paragraphs, lists, quotes, tables, code,
 * HTML) whose whitespace-folded text is identical on at least `max(minPages, ⌈minShare × pages⌉)` of
 * the pages given — a generated footer, an "Edit this page" notice, a template paragraph on every
 * plugin page. Every copy adds the same words to a chunk of its page, so a query that matches those
 * words finds every copy at once, and the chunks' own subjects weigh less. Place does not matter:
 * template pages repeat blocks mid-page too. Pages are compared by path once (a path given twice
 * counts once). Result: every occurrence, by page path, then offset.
 */
export function repeatedBlocks(pages: readonly { path: string; doc: ParsedDoc }[], options: BoilerplateOptions = {}): RepeatedBlock[] {
  const minTerms = options.minTerms ?? 5;
  const unique = [...new Map(pages.map((page) => [page.path, page])).values()];
  const threshold = Math.max(options.minPages ?? 3, Math.ceil((options.minShare ?? 0.1) * unique.length));
  const occurrences = new Map<string, { path: string; doc: ParsedDoc; start: number; end: number }[]>();
  for (const { path, doc } of unique) {
    for (const block of doc.blocks) {
      if (!TEXT_KINDS.has(block.kind)) continue;
      const start = contentStart(doc.source, block.start, block.end);
      const end = contentEnd(doc.source, start, block.end);
      const text = doc.source.slice(start, end).replace(/\s+/g, ' ');
      if (searchTerms(text).length < minTerms) continue;
      const list = occurrences.get(text) ?? [];
      list.push({ path, doc, start, end });
      occurrences.set(text, list);
    }
  }
  const repeated: RepeatedBlock[] = [];
  for (const [text, list] of occurrences) {
    const count = new Set(list.map((item) => item.path)).size;
    if (count < threshold) continue;
    for (const item of list) {
      repeated.push({ path: item.path, start: item.start, end: item.end, line: lineAt(item.doc.lineStarts, item.start), text, pages: count, of: unique.length, threshold });
    }
  }
  return repeated.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.start - b.start));
}

/**
 * `boilerplate` findings (low severity, never a score) of one page: each of its repeated blocks
 * goes to the first chunk whose text holds the block's start, with the block's line.
 * `result[i]` lists the findings of `chunks[i]`.
 */
export function boilerplateIssues(chunks: readonly Chunk[], repeated: readonly RepeatedBlock[]): Issue[][] {
  const issues: Issue[][] = chunks.map(() => []);
  for (const block of repeated) {
    const index = chunks.findIndex((chunk) => chunk.spans.some((span) => span.start <= block.start && block.start < span.end));
    if (index === -1) continue;
    const { issue } = finding(index, 'boilerplate', {
      message: `Unexpected text repeated on ${block.pages} of ${block.of} pages ("${excerpt(block.text, { max: 50 })}"), expected text unique to the page`,
      line: block.line,
      actual: block.pages,
      expected: `< ${block.threshold}`,
    });
    issues[index]!.push(issue);
  }
  return issues;
}
