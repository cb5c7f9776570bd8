/**
 * The golden-set BM25 of one run, base and head, over the one postings index (`bm25.ts`).
 *
 * A pull request on a docs site of thousands of files changes a few of them. The head's index is
 * the base's with the changed files' chunks removed and added; the base's index and ranks are
 * saved for the next pull request on the same base commit (`bm25-saved.ts`). Removing documents
 * keeps the scores of a fresh index: the lengths' running mean is taken again in the head's corpus
 * order, and the idf counts live documents only.
 */
import { addDocument, bm25Terms, bodyOf, indexChunks, memoEntry, rankerOf, runningMean, type Bm25Index, type Bm25Terms, type Postings, type Ranker } from './bm25.js';
import { baseKey } from './bm25-key.js';
import { saveBase, savedBase, savedPostings, type SavedBase } from './bm25-saved.js';
import type { RetrievalChunk, Retriever } from './types.js';

/** Builders of the two sides' retrievers of one run ({@link bm25Sides}). */
export interface Bm25Sides {
  base(chunks: readonly RetrievalChunk[]): Retriever;
  /** Takes over the base side's index: the base retriever answers no query after the head's first. */
  head(chunks: readonly RetrievalChunk[]): Retriever;
}

/**
 * Where a run keeps the base side's index and ranks for the next run over the same base corpus
 * and queries (a shell's cache folder): keys are digests of both, values plain JSON data. A
 * value that is not what this module saved is a miss.
 */
export interface Bm25Store {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  /**
   * Base files whose chunks are a function of a key the shell has, by path: the content cache's
   * entry key (a digest of the engine build, the path, the text and the chunking settings) of a
   * file whose chunks retrieval takes from that chunking (default: none). The base side's key
   * hashes these keys instead of the files' chunks.
   */
  fileKeys?: ReadonlyMap<string, string>;
}

/**
 * BM25 retrievers for the base and the head of one run over the same `queries`, the head's index
 * derived from the base's: the chunks of a file that is the same on both sides stay indexed, the
 * other files' chunks are removed and added. A one-file pull request re-indexes a dozen chunks
 * instead of every chunk. With a `store`, the base's index and ranks are saved, and a later run
 * over the same base corpus answers the base queries from them and derives its head from the
 * saved index (pull requests on the same base commit). When most chunks changed, the head's
 * index is built fresh.
 */
export function bm25Sides(queries: readonly string[], store?: Bm25Store, shared?: Bm25Terms): Bm25Sides {
  const terms: Bm25Terms = shared ?? bm25Terms(queries);
  let base: BaseSide | null = null;
  return {
    base(chunks) {
      const side = baseSide(queries, chunks, terms, store);
      base = side;
      return side.rank;
    },
    head(chunks) {
      const from = base;
      // One index, however many queries ask at once.
      let ready: Promise<Ranker> | null = null;
      return async (query, k) => {
        ready ??= (async () => rankerOf((from ? await from.handOver((index) => deriveIndex(index, chunks, terms)) : null) ?? buildIndex(chunks, terms)))();
        return (await ready)(query, k);
      };
    },
  };
}

/** One file's documents: their index slots and chunks, in corpus order. */
interface IndexedFile {
  slots: number[];
  chunks: readonly Pick<RetrievalChunk, 'headingPath' | 'text'>[];
}

/** A side's index, and each file's documents in it. */
interface SideIndex extends Bm25Index {
  files: Map<string, IndexedFile>;
}

/** The index of `chunks`, fresh: slot `i` is `chunks[i]`. */
function buildIndex(chunks: readonly RetrievalChunk[], terms: Bm25Terms): SideIndex {
  return { ...indexChunks(chunks, terms), files: filesOf(chunks, 0) };
}

