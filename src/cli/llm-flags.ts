import type { Config } from '../config/types.js';
import type { LlmSettings } from '../sources/llm.js';
import { oneOf } from './args.js';
import type { CliIO } from './io.js';

/**
 * The LLM options shared by every command that can call a model (`diff`, `eval`), as
 * `util.parseArgs` options: spread them into the command's own.
 */
export const LLM_FLAGS = {
  scorer: { type: 'string' },
  'llm-base-url': { type: 'string' },
  model: { type: 'string' },
  'cache-dir': { type: 'string' },
} as const;

/** Usage lines of {@link LLM_FLAGS}, for a command's help text. */
export const LLM_FLAGS_USAGE = `  --scorer S        heuristic (offline, default) or llm (key from OPENAI_API_KEY)
  --llm-base-url U  any OpenAI-compatible API (default: the config's llm.baseURL)
  --model NAME      model for the llm scorer (default: the config's llm.model)
  --cache-dir DIR   LLM judge and embeddings cache (default: the config's llm.cache)`;

/** The values {@link LLM_FLAGS} parse to. */
export interface LlmFlagValues {
  scorer?: string | undefined;
  'llm-base-url'?: string | undefined;
  model?: string | undefined;
  'cache-dir'?: string | undefined;
}

/** `--scorer`, `--model` and `--llm-base-url` over the config's `scoring` and `llm`. */
export function withLlmFlags(config: Config, values: LlmFlagValues): Config {
  const scorer = oneOf('scorer', values.scorer, ['heuristic', 'llm'] as const, config.scoring.scorer);
  const model = values.model;
  const baseURL = values['llm-base-url'];
  return {
    ...config,
    scoring: { ...config.scoring, scorer },
    llm: { ...config.llm, ...(model ? { model } : {}), ...(baseURL ? { baseURL } : {}) },
  };
}

/** Where the model runs and caches for this CLI run: `OPENAI_API_KEY`, the cwd, `--cache-dir`. */
export function llmSettings(io: CliIO, values: LlmFlagValues): LlmSettings {
  return { apiKey: io.env.OPENAI_API_KEY ?? null, root: io.cwd, cacheDir: values['cache-dir'] ?? null };
}
