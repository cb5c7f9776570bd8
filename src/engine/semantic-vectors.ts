import { createMeasure } from '../chunking/measure.js';
import {
  DEFAULT_EMBEDDING_MODEL,
  missingEmbeddingsMessage,
  semanticEmbeddingTexts,
  SemanticEmbeddingsError,
  type SentenceVectors,
} from '../chunking/semantic.js';
import { settingsFor } from '../config/resolve.js';
import type { Config } from '../config/types.js';
import { parseMarkdown } from '../markdown/parse.js';
import { embedCached, type Embed, type VectorCache } from '../retrieval/embeddings.js';

/** Where the `semantic` strategy gets its sentence embeddings: an embedder per model, and the vector cache. */
export interface EmbeddingProvider {
  embedder(model: string): Embed;
  cache: VectorCache;
}

/**
 * The config key of the first `semantic` strategy (`chunking.strategy`, `overrides[i].chunking.strategy`),
 * or `null` when no file can be chunked semantically.
 */
export function semanticSetting(config: Config): string | null {
  if (config.chunking.strategy === 'semantic') return 'chunking.strategy';
  const index = config.overrides.findIndex((override) => override.chunking?.strategy === 'semantic');
  return index === -1 ? null : `overrides[${index}].chunking.strategy`;
}

/**
 * Embeds, before any chunking, every sentence window the `semantic` strategy will look up in
 * `files` (those whose settings say `semantic`; see `semanticEmbeddingTexts`), through the
 * cache by content hash, one batch list per embedding model. Returns the lookup the pure
 * chunker takes, or `undefined` when no file is semantic.
 *
 * @throws SemanticEmbeddingsError naming the file and setting when a file is semantic and no
 *   provider is given; the provider's errors propagate (the run cannot chunk without them).
 */
export async function sentenceVectors(
  files: readonly { path: string; text: string }[],
  config: Config,
  provider: EmbeddingProvider | undefined,
): Promise<SentenceVectors | undefined> {
  const byModel = new Map<string, Set<string>>();
  for (const file of files) {
    const chunking = settingsFor(config, file.path).chunking;
    if (chunking.strategy !== 'semantic') continue;
    if (!provider) throw new SemanticEmbeddingsError(missingEmbeddingsMessage(`${file.path}: chunking.strategy`));
    const model = chunking.embeddingModel ?? DEFAULT_EMBEDDING_MODEL;
    const texts = byModel.get(model) ?? new Set<string>();
    const measure = createMeasure(chunking.unit, chunking.tokenizer);
    for (const text of semanticEmbeddingTexts(parseMarkdown(file.path, file.text).doc, chunking, measure)) texts.add(text);
    byModel.set(model, texts);
  }
  if (byModel.size === 0 || !provider) return undefined;
  const vectors = new Map<string, number[]>();
  for (const [model, set] of byModel) {
    const texts = [...set];
    const embedded = await embedCached(texts, provider.embedder(model), provider.cache, { model });
    texts.forEach((text, index) => vectors.set(`${model}\0${text}`, embedded[index]!));
  }
  return (text, model) => vectors.get(`${model}\0${text}`);
}
