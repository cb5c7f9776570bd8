import { createHash } from 'node:crypto';
import MiniSearch, { type AsPlainObject, type Options } from 'minisearch';
import { inverseDocumentFrequency, termScore } from './bm25-plus.js';
import { searchTerms } from './terms.js';
import type { RetrievalChunk, Retriever } from './types.js';

/** Options for {@link bm25Ranker} and {@link bm25Retriever}. */
export interface Bm25Options {
  /**
   * The only queries this retriever will answer (default: any). Terms that are in none of them
   * are left out of the index; document lengths still count them, so every score, and every
   * rank, is what the full index gives, for a fraction of the build time.
   */
  queries?: readonly string[];
  /**
   * Shared by the retrievers of one run over the same `queries` (base and head, which share
   * most chunks): each distinct chunk is cut into terms once ({@link bm25Memo}).
   */
  memo?: Bm25Memo;
}

/**
 * Terms of chunks already indexed, by indexed text: the query terms, how many other distinct
 * terms, and the distinct-term count MiniSearch measures the text's length with.
 */
export type Bm25Memo = Map<string, { terms: string[]; others: number; length: number }>;

/** A memo for {@link Bm25Options.memo}. */
export function bm25Memo(): Bm25Memo {
  return new Map();
}

/** Ranks indexed chunks for a query, best first, at most `k` (as `order` numbers); synchronous. */
export type Ranker = (query: string, k: number) => number[];

type Indexable = Pick<RetrievalChunk, 'order' | 'headingPath' | 'text'>;

/** A document of the index: `id` is a chunk's `order` in a fresh index (see {@link Bm25Index.orderOf}). */
interface IndexedDoc {
  id: number;
  body: string;
  /** The chunk `body` is made of, when the document was made from one here (not read from a saved index). */
  chunk?: Pick<RetrievalChunk, 'headingPath' | 'text'>;
}

/**
 * A BM25 ranker over `chunks` (MiniSearch's BM25+ scoring, default parameters), each
 * chunk indexed as its heading path plus its text, terms from {@link searchTerms}.
 * Equal scores rank in corpus order, so the same inputs always give the same ranks.
 * Synchronous, for pure metrics (self-retrievability); {@link bm25Retriever} wraps it.
 */
export function bm25Ranker(chunks: readonly Indexable[], options: Bm25Options = {}): Ranker {
  const index = newIndex(options);
  index.addAll(chunks.map((chunk) => ({ id: chunk.order, body: bodyOf(chunk) })));
  return (query, k) => topK(index.search(query), k, (id) => id);
}

/** The golden-set retriever: {@link bm25Ranker} behind the asynchronous {@link Retriever} interface. */
export function bm25Retriever(chunks: readonly RetrievalChunk[], options: Bm25Options = {}): Retriever {
  const rank = bm25Ranker(chunks, options);
  return async (query, k) => rank(query, k);
}

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
}

/**
 * BM25 retrievers for the base and the head of one run over the same `queries`, the head's index
 * derived from the base's: the chunks of a file that is the same on both sides stay indexed, the
 * other files' chunks are removed and added. A one-file pull request on a docs site of thousands
 * of files re-indexes a dozen chunks instead of every chunk. With a `store`, the base's index and
 * ranks are saved, and a later run over the same base corpus answers the base queries from them
 * and derives its head from the saved index (pull requests on the same base commit).
 *
 * Ranks are a fresh index's, exactly: document count, document frequencies and each chunk's
 * length are integers kept exact by removing and adding, and the mean length (a float, which
 * MiniSearch keeps as a running mean) is set to what adding the head's chunks in corpus order
 * gives, so every score is bit for bit a fresh index's; ties go to the head's corpus order.
 * When most chunks changed (or MiniSearch's internals are not the ones this was written
 * for), the head's index is built fresh.
 */
export function bm25Sides(queries: readonly string[], store?: Bm25Store): Bm25Sides {
  const options: Bm25Options = { queries, memo: bm25Memo() };
  let base: BaseSide | null = null;
  return {
    base(chunks) {
      const side = baseSide(chunks, options, store);
      base = side;
      return side.rank;
    },
    head(chunks) {
      const from = base;
      let ready: Promise<Ranker> | null = null;
      return async (query, k) => {
        ready ??= (async () => {
          const derived = from ? await from.handOver((index) => deriveIndex(index, chunks, options)) : null;
          return rankerOf(derived ?? buildIndex(chunks, options));
        })();
        return (await ready)(query, k);
      };
    },
  };
}