/** Each file's slots and chunks, for `chunks` in slots `first`, `first + 1`, … (a file's chunks are consecutive in corpus order). */
function filesOf(chunks: readonly RetrievalChunk[], first: number): Map<string, IndexedFile> {
  const files = new Map<string, IndexedFile>();
  let start = 0;
  for (let at = 1; at <= chunks.length; at++) {
    if (at < chunks.length && chunks[at]!.file === chunks[start]!.file) continue;
    const slots: number[] = [];
    for (let slot = start; slot < at; slot++) slots.push(first + slot);
    const file = chunks[start]!.file;
    const known = files.get(file);
    // A file's chunks out of corpus order (not what corpusChunks gives): kept whole, in order.
    if (known) files.set(file, { slots: [...known.slots, ...slots], chunks: [...known.chunks, ...chunks.slice(start, at)] });
    else files.set(file, { slots, chunks: chunks.slice(start, at) });
    start = at;
  }
  return files;
}

/**
 * The index of `chunks` made from `from`'s by removing the documents of the files that differ
 * and adding the head's (in place: `from` is spent), or `null` when building is cheaper (past
 * half the corpus changed).
 */
function deriveIndex(from: SideIndex, chunks: readonly RetrievalChunk[], terms: Bm25Terms): SideIndex | null {
  const wanted = filesOf(chunks, 0);
  // Few loops over the files' maps: this runs once per run, before V8 optimises anything.
  const kept = new Set<string>();
  let work = 0;
  for (const [file, now] of wanted) {
    const had = from.files.get(file);
    if (had !== undefined && sameChunks(had.chunks, now.chunks)) kept.add(file);
    else work += now.slots.length;
  }
  const removed: IndexedFile[] = [];
  for (const [file, had] of from.files) {
    if (kept.has(file)) continue;
    work += had.slots.length;
    removed.push(had);
  }
  if (work > chunks.length / 2) return null;
  // Removed: their slots leave the postings of the query terms they hold.
  const { orders } = from;
  const touched = new Set<string>();
  for (const { slots, chunks: gone } of removed) {
    for (const slot of slots) orders[slot] = -1;
    for (const chunk of gone) for (const term of memoEntry(bodyOf(chunk), terms.vocabulary, terms.memo).terms) touched.add(term);
  }
  for (const term of touched) {
    const postings = from.postings.get(term);
    if (postings) dropRemoved(postings, orders);
  }
  // Each head chunk's slot: its base document's for a kept file, else a new one.
  const slotOf = new Array<number>(chunks.length).fill(0);
  const files = new Map<string, IndexedFile>();
  const index: SideIndex = { ...from, files, count: 0 };
  for (const [file, entry] of wanted) {
    if (kept.has(file)) {
      const { slots } = from.files.get(file)!;
      for (let at = 0; at < slots.length; at++) {
        const position = entry.slots[at]!;
        orders[slots[at]!] = chunks[position]!.order;
        slotOf[position] = slots[at]!;
      }
      files.set(file, { slots, chunks: entry.chunks });
      continue;
    }
    const slots: number[] = [];
    for (const position of entry.slots) {
      slotOf[position] = index.lengths.length;
      slots.push(index.lengths.length);
      const chunk = chunks[position]!;
      addDocument(index, memoEntry(bodyOf(chunk), terms.vocabulary, terms.memo), chunk.order);
    }
    files.set(file, { slots, chunks: entry.chunks });
  }
  index.count = chunks.length;
  const lengths = new Array<number>(chunks.length).fill(0);
  for (let position = 0; position < chunks.length; position++) lengths[position] = index.lengths[slotOf[position]!]!;
  index.mean = runningMean(lengths);
  return index;
}

/** Removes from `postings`, in place, the documents whose order is `-1` (removed). */
function dropRemoved(postings: Postings, orders: readonly number[]): void {
  const { docs, tfs } = postings;
  let kept = 0;
  for (let at = 0; at < docs.length; at++) {
    if (orders[docs[at]!]! < 0) continue;
    docs[kept] = docs[at]!;
    tfs[kept] = tfs[at]!;
    kept += 1;
  }
  docs.length = kept;
  tfs.length = kept;
}

