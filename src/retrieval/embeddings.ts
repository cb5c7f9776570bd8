import { createHash } from 'node:crypto';
import type { RetrievalChunk, Retriever } from './types.js';
import { checkVectors, InvalidEmbeddings, vectorIssue } from './vector-check.js';

/**
 * Turns texts into vectors (one call per batch); an OpenAI-compatible `/embeddings` in production.
 * Its answer is not trusted: {@link embedAll} checks it (`checkVectors`) before using it.
 */
export type Embed = (texts: string[]) => Promise<unknown>;

/** Where vectors are kept between runs (the same cache folder as the LLM judge's); `get` resolves `undefined` on a miss. */
export interface VectorCache {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

/** Options for {@link embedAll}, {@link embedCached} and {@link embeddingRetriever}. */
export interface EmbeddingOptions {
  /** Part of every cache key: vectors of another model never mix (default: `''`). */
  model?: string;
  /** Texts per embedding request (default: `64`). */
  batchSize?: number;
  /**
   * The vector length of each model in this run so far, shared by the calls of one run: every
   * vector of a model must have it (default: a map of this call's own).
   */
  dimensions?: Map<string, number>;
  /** Who answers, for messages: the host of the provider's base URL (default: `unnamed`). */
  provider?: string;
}

/** An embeddings step that could not get valid vectors: names the step, the provider and the model, never a key. */
export class EmbeddingsFailure extends Error {
  override name = 'EmbeddingsFailure';
}

/**
 * The message of an embeddings step that failed: `embedding 12 sentence windows of docs/x.md for
 * semantic chunking failed (embeddings provider api.openai.com, model text-embedding-3-small): HTTP 500`.
 */
export function embeddingsFailureMessage(step: string, provider: string, model: string, reason: string): string {
  return `${step} failed (embeddings provider ${provider}, model ${model || 'unnamed'}): ${reason}`;
}

/** What {@link embedAll} got: a vector for each text that has one, and why each other text has none. */
export interface Embedded {
  vectors: Map<string, number[]>;
  /** Texts without a vector: the provider failed or answered invalid vectors for their request, or it was not sent after such a failure. */
  failed: Map<string, string>;
}

/**
 * Vectors of `texts`, each looked up in `cache` under SHA-256 of the model and the text (content
 * hash), the misses embedded once each in batches of `batchSize` and stored. Every vector is checked
 * (`checkVectors`): a list of finite numbers with a non-zero norm, one length for the model across
 * the run (`options.dimensions`) — an answer that breaks that fails its whole request. A cache entry
 * that is no such vector is a miss; one of another length than this run's fresh vectors (another
 * provider's, under the same model name) is embedded again. The first request that fails (after the
 * provider's retries) stops the others: a provider that is down is not asked again for every batch.
 * Never throws for the provider: the texts it failed are in `failed`, with the reason.
 */
export async function embedAll(texts: readonly string[], embed: Embed, cache: VectorCache, options: EmbeddingOptions = {}): Promise<Embedded> {
  const model = options.model ?? '';
  const batchSize = options.batchSize ?? 64;
  const dimensions = options.dimensions ?? new Map<string, number>();
  const keyOf = (text: string) => createHash('sha256').update(model).update('\0').update(text).digest('hex');
  const unique = [...new Set(texts)];
  const hits = await Promise.all(unique.map((text) => cache.get(keyOf(text)).catch(() => undefined)));
  const cached = new Map<string, number[]>();
  unique.forEach((text, index) => {
    if (vectorIssue(hits[index]) === null) cached.set(text, hits[index] as number[]);
  });
  const fresh = new Map<string, number[]>();
  const failed = new Map<string, string>();
  let stop: string | null = null;
  const send = async (list: readonly string[]): Promise<void> => {
    for (let start = 0; start < list.length; start += batchSize) {
      const batch = list.slice(start, start + batchSize);
      if (stop !== null) {
        for (const text of batch) failed.set(text, `not sent after an earlier request failed (${stop})`);
        continue;
      }
      try {
        const vectors = checkVectors(await embed(batch), batch.length, dimensions.get(model));
        dimensions.set(model, vectors[0]!.length);
        batch.forEach((text, index) => fresh.set(text, vectors[index]!));
      } catch (error) {
        stop = reasonOf(error);
        for (const text of batch) failed.set(text, stop);
      }
    }
  };
  await send(unique.filter((text) => !cached.has(text)));
  if (!dimensions.has(model) && cached.size > 0) dimensions.set(model, cached.values().next().value!.length);
  const stale = [...cached].filter(([, vector]) => vector.length !== dimensions.get(model)).map(([text]) => text);
  for (const text of stale) cached.delete(text);
  await send(stale);
  await Promise.all([...fresh].map(([text, vector]) => cache.set(keyOf(text), vector).catch(() => undefined)));
  const vectors = new Map<string, number[]>();
  for (const text of unique) {
    const vector = cached.get(text) ?? fresh.get(text);
    if (vector) vectors.set(text, vector);
  }
  return { vectors, failed };
}

/**
 * {@link embedAll} for a step that needs every vector: the vectors of `texts` in order.
 *
 * @throws EmbeddingsFailure naming `step`, the provider and the model, with the reason, when a text got none.
 */
export async function embedCached(texts: readonly string[], embed: Embed, cache: VectorCache, options: EmbeddingOptions & { step: string }): Promise<number[][]> {
  const { vectors, failed } = await embedAll(texts, embed, cache, options);
  const [reason] = failed.values();
  if (reason !== undefined) throw new EmbeddingsFailure(embeddingsFailureMessage(options.step, options.provider ?? 'unnamed', options.model ?? '', reason));
  return texts.map((text) => vectors.get(text)!);
}

/** A provider error or an invalid answer, as the reason of a failed request. */
function reasonOf(error: unknown): string {
  if (error instanceof InvalidEmbeddings) return `invalid answer: ${error.message}`;
  const message = error instanceof Error ? error.message : String(error);
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/**
 * A dense retriever: chunks (heading path + text) and queries are embedded, ranked by
 * cosine similarity, ties in corpus order. Vectors come from {@link embedCached}, so unchanged
 * chunks are embedded once across runs and across base/head. `side` names the corpus in messages.
 *
 * @throws EmbeddingsFailure (from the returned retriever) when the provider fails or answers invalid vectors.
 */
export function embeddingRetriever(
  chunks: readonly RetrievalChunk[],
  embed: Embed,
  cache: VectorCache,
  options: EmbeddingOptions & { side?: 'base' | 'head' } = {},
): Retriever {
  const vectorsOf = (texts: string[], step: string) => embedCached(texts, embed, cache, { ...options, step });
  let corpus: Promise<number[][]> | undefined;
  return async (query, k) => {
    corpus ??= vectorsOf(
      chunks.map((chunk) => `${chunk.headingPath.join(' ')}\n${chunk.text}`),
      `embedding ${chunks.length} chunk${chunks.length === 1 ? '' : 's'} of the ${options.side ?? ''}${options.side ? ' ' : ''}docs for golden-set retrieval`,
    );
    // The corpus first, then the query: one request at a time, so the first failure is the one reported.
    const corpusVectors = await corpus;
    const shown = query.replace(/\s+/g, ' ').trim();
    const [queryVector] = await vectorsOf([query], `embedding the golden-set query "${shown.length > 60 ? `${shown.slice(0, 59)}…` : shown}"`);
    const scored = corpusVectors.map((vector, index) => ({ order: chunks[index]!.order, score: cosine(queryVector!, vector) }));
    return scored
      .filter((item) => item.score > 0)
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, k)
      .map((item) => item.order);
  };
}