/** The base side of {@link bm25Sides}: ranks from the store or its index, and the index to hand over to the head. */
interface BaseSide {
  rank: Retriever;
  /**
   * Saves the index and ranks when the store lacks them, then gives the index to `derive`; the
   * base side answers no query after `derive` made something of it (the index is spent).
   */
  handOver(derive: (index: Bm25Index) => Bm25Index | null): Promise<Bm25Index | null>;
}

/** What {@link bm25Sides} saves of a base side. */
interface SavedBase {
  format: 'chunkgate-bm25/1';
  /** MiniSearch's `toJSON()` of the index (document ids are corpus orders). */
  index: AsPlainObject;
  /** Ranked corpus orders by `k` and query. */
  ranks: [string, number[]][];
}

function baseSide(chunks: readonly RetrievalChunk[], options: Bm25Options, store: Bm25Store | undefined): BaseSide {
  interface State {
    key: string | null;
    saved: AsPlainObject | null;
    ranks: Map<string, number[]>;
    index: Bm25Index | null;
    added: boolean;
  }
  let state: Promise<State> | null = null;
  let handedOver = false;
  const open = async (): Promise<State> => {
    const key = store ? corpusDigest(options.queries ?? [], chunks) : null;
    const saved = key !== null ? savedBase(await store!.get(key)) : null;
    return { key, saved: saved?.index ?? null, ranks: new Map(saved?.ranks ?? []), index: null, added: false };
  };
  const indexOf = (current: State): Bm25Index => (current.index ??= (current.saved && loadIndex(current.saved, chunks, options)) ?? buildIndex(chunks, options));
  return {
    async rank(query, k) {
      if (handedOver) throw new Error('bm25Sides: the head side took over the base index; answer the base queries first');
      const current = await (state ??= open());
      const id = `${k}\u0000${query}`;
      let ranked = current.ranks.get(id);
      if (!ranked) {
        ranked = rankerOf(indexOf(current))(query, k);
        current.ranks.set(id, ranked);
        current.added = true;
      }
      return [...ranked];
    },
    async handOver(derive) {
      const current = await (state ??= open());
      const index = indexOf(current);
      if (store && current.key !== null && (current.added || !current.saved)) {
        await store.set(current.key, { format: 'chunkgate-bm25/1', index: current.saved ?? index.index.toJSON(), ranks: [...current.ranks] } satisfies SavedBase);
        current.added = false;
      }
      const derived = derive(index);
      if (derived) handedOver = true;
      return derived;
    },
  };
}

/** A saved base, or `null` when `value` is not one. */
function savedBase(value: unknown): SavedBase | null {
  if (typeof value !== 'object' || value === null) return null;
  const saved = value as Partial<SavedBase>;
  if (saved.format !== 'chunkgate-bm25/1' || typeof saved.index !== 'object' || saved.index === null || !Array.isArray(saved.ranks)) return null;
  return saved as SavedBase;
}

/** A saved index, when it loads and holds as many documents as `chunks` (else `null`: build it). */
function loadIndex(saved: AsPlainObject, chunks: readonly RetrievalChunk[], options: Bm25Options): Bm25Index | null {
  try {
    const index = MiniSearch.loadJS<IndexedDoc>(saved, indexOptions(options));
    if (index.documentCount !== chunks.length) return null;
    // MiniSearch's length of each document, from the saved data (a JSON format it documents).
    const lengths = new Map<number, number>();
    for (const [shortId, id] of Object.entries(saved.documentIds)) lengths.set(id as number, saved.fieldLength[shortId]![0]!);
    const { files, orderOf } = corpusMaps(chunks);
    return { index, files, orderOf, lengths, nextId: chunks.length };
  } catch {
    return null;
  }
}

/**
 * The key of a base side: a SHA-256 of the queries and every chunk's file, heading path and text,
 * in corpus order. The chunks go to the hash joined in batches of about 64K characters: the same
 * bytes as one update per chunk (each part starts with a NUL, so no surrogate pair forms across a
 * join), in a few hundred calls instead of one per chunk.
 */
export function corpusDigest(queries: readonly string[], chunks: readonly Pick<RetrievalChunk, 'file' | 'headingPath' | 'text'>[]): string {
  const hash = createHash('sha256').update(JSON.stringify(queries));
  let batch = '';
  for (const chunk of chunks) {
    batch += `\u0000${chunk.file}\u0000${chunk.headingPath.join('\u0001')}\u0000${chunk.text}`;
    if (batch.length >= DIGEST_BATCH) {
      hash.update(batch);
      batch = '';
    }
  }
  return hash.update(batch).digest('hex');
}