/** Whether two files' chunks index the same bodies, in the same order. */
function sameChunks(had: IndexedFile['chunks'], now: IndexedFile['chunks']): boolean {
  if (had.length !== now.length) return false;
  for (let at = 0; at < had.length; at++) if (!sameBody(had[at]!, now[at]!)) return false;
  return true;
}

/**
 * Whether the base chunk `had` indexes the same body as the head chunk `now`. A file the same on
 * both sides has the same chunk strings on both (one chunking serves both): compared at once.
 */
function sameBody(had: Pick<RetrievalChunk, 'headingPath' | 'text'>, now: Pick<RetrievalChunk, 'headingPath' | 'text'>): boolean {
  if (had.text === now.text && (had.headingPath === now.headingPath || (had.headingPath.length === now.headingPath.length && had.headingPath.every((part, at) => part === now.headingPath[at])))) return true;
  return bodyOf(had) === bodyOf(now);
}

/** The base side of {@link bm25Sides}: ranks from the store or its index, and the index to hand over to the head. */
interface BaseSide {
  rank: Retriever;
  /**
   * Saves the index and ranks when the store lacks them, then gives the index to `derive`; the
   * base side answers no query after `derive` made something of it (the index is spent).
   */
  handOver(derive: (index: SideIndex) => SideIndex | null): Promise<SideIndex | null>;
}

function baseSide(queries: readonly string[], chunks: readonly RetrievalChunk[], terms: Bm25Terms, store: Bm25Store | undefined): BaseSide {
  interface State {
    key: string | null;
    saved: SavedBase | null;
    ranks: Map<string, number[]>;
    index: SideIndex | null;
    /** One ranker for every base query: its term scores are computed once. */
    ranker: Ranker | null;
    added: boolean;
  }
  let state: Promise<State> | null = null;
  let handedOver = false;
  const open = async (): Promise<State> => {
    const key = store ? baseKey(queries, chunks, store.fileKeys) : null;
    const saved = key !== null ? savedBase(await store!.get(key), chunks.length) : null;
    return { key, saved, ranks: new Map(saved?.ranks ?? []), index: null, ranker: null, added: false };
  };
  const indexOf = (current: State): SideIndex => (current.index ??= (current.saved && loadIndex(current.saved, chunks)) ?? buildIndex(chunks, terms));
  return {
    async rank(query, k) {
      if (handedOver) throw new Error('bm25Sides: the head side took over the base index; answer the base queries first');
      const current = await (state ??= open());
      const id = `${k}\u0000${query}`;
      let ranked = current.ranks.get(id);
      if (!ranked) {
        ranked = (current.ranker ??= rankerOf(indexOf(current)))(query, k);
        current.ranks.set(id, ranked);
        current.added = true;
      }
      return [...ranked];
    },
    async handOver(derive) {
      const current = await (state ??= open());
      const index = indexOf(current);
      if (store && current.key !== null && (current.added || !current.saved)) {
        const saved = current.saved ?? saveBase(index.postings, index.lengths);
        await store.set(current.key, { ...saved, ranks: [...current.ranks] } satisfies SavedBase);
        current.added = false;
      }
      const derived = derive(index);
      if (derived) handedOver = true;
      return derived;
    },
  };
}

/** The index of a saved base over `chunks` (checked by {@link savedBase}: one length per chunk). */
function loadIndex(saved: SavedBase, chunks: readonly RetrievalChunk[]): SideIndex {
  const index: SideIndex = { postings: savedPostings(saved), lengths: [...saved.lengths], orders: chunks.map((chunk) => chunk.order), mean: 0, count: chunks.length, files: filesOf(chunks, 0) };
  index.mean = runningMean(index.lengths);
  return index;
}
