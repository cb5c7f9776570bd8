/**
 * What `bm25Sides` saves of a base side for the next run over the same base corpus and queries
 * (a shell's cache folder): the query terms' postings and the documents' lengths, compact JSON,
 * and the ranks of the queries answered. A format of its own: an entry of another format,
 * MiniSearch's index of `chunkgate-bm25/1` included, or a damaged one, is a miss.
 */
import type { Postings } from './bm25.js';

/** A saved base side; slots are corpus orders. */
export interface SavedBase {
  format: typeof SAVED_FORMAT;
  /** Each document's length, in corpus order. */
  lengths: number[];
  /** Each query term's postings: the term, its documents as gaps (the first, then each one's distance from the previous), their term frequencies. */
  postings: [string, number[], number[]][];
  /** Ranked corpus orders by `k` and query. */
  ranks: [string, number[]][];
}

/** The format of {@link SavedBase}. */
const SAVED_FORMAT = 'chunkgate-bm25/2';

/** The saved form of a base index's postings and lengths (documents numbered in corpus order), without ranks. */
export function saveBase(postings: ReadonlyMap<string, Postings>, lengths: readonly number[]): SavedBase {
  const saved = [...postings].map(([term, { docs, tfs }]): [string, number[], number[]] => [term, docs.map((slot, at) => (at === 0 ? slot : slot - docs[at - 1]!)), [...tfs]]);
  return { format: SAVED_FORMAT, lengths: [...lengths], postings: saved, ranks: [] };
}

/** The postings of a saved base ({@link savedBase} checked it), as new arrays. */
export function savedPostings(saved: SavedBase): Map<string, Postings> {
  const postings = new Map<string, Postings>();
  for (const [term, gaps, tfs] of saved.postings) {
    const docs: number[] = [];
    let slot = 0;
    for (let at = 0; at < gaps.length; at++) docs.push((slot = at === 0 ? gaps[at]! : slot + gaps[at]!));
    postings.set(term, { docs, tfs: [...tfs] });
  }
  return postings;
}

/** A saved base of `count` documents, or `null` when `value` is not one (another format, another corpus size, damaged). */
export function savedBase(value: unknown, count: number): SavedBase | null {
  if (typeof value !== 'object' || value === null) return null;
  const saved = value as Partial<SavedBase>;
  if (saved.format !== SAVED_FORMAT || !Array.isArray(saved.lengths) || saved.lengths.length !== count || !saved.lengths.every(isCount)) return null;
  if (!Array.isArray(saved.ranks) || !saved.ranks.every((entry) => Array.isArray(entry) && typeof entry[0] === 'string' && Array.isArray(entry[1]) && entry[1].every((order) => isCount(order) && order < count))) return null;
  if (!Array.isArray(saved.postings) || !saved.postings.every((entry) => validPostings(entry, count))) return null;
  return saved as SavedBase;
}

/** Whether `entry` is `[term, gaps, tfs]` of documents ascending below `count`, each term frequency at least 1. */
function validPostings(entry: unknown, count: number): boolean {
  if (!Array.isArray(entry) || entry.length !== 3 || typeof entry[0] !== 'string') return false;
  const [, gaps, tfs] = entry as [string, unknown, unknown];
  if (!Array.isArray(gaps) || !Array.isArray(tfs) || gaps.length !== tfs.length) return false;
  let slot = -1;
  for (let at = 0; at < gaps.length; at++) {
    const gap: unknown = gaps[at];
    const tf: unknown = tfs[at];
    if (!isCount(gap) || (at > 0 && gap === 0) || !isCount(tf) || tf === 0) return false;
    slot = at === 0 ? gap : slot + gap;
  }
  return slot < count;
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