const DIGEST_BATCH = 1 << 16;

function rankerOf(built: Bm25Index): Ranker {
  const direct = directRanker(built);
  return (query, k) => direct?.(query, k) ?? topK(built.index.search(query), k, (id) => built.orderOf.get(id)!);
}

/** What {@link directRanker} reads of a MiniSearch 7 index (its `toJSON` names the same data). */
interface SearchInternals {
  _index: { get(term: string): Map<number, Map<number, number>> | undefined };
  _fieldIds: Record<string, number>;
  _fieldLength: Map<number, number[]>;
  _documentIds: Map<number, number>;
  _documentCount: number;
  _avgFieldLength: number[];
  _nextId: number;
}

/**
 * The ranks `index.search` then {@link topK} give, computed from the index's postings without
 * MiniSearch's result objects (one per matching document, and a common query word matches most
 * of a corpus): a head side's queries took most of a warm golden-set run. Scores are MiniSearch's
 * to the bit: the same BM25+ expression (`termScore`), per-term scores added in query-term order, times the
 * number of distinct query terms matched (every weight and boost this module leaves at 1). Returns
 * `null` for a query when the index is not what this reads (the caller asks MiniSearch), and is
 * `null` itself when the internals are not MiniSearch 7's.
 */
function directRanker(built: Bm25Index): ((query: string, k: number) => number[] | null) | null {
  const internals = built.index as unknown as Partial<SearchInternals>;
  const { _index: postings, _fieldIds: fieldIds, _fieldLength: fieldLength, _documentIds: documentIds, _documentCount: total, _avgFieldLength: averages, _nextId: nextId } = internals;
  if (typeof postings?.get !== 'function' || typeof fieldIds?.body !== 'number' || !(fieldLength instanceof Map) || !(documentIds instanceof Map)) return null;
  if (typeof total !== 'number' || !Array.isArray(averages) || typeof averages[fieldIds.body] !== 'number' || !Number.isInteger(nextId)) return null;
  const field = fieldIds.body;
  // Each document's length and corpus order by MiniSearch's short id (-1: no such document), read once.
  let byShortId: { lengths: Float64Array; orders: Float64Array } | null = null;
  const tables = () => {
    if (byShortId) return byShortId;
    const lengths = new Float64Array(nextId!);
    const orders = new Float64Array(nextId!).fill(-1);
    for (const [shortId, id] of documentIds) {
      const length = fieldLength.get(shortId)?.[field];
      const order = built.orderOf.get(id);
      if (length === undefined || order === undefined || shortId < 0 || shortId >= nextId!) continue;
      lengths[shortId] = length;
      orders[shortId] = order;
    }
    return (byShortId = { lengths, orders });
  };
  return (query, k) => {
    const { lengths, orders } = tables();
    const terms = searchTerms(query).filter((term) => !!term);
    const avgFieldLength = averages[field]!;
    const scores = new Float64Array(nextId!);
    const matched = new Uint16Array(nextId!);
    const touched: number[] = [];
    for (const [at, term] of terms.entries()) {
      const freqs = postings.get(term)?.get(field);
      if (!freqs) continue;
      // A document matches each occurrence of a term: count it (distinct terms) at the first.
      const first = terms.indexOf(term) === at;
      const matchingCount = freqs.size;
      const idf = inverseDocumentFrequency(total, matchingCount);
      for (const [docId, termFreq] of freqs) {
        // A document removed without its terms (MiniSearch's discard) is MiniSearch's to handle.
        if (!(orders[docId]! >= 0)) return null;
        const length = lengths[docId]!;
        scores[docId] = scores[docId]! + termScore(idf, termFreq, length, avgFieldLength);
        if (first && ++matched[docId]! === 1) touched.push(docId);
      }
    }
    if (k <= 0 || touched.length === 0) return [];
    const ranked = touched.map((docId): Scored => ({ score: scores[docId]! * matched[docId]!, order: orders[docId]! }));
    return bestK(ranked, k).map((result) => result.order);
  };
}

/** A ranked document: higher score first, then lower corpus order. */
interface Scored {
  score: number;
  order: number;
}

function byRank(a: Scored, z: Scored): number {
  return z.score - a.score || a.order - z.order;
}

