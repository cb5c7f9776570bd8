import { createMeasure } from '../tokens/index.js';
import {
  DEFAULT_EMBEDDING_MODEL,
  missingEmbeddingsMessage,
  semanticEmbeddingTexts,
  SemanticEmbeddingsError,
  type SentenceVectors,
} from '../chunking/semantic.js';
import type { Uncheckable } from '../compare/unchecked.js';
import { limitsOf, settingsFor } from '../config/resolve.js';
import type { Config } from '../config/types.js';
import { complexityExcess } from '../markdown/complexity.js';
import { parseMarkdown } from '../markdown/parse.js';
import { embedAll, embeddingsFailureMessage, type Embed, type VectorCache } from '../retrieval/embeddings.js';
import { corpusMap } from './corpus-map.js';

/** Where the `semantic` strategy gets its sentence embeddings: an embedder per model, and the vector cache. */
export interface EmbeddingProvider {
  embedder(model: string): Embed;
  cache: VectorCache;
  /** The provider's host, to name it in messages (never a key): `api.openai.com`, `127.0.0.1:11434`. */
  host?: string;
}

/** The sentence embeddings of a run's `semantic` files, and the files that could not get theirs. */
export interface SemanticVectors {
  /** The lookup the pure chunker takes. */
  vectors: SentenceVectors;
  /**
   * Why the side of `path` with `text` got no vectors (the provider failed, or answered vectors
   * that are not valid), or `undefined` when it got them: the file cannot be chunked as the pipeline does.
   */
  problem(path: string, text: string): Uncheckable | undefined;
}

/** What a writer can do about a file whose sentence embeddings failed. */
const EMBEDDINGS_HINT =
  'chunkgate cannot chunk this file as your pipeline does without its sentence embeddings (a lexical stand-in would score chunks your pipeline does not make). ' +
  'Check llm.baseURL, the API key and chunking.embeddingModel, then run again; thresholds.unchecked: warn lets a provider outage pass with a warning.';

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
 * `files` (those whose settings say `semantic`; see `semanticEmbeddingTexts`), through the cache
 * by content hash, one batch list per embedding model (`embedAll`: every vector checked). A file
 * whose windows did not all get a valid vector has a `problem` naming the step, the provider and the
 * model, and why. Returns `undefined` when no file is semantic.
 *
 * @throws SemanticEmbeddingsError naming the file and setting when a file is semantic and no
 *   provider is given (a usage error: the shells check it before reading any file).
 */
export async function sentenceVectors(
  files: readonly { path: string; text: string }[],
  config: Config,
  provider: EmbeddingProvider | undefined,
): Promise<SemanticVectors | undefined> {
  const byModel = new Map<string, { texts: Set<string>; files: { path: string; text: string; windows: string[] }[] }>();
  const seen = corpusMap<true>();
  for (const file of files) {
    const chunking = settingsFor(config, file.path).chunking;
    if (chunking.strategy !== 'semantic' || seen.has(file.path, file.text)) continue;
    seen.set(file.path, file.text, true);
    if (!provider) throw new SemanticEmbeddingsError(missingEmbeddingsMessage(`${file.path}: chunking.strategy`));
    // A file over a complexity cap is not parsed here either: its analysis reports it unchecked.
    if (complexityExcess(file.text, limitsOf(config).complexity)) continue;
    const model = chunking.embeddingModel ?? DEFAULT_EMBEDDING_MODEL;
    const group = byModel.get(model) ?? { texts: new Set<string>(), files: [] };
    const measure = createMeasure(chunking.unit, chunking.tokenizer);
    const windows = [...new Set(semanticEmbeddingTexts(parseMarkdown(file.path, file.text).doc, chunking, measure))];
    for (const text of windows) group.texts.add(text);
    group.files.push({ path: file.path, text: file.text, windows });
    byModel.set(model, group);
  }
  if (byModel.size === 0 || !provider) return undefined;
  const vectors = new Map<string, number[]>();
  const problems = corpusMap<Uncheckable>();
  const host = provider.host ?? 'unnamed';
  const dimensions = new Map<string, number>();
  for (const [model, group] of byModel) {
    const embedded = await embedAll([...group.texts], provider.embedder(model), provider.cache, { model, dimensions, provider: host });
    embedded.vectors.forEach((vector, text) => vectors.set(`${model}\0${text}`, vector));
    for (const file of group.files) {
      const failed = file.windows.filter((text) => !embedded.vectors.has(text));
      if (failed.length === 0) continue;
      const count = failed.length === file.windows.length ? windowsOf(failed.length) : `${failed.length} of the ${windowsOf(file.windows.length)}`;
      const step = `embedding ${count} of ${file.path} for semantic chunking`;
      problems.set(file.path, file.text, { reason: embeddingsFailureMessage(step, host, model, embedded.failed.get(failed[0]!)!), hint: EMBEDDINGS_HINT });
    }
  }
  return { vectors: (text, model) => vectors.get(`${model}\0${text}`), problem: (path, text) => problems.get(path, text) };
}

function windowsOf(count: number): string {
  return `${count} sentence window${count === 1 ? '' : 's'}`;
}
