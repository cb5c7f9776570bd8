import { bodySearchTerms } from './body-terms.js';
import { ownRanks } from '../retrieval/bm25.js';
import { searchTerms } from '../retrieval/terms.js';
import { firstSentence, SEGMENT_WINDOW } from '../text/segments.js';
import type { Chunk } from '../types.js';

/**
 * The quick check (docs/scores.md#quick-checks): a chunk counts as findable when its own query ranks it in the top 3.
 */
export const SELF_RETRIEVAL_TOP = 3;
/** The target share of findable chunks (docs/scores.md#quick-checks). */
export const SELF_RETRIEVAL_TARGET = 0.8;
/** Words of the first sentence used in a chunk's query: a lead, not the whole paragraph. */
const LEAD_TERMS = 30;

/** Lines that hold no prose of their own: headings (already in the heading path), fences, JSX/HTML tags, table rules. */
const NON_PROSE_LINE = /^\s*(?:#{1,6}(?:\s|$)|```|~~~|<\/?[A-Za-z]|\{\/\*|\|?\s*:?-{3,}|import\s|export\s)/;

/** Self-retrievability of one document's chunks. */
export interface SelfRetrievability {
  /** 100 × the share of chunks whose own query ranks them in the top 3 (`100` with no chunks). */
  score: number;
  /** Per chunk: the 1-based rank its own query gives it, `null` when it is not returned at all (no searchable words). */
  ranks: (number | null)[];
  /** Per chunk: the query used (heading path + first sentence). */
  queries: string[];
}

/**
 * The query a chunk must answer: its heading path, then the first sentence of its
 * text (lines that are headings, fences, tags or table rules skipped; at most 30 words).
 */
export function chunkQuery(chunk: Pick<Chunk, 'headingPath' | 'text'>): string {
  const words = searchTerms(firstSentence(proseLead(chunk.text))).slice(0, LEAD_TERMS).join(' ');
  return [...chunk.headingPath, words].join(' ').trim();
}

/**
 * The part of the chunk's prose lines (non-blank, not {@link NON_PROSE_LINE}, joined by line
 * breaks) that {@link firstSentence} reads: the first one, and a line break when more prose
 * follows. UAX #29 always ends a sentence after a line break (SB4), and no rule looks past one
 * (SB8's look-ahead stops at it), so the first sentence of the lead is the first sentence of
 * all the prose lines; a first line longer than {@link SEGMENT_WINDOW} is cut by
 * `firstSentence`'s window either way. Only the lines up to the second prose line are read.
 */
function proseLead(text: string): string {
  let lead: string | null = null;
  for (let start = 0; start <= text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(start, end);
    if (line.trim() !== '' && !NON_PROSE_LINE.test(line)) {
      if (lead !== null) return `${lead}\n`;
      if (line.length >= SEGMENT_WINDOW) return line;
      lead = line;
    }
    start = end + 1;
  }
  return lead ?? '';
}

/**
 * `self_retrievability` (the retrievability quick check without a golden set, docs/scores.md#quick-checks): each
 * chunk's {@link chunkQuery} is run against a BM25 index of the document set, and a chunk is
 * findable when it ranks in the top 3 for its own query. The document set is the document
 * itself: base and head of a file are compared on equal terms, and no other file (changed or
 * not, in the PR or not) moves a file's score. Score: 100 × findable / N; no chunks → 100.
 */
export function selfRetrievability(chunks: readonly Pick<Chunk, 'headingPath' | 'text'>[]): SelfRetrievability {
  if (chunks.length === 0) return { score: 100, ranks: [], queries: [] };
  const queries = chunks.map((chunk) => chunkQuery(chunk));
  // The document's chunks indexed as `bodyOf` gives them, from the terms their tokens already give.
  const ranks = ownRanks(chunks.map(bodySearchTerms), queries);
  const findable = ranks.filter((value) => value !== null && value <= SELF_RETRIEVAL_TOP).length;
  return { score: (100 * findable) / chunks.length, ranks, queries };
}