/** The best `k` of `results` ({@link byRank}). */
function bestK(results: Scored[], k: number): Scored[] {
  if (k * 8 >= results.length) return results.sort(byRank).slice(0, k);
  // A few best of many: keep them in rank order while scanning.
  const best: Scored[] = [];
  for (const result of results) {
    if (best.length === k && byRank(result, best[k - 1]!) >= 0) continue;
    let at = best.length === k ? k - 1 : best.length;
    while (at > 0 && byRank(result, best[at - 1]!) < 0) {
      best[at] = best[at - 1]!;
      at -= 1;
    }
    best[at] = result;
  }
  return best;
}

/** An index with what deriving another from it needs. */
interface Bm25Index {
  index: MiniSearch<IndexedDoc>;
  /** Each file's documents, in corpus order. */
  files: Map<string, IndexedDoc[]>;
  /** The corpus order of each document id. */
  orderOf: Map<number, number>;
  /** The next unused id. */
  nextId: number;
  /** The length MiniSearch measured of each document (its distinct tokens), by id. */
  lengths: Map<number, number>;
}

function buildIndex(chunks: readonly RetrievalChunk[], options: Bm25Options): Bm25Index {
  const index = newIndex(options);
  const maps = corpusMaps(chunks);
  const docs = chunks.map((chunk) => maps.docOf.get(chunk.order)!);
  index.addAll(docs);
  const lengths = new Map(docs.map((doc) => [doc.id, lengthOf(doc.body, options)]));
  return { index, files: maps.files, orderOf: maps.orderOf, lengths, nextId: chunks.reduce((max, chunk) => Math.max(max, chunk.order + 1), 0) };
}

/** The documents of each file and the order of each id, for an index whose ids are the chunks' orders. */
function corpusMaps(chunks: readonly RetrievalChunk[]): Pick<Bm25Index, 'files' | 'orderOf'> & { docOf: Map<number, IndexedDoc> } {
  const files = new Map<string, IndexedDoc[]>();
  const orderOf = new Map<number, number>();
  const docOf = new Map<number, IndexedDoc>();
  for (const chunk of chunks) {
    const doc = { id: chunk.order, body: bodyOf(chunk), chunk };
    filesOf(files, chunk.file).push(doc);
    orderOf.set(chunk.order, chunk.order);
    docOf.set(doc.id, doc);
  }
  return { files, orderOf, docOf };
}

/**
 * The index of `chunks` made from `from`'s by removing and adding the chunks of the files that
 * differ (in place: `from` is spent), or `null` when a fresh build is the better way.
 */
function deriveIndex(from: Bm25Index, chunks: readonly RetrievalChunk[], options: Bm25Options): Bm25Index | null {
  const internals = from.index as unknown as { _avgFieldLength?: unknown };
  if (!Array.isArray(internals._avgFieldLength) || !options.memo) return null;
  const wanted = new Map<string, RetrievalChunk[]>();
  for (const chunk of chunks) filesOf(wanted, chunk.file).push(chunk);
  const same = (file: string): boolean => {
    const had = from.files.get(file);
    const now = wanted.get(file);
    return had !== undefined && now !== undefined && had.length === now.length && had.every((doc, at) => sameBody(doc, now[at]!));
  };
  const gone = [...from.files.keys()].filter((file) => !same(file));
  const come = [...wanted.keys()].filter((file) => !same(file));
  const work = gone.reduce((sum, file) => sum + from.files.get(file)!.length, 0) + come.reduce((sum, file) => sum + wanted.get(file)!.length, 0);
  // Removing a chunk costs about what adding it does: past half the corpus, building is cheaper.
  if (work > chunks.length / 2) return null;
  const { index, lengths } = from;
  for (const file of gone) {
    for (const doc of from.files.get(file)!) {
      index.remove(doc);
      lengths.delete(doc.id);
    }
  }
  let nextId = from.nextId;
  const files = new Map<string, IndexedDoc[]>();
  for (const file of come) {
    const docs = wanted.get(file)!.map((chunk) => ({ id: nextId++, body: bodyOf(chunk), chunk }));
    index.addAll(docs);
    for (const doc of docs) lengths.set(doc.id, lengthOf(doc.body, options));
    files.set(file, docs);
  }
  for (const file of wanted.keys()) if (!files.has(file)) files.set(file, from.files.get(file)!);
  const orderOf = new Map<number, number>();
  // The running mean of lengths a fresh index holds after adding these chunks in this order
  // (MiniSearch's addFieldLength, document after document).
  const seen = new Map<string, number>();
  let mean = 0;
  chunks.forEach((chunk, count) => {
    const at = seen.get(chunk.file) ?? 0;
    seen.set(chunk.file, at + 1);
    const doc = files.get(chunk.file)![at]!;
    orderOf.set(doc.id, chunk.order);
    mean = (mean * count + lengths.get(doc.id)!) / (count + 1);
  });
  (internals._avgFieldLength as number[])[0] = mean;
  return { index, files, orderOf, lengths, nextId };
}

