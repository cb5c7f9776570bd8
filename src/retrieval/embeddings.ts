import { createHash } from 'node:crypto';
import type { RetrievalChunk, Retriever } from './types.js';

/** Turns texts into vectors (one call per batch); an OpenAI-compatible `/embeddings` in production. */
export type Embed = (texts: string[]) => Promise<number[][]>;

/** Where vectors are kept between runs (the same cache folder as the LLM judge's); `get` resolves `undefined` on a miss. */
export interface VectorCache {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

/** Options for {@link embeddingRetriever}. */
export interface EmbeddingOptions {
  /** Part of every cache key: vectors of another model never mix (default: `''`). */
  model?: string;
  /** Texts per embedding request (default: `64`). */
  batchSize?: number;
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
 * Vectors of `texts` in order: each looked up in `cache` under SHA-256 of the model and the
 * text (content hash), the misses embedded once each in batches of `batchSize` and stored.
 * A cache that cannot read or write only costs a re-embed; `embed` errors propagate.
 */
export async function embedCached(texts: readonly string[], embed: Embed, cache: VectorCache, options: EmbeddingOptions = {}): Promise<number[][]> {
  const model = options.model ?? '';
  const batchSize = options.batchSize ?? 64;
  const keyOf = (text: string) => createHash('sha256').update(model).update('\0').update(text).digest('hex');
  const vectors: (number[] | undefined)[] = await Promise.all(
    texts.map(async (text) => {
      const hit = await cache.get(keyOf(text)).catch(() => undefined);
      return Array.isArray(hit) ? (hit as number[]) : undefined;
    }),
  );
  const missing = [...new Set(texts.filter((_, index) => vectors[index] === undefined))];
  const fresh = new Map<string, number[]>();
  for (let start = 0; start < missing.length; start += batchSize) {
    const batch = missing.slice(start, start + batchSize);
    const embedded = await embed(batch);
    batch.forEach((text, index) => fresh.set(text, embedded[index]!));
  }
  await Promise.all([...fresh].map(([text, vector]) => cache.set(keyOf(text), vector).catch(() => undefined)));
  return texts.map((text, index) => vectors[index] ?? fresh.get(text)!);
}

/**
 * A dense retriever: chunks (heading path + text) and queries are embedded, ranked by
 * cosine similarity, ties in corpus order. Vectors come from {@link embedCached}, so unchanged
 * chunks are embedded once across runs and across base/head.
 */
export function embeddingRetriever(chunks: readonly RetrievalChunk[], embed: Embed, cache: VectorCache, options: EmbeddingOptions = {}): Retriever {
  const vectorsOf = (texts: string[]) => embedCached(texts, embed, cache, options);
  let corpus: Promise<number[][]> | undefined;
  return async (query, k) => {
    corpus ??= vectorsOf(chunks.map((chunk) => `${chunk.headingPath.join(' ')}\n${chunk.text}`));
    const [queryVector] = await vectorsOf([query]);
    const scored = (await corpus).map((vector, index) => ({ order: chunks[index]!.order, score: cosine(queryVector!, vector) }));
    return scored
      .filter((item) => item.score > 0)
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, k)
      .map((item) => item.order);
  };
}
