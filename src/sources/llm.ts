import { resolve } from 'node:path';
import { probeSettings, type Config } from '../config/types.js';
import type { CompareOptions, ProbeQuestions } from '../engine/compare-files.js';
import { subjectKey, writeQuestions } from '../probes/questions.js';
import { llmScorer } from '../engine/semantic.js';
import { createFileCache } from './cache.js';
import { createOpenAIProvider } from './openai.js';
import { createOpenAIEmbedder, embeddingsHost } from './embeddings.js';
import type { Embed, VectorCache } from '../retrieval/embeddings.js';
import { missingEmbeddingsMessage } from '../chunking/semantic.js';
import { semanticSetting, type EmbeddingProvider } from '../engine/semantic-vectors.js';

/** Where the LLM judge runs and keeps its cache. */
export interface LlmSettings {
  apiKey: string | null;
  /** Relative cache paths resolve against this folder (the repo or workspace). */
  root: string;
  /** Cache folder over `config.llm.cache` (default: the config's). */
  cacheDir?: string | null;
}

/**
 * The semantic scorer the config asks for: `undefined` for `heuristic`; for `llm`, the
 * judge on the real `openai` client with a file cache. Without a key and without a
 * custom `baseURL` it throws, naming what to set — before any file is read.
 */
export function semanticFor(config: Config, settings: LlmSettings): CompareOptions['semantic'] {
  if (config.scoring.scorer !== 'llm') return undefined;
  if (!settings.apiKey && !config.llm.baseURL) {
    throw new Error(
      'scoring.scorer is llm but no API key is set: set OPENAI_API_KEY (CLI) or the openai-api-key input (action), or llm.baseURL for a local OpenAI-compatible server',
    );
  }
  const provider = createOpenAIProvider({
    apiKey: settings.apiKey,
    baseURL: config.llm.baseURL,
    timeoutMs: config.llm.timeout,
  });
  const cache = createFileCache(resolve(settings.root, settings.cacheDir ?? config.llm.cache));
  return { name: 'llm', score: llmScorer(config, provider, cache) };
}

/**
 * The embeddings provider for `golden.retriever: embeddings`: the real `openai` client
 * (any OpenAI-compatible `llm.baseURL`) with the file cache; `undefined` when the config
 * asks for BM25 or no key / base URL is set (the engine then says it used BM25).
 */
export function denseFor(config: Config, settings: LlmSettings): { embed: Embed; cache: VectorCache; host: string } | undefined {
  if (config.golden.retriever !== 'embeddings' || (!settings.apiKey && !config.llm.baseURL)) return undefined;
  return {
    embed: createOpenAIEmbedder({ apiKey: settings.apiKey, baseURL: config.llm.baseURL, model: config.golden.embeddingModel, timeoutMs: config.llm.timeout }),
    cache: createFileCache(resolve(settings.root, settings.cacheDir ?? config.llm.cache)),
    host: embeddingsHost(config.llm.baseURL),
  };
}

/**
 * The embeddings provider for `chunking.strategy: semantic`: the real `openai` client
 * (`embeddings.create`, any OpenAI-compatible `llm.baseURL`), one embedder per model, with the file
 * cache (vectors keyed by model and content hash). `undefined` when no strategy in the config is
 * `semantic`. Without a key and without `llm.baseURL` it throws, naming the setting, before any
 * file is read: a semantic score on chunks the pipeline would not make is worse than no score.
 */
export function embeddingsFor(config: Config, settings: LlmSettings): EmbeddingProvider | undefined {
  const setting = semanticSetting(config);
  if (setting === null) return undefined;
  if (!settings.apiKey && !config.llm.baseURL) throw new Error(missingEmbeddingsMessage(setting));
  return {
    embedder: (model) => createOpenAIEmbedder({ apiKey: settings.apiKey, baseURL: config.llm.baseURL, model, timeoutMs: config.llm.timeout }),
    cache: createFileCache(resolve(settings.root, settings.cacheDir ?? config.llm.cache)),
    host: embeddingsHost(config.llm.baseURL),
  };
}

/**
 * The question writer for `retrieval.probes: llm`: one reader's question per kept passage from the
 * `llm:` model, on the real `openai` client with the judge's file cache, concurrency and timeout.
 * `undefined` unless the config asks for it. Without a key and without `llm.baseURL` it throws,
 * naming what to set, before any file is read.
 */
export function questionsFor(config: Config, settings: LlmSettings): ProbeQuestions | undefined {
  if (probeSettings(config).probes !== 'llm') return undefined;
  if (!settings.apiKey && !config.llm.baseURL) {
    throw new Error(
      'retrieval.probes is llm but no API key is set: set OPENAI_API_KEY (CLI) or the openai-api-key input (action), or llm.baseURL for a local OpenAI-compatible server',
    );
  }
  const provider = createOpenAIProvider({ apiKey: settings.apiKey, baseURL: config.llm.baseURL, timeoutMs: config.llm.timeout });
  const cache = createFileCache(resolve(settings.root, settings.cacheDir ?? config.llm.cache));
  return async (subjects) => {
    const result = await writeQuestions(
      {
        subjects,
        model: config.llm.model,
        maxConcurrency: config.llm.maxConcurrency,
        timeoutMs: config.llm.timeout * 3,
        ...(config.llm.prices ? { prices: config.llm.prices } : {}),
      },
      provider,
      cache,
    );
    const notices =
      result.failed === 0
        ? []
        : [`Probe questions: ${result.failed} of ${new Set(subjects.map(subjectKey)).size} passages got no question (${[...new Set(result.reasons.map((reason) => reason.split(':', 1)[0]))].join(', ') || 'left out of the answer'}); their offline probes ran alone`];
    return { questions: result.questions, cost: result.cost, notices };
  };
}
