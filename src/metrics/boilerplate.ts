import { createHash } from 'node:crypto';
import { lineAt } from '../markdown/lines.js';
import { searchTerms } from '../retrieval/terms.js';
import type { BlockKind, Chunk, Issue, PageBlock, PageBlocks, ParsedDoc } from '../types.js';
import { excerpt, finding } from './rules/finding.js';
import { applyRuleSettings, type RuleSettings } from './rules/rule-settings.js';
import { collapseWhitespace, contentEnd, contentStart } from './structural/text.js';

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
export interface RepeatedBlock extends PageBlock {
  path: string;
  /** Pages that hold the same text, this one included. */
  pages: number;
  /** Pages looked at. */
  of: number;
  /** The fewest pages that count as repeated ({@link BoilerplateOptions}). */
  threshold: number;
}

/**
 * The blocks of `doc` the boilerplate check compares (docs/scores.md#quick-checks): paragraphs, lists, quotes,
 * tables, code and HTML with at least `minTerms` search terms (default: `5`), in source order.
 */
export function pageBlocks(doc: ParsedDoc, options: Pick<BoilerplateOptions, 'minTerms'> & { rules?: RuleSettings } = {}): PageBlock[] {
  const minTerms = options.minTerms ?? 5;
  const blocks: PageBlock[] = [];
  for (const block of doc.blocks) {
    if (!TEXT_KINDS.has(block.kind)) continue;
    const start = contentStart(doc.source, block.start, block.end);
    const end = contentEnd(doc.source, start, block.end);
    const text = collapseWhitespace(doc.source.slice(start, end));
    if (!hasTerms(text, minTerms)) continue;
    const line = lineAt(doc.lineStarts, start);
    const level = options.rules ? levelAt(options.rules, line) : undefined;
    blocks.push({ key: createHash('sha256').update(text).digest('base64url').slice(0, 22), start, line, excerpt: excerptOf(text), ...(level ? { level } : {}) });
  }
  return blocks;
}

/**
 * The boilerplate check across files (docs/scores.md#quick-checks): blocks of text ({@link pageBlocks}) whose
 * whitespace-folded text is identical on at least `max(minPages, ⌈minShare × pages⌉)` of the
 * pages given — a generated footer, an "Edit this page" notice, a template paragraph on every
 * plugin page. Every copy adds the same words to a chunk of its page, so a query that matches those
 * words finds every copy at once, and the chunks' own subjects weigh less. Place does not matter:
 * template pages repeat blocks mid-page too. Pages are compared by path once (the first of a path
 * given twice counts). Result: every occurrence, by page path, then offset.
 */
export function repeatedBlocks(pages: readonly PageBlocks[], options: BoilerplateOptions = {}): RepeatedBlock[] {
  return repeatedBlocksOfSides([pages], options)[0]!;
}

/**
 * {@link repeatedBlocks} of each of several sides of a run (a pull request's base and head):
 * `result[i]` is `repeatedBlocks(sides[i], options)`. The sides share most pages (a page of one
 * path whose blocks have the same texts on every side): their blocks are counted once for all
 * sides, then each side's own pages on top.
 */
export function repeatedBlocksOfSides(sides: readonly (readonly PageBlocks[])[], options: BoilerplateOptions = {}): RepeatedBlock[][] {
  const uniques = sides.map((pages) => [...new Map([...pages].reverse().map((page) => [page.path, page])).values()]);
  const thresholds = uniques.map((unique) => Math.max(options.minPages ?? 3, Math.ceil((options.minShare ?? 0.1) * unique.length)));
  const shared = sharedPages(uniques);
  // The pages holding each block: those every side has, then each side's own.
  const common: Holders = new Map();
  let page = 0;
  let most = 0;
  for (const entry of uniques[0]!) if (shared.has(entry.path)) most = Math.max(most, countHolders(common, entry, page++));
  const own = uniques.map((unique) => {
    const holders: Holders = new Map();
    let mostOwn = 0;
    for (const entry of unique) if (!shared.has(entry.path)) mostOwn = Math.max(mostOwn, countHolders(holders, entry, page++));
    return { holders, most: mostOwn };
  });
  return uniques.map((unique, side) => {
    const threshold = thresholds[side]!;
    const repeated: RepeatedBlock[] = [];
    // No block is on enough pages (the common case): no block to look up.
    if (most + own[side]!.most < threshold) return repeated;
    for (const { path, blocks } of unique) {
      for (const block of blocks) {
        const count = holdersOf(common.get(block.key)) + holdersOf(own[side]!.holders.get(block.key));
        if (count >= threshold) repeated.push({ ...block, path, pages: count, of: unique.length, threshold });
      }
    }
    return repeated.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.start - b.start));
  });
}