function newIndex(options: Bm25Options): MiniSearch<IndexedDoc> {
  return new MiniSearch<IndexedDoc>(indexOptions(options));
}

function indexOptions(options: Bm25Options): Options<IndexedDoc> {
  const vocabulary = options.queries ? new Set(options.queries.flatMap((query) => searchTerms(query))) : null;
  const memo = options.memo ?? bm25Memo();
  return {
    fields: ['body'],
    tokenize: vocabulary ? (text) => indexedTerms(text, vocabulary, memo) : searchTerms,
    // MiniSearch measures a field by its distinct tokens before this filter, so dropping terms no
    // query has changes no length, no document frequency of a query term, and no score.
    processTerm: vocabulary ? (term) => (vocabulary.has(term) ? term : null) : (term) => term,
    searchOptions: { tokenize: searchTerms, processTerm: (term) => term },
  };
}

/** What the index holds of a chunk: its heading path, then its text. */
export function bodyOf(chunk: Pick<RetrievalChunk, 'headingPath' | 'text'>): string {
  return `${chunk.headingPath.join(' ')}\n${chunk.text}`;
}

/**
 * Whether `doc` indexes the body of `chunk`. A file the same on both sides has the same chunk
 * strings on both (one chunking serves both), so comparing the text and heading path (equal
 * strings are often the same string, compared at once) answers without building the body again.
 */
function sameBody(doc: IndexedDoc, chunk: Pick<RetrievalChunk, 'headingPath' | 'text'>): boolean {
  const from = doc.chunk;
  if (from && from.text === chunk.text && from.headingPath.length === chunk.headingPath.length && from.headingPath.every((part, at) => part === chunk.headingPath[at])) return true;
  return doc.body === bodyOf(chunk);
}

function filesOf<T>(files: Map<string, T[]>, file: string): T[] {
  let list = files.get(file);
  if (!list) files.set(file, (list = []));
  return list;
}

/** MiniSearch's length of an indexed body: its distinct tokens (the memo has every body indexed by this module). */
function lengthOf(body: string, options: Bm25Options): number {
  const entry = options.memo!.get(body);
  if (entry) return entry.length;
  return new Set(searchTerms(body)).size;
}

/**
 * The best `k` results as corpus order numbers, ties in corpus order (lower first). MiniSearch
 * returns every match by score (a common query term matches most of a corpus): only the matches
 * scoring at least the k-th are sorted again.
 */
function topK(results: readonly { id: unknown; score: number }[], k: number, orderOf: (id: number) => number): number[] {
  if (results.length === 0 || k <= 0) return [];
  const cut = results[Math.min(k, results.length) - 1]!.score;
  let end = Math.min(k, results.length);
  while (end < results.length && results[end]!.score >= cut) end += 1;
  return results
    .slice(0, end)
    .map((result) => ({ score: result.score, order: orderOf(result.id as number) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, k)
    .map((result) => result.order);
}

/**
 * The tokens MiniSearch gets for `text`: its query terms (each occurrence), then one stand-in
 * per other distinct term, so the distinct-token count MiniSearch measures length with is the
 * real one. Stand-ins (`\u0001` + a number) can be no query's term and are never indexed.
 */
function indexedTerms(text: string, vocabulary: ReadonlySet<string>, memo: Bm25Memo): string[] {
  let entry = memo.get(text);
  if (!entry) {
    const terms: string[] = [];
    const others = new Set<string>();
    for (const term of searchTerms(text)) {
      if (vocabulary.has(term)) terms.push(term);
      else others.add(term);
    }
    entry = { terms, others: others.size, length: new Set(terms).size + others.size };
    memo.set(text, entry);
  }
  while (STAND_INS.length < entry.others) STAND_INS.push(`\u0001${STAND_INS.length}`);
  return entry.terms.concat(STAND_INS.slice(0, entry.others));
}

const STAND_INS: string[] = [];