/**
 * The pages holding each block key: the number of the only page yet (most blocks are on one
 * page: no object per block), else how many pages and the last one counted.
 */
type Holders = Map<string, number | { pages: number; last: number }>;

/** Counts page number `page` as a holder of each of its blocks' keys (once per key); returns the most holders of any of them. */
function countHolders(holders: Holders, { blocks }: PageBlocks, page: number): number {
  let most = 0;
  for (const block of blocks) {
    const held = holders.get(block.key);
    if (held === undefined) {
      holders.set(block.key, page);
      most = Math.max(most, 1);
    } else if (typeof held === 'number') {
      if (held !== page) holders.set(block.key, { pages: 2, last: page });
      most = Math.max(most, held !== page ? 2 : 1);
    } else {
      if (held.last !== page) {
        held.pages += 1;
        held.last = page;
      }
      most = Math.max(most, held.pages);
    }
  }
  return most;
}

function holdersOf(held: number | { pages: number } | undefined): number {
  return held === undefined ? 0 : typeof held === 'number' ? 1 : held.pages;
}

/** The paths of the pages every side has with the same block texts, in the same order. */
function sharedPages(uniques: readonly PageBlocks[][]): Set<string> {
  const shared = new Set<string>();
  if (uniques.length < 2) return shared;
  const others = uniques.slice(1).map((unique) => new Map(unique.map((page) => [page.path, page.blocks])));
  for (const { path, blocks } of uniques[0]!) {
    const same = others.every((pages) => {
      const theirs = pages.get(path);
      return theirs !== undefined && (theirs === blocks || (theirs.length === blocks.length && theirs.every((block, at) => block === blocks[at] || block.key === blocks[at]!.key)));
    });
    if (same) shared.add(path);
  }
  return shared;
}

/**
 * `boilerplate` findings (low severity, never a score) of one page: each of its repeated blocks
 * goes to the first chunk whose text holds the block's start, with the block's line.
 * `result[i]` lists the findings of `chunks[i]`.
 */
export function boilerplateIssues(chunks: readonly Chunk[], repeated: readonly RepeatedBlock[]): Issue[][] {
  const issues: Issue[][] = chunks.map(() => []);
  for (const block of repeated) {
    const index = block.level === 'off' ? -1 : chunks.findIndex((chunk) => chunk.spans.some((span) => span.start <= block.start && block.start < span.end));
    if (index === -1) continue;
    const { issue } = finding(index, 'boilerplate', {
      message: `Unexpected text repeated on ${block.pages} of ${block.of} pages ("${block.excerpt}"), expected text unique to the page`,
      line: block.line,
      actual: block.pages,
      expected: `< ${block.threshold}`,
    });
    issues[index]!.push(block.level === 'warn' ? { ...issue, level: 'warn' } : issue);
  }
  return issues;
}

/** Characters of a folded block read for the term count before the rest is (enough for five terms of prose). */
const TERMS_PREFIX = 64;

/**
 * Whether the folded `text` has at least `min` search terms ({@link searchTerms}), counting
 * those of a prefix first: most blocks have enough in their first words. The prefix ends before
 * a space, and no search term spans a space (a word or an unspaced run ends there), so the
 * prefix's terms are the first terms of the whole text: enough there is enough in all of it.
 */
function hasTerms(text: string, min: number): boolean {
  const cut = text.indexOf(' ', TERMS_PREFIX);
  if (cut !== -1 && searchTerms(text.slice(0, cut)).length >= min) return true;
  return searchTerms(text).length >= min;
}

/**
 * `excerpt(text, { max: 50 })` of a folded text (single spaces only), cutting no more than its
 * first 60 characters: trimmed, those still hold over 50, so the excerpt is the same.
 */
function excerptOf(text: string): string {
  return excerpt(text.length > 60 ? text.slice(0, 60) : text, { max: 50 });
}

/** How `rules` take a `boilerplate` finding on `line` ({@link PageBlock.level}). */
function levelAt(rules: RuleSettings, line: number): PageBlock['level'] {
  const probe: Issue = { tag: 'boilerplate', severity: 'low', message: '', line };
  const [kept] = applyRuleSettings([probe], rules);
  return kept === undefined ? 'off' : kept.level;
}
