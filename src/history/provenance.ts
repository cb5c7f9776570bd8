import { createHash } from 'node:crypto';
import type { Config } from '../config/types.js';
import { PROMPT_VERSION } from '../metrics/content/llm/prompt.js';
import { canonical } from '../report/json.js';
import type { Provenance } from '../types.js';
import { VERSION } from '../version.js';

/** What {@link provenanceOf} needs to know about a run. */
export interface ProvenanceInput {
  /** The resolved config the run used (CLI flags and action inputs applied). */
  config: Config;
  scorer: 'heuristic' | 'llm';
  /** The commits compared, when known (default: none). */
  commits?: { base?: string | null; head?: string | null };
  /** True when golden-set retrieval ran on embeddings (default: `false`). */
  denseRetrieval?: boolean;
}

/**
 * The provenance of a report: tool version, config hash, scorer, the judge's model and
 * prompt version (`llm` only), embedding models used (a `semantic` strategy anywhere in
 * the config; embeddings retrieval) and the commits. Pure and clock-free.
 */
export function provenanceOf(input: ProvenanceInput): Provenance {
  const { config } = input;
  const llm = input.scorer === 'llm';
  const embeddings = new Set<string>();
  const strategies = [config.chunking, ...config.overrides.map((override) => ({ ...config.chunking, ...override.chunking }))];
  for (const chunking of strategies) {
    if (chunking.strategy === 'semantic') embeddings.add(chunking.embeddingModel ?? config.golden.embeddingModel);
  }
  if (input.denseRetrieval) embeddings.add(config.golden.embeddingModel);
  return {
    tool: 'chunkgate',
    version: VERSION,
    configHash: configHash(config),
    scorer: input.scorer,
    model: llm ? config.llm.model : null,
    promptVersion: llm ? PROMPT_VERSION : null,
    embeddingModels: [...embeddings].sort(),
    commits: { base: input.commits?.base ?? null, head: input.commits?.head ?? null },
  };
}

/** First 16 hex digits of the SHA-256 of `config` as canonical JSON (keys sorted, numbers rounded). */
function configHash(config: unknown): string {
  return createHash('sha256').update(JSON.stringify(canonical(config))).digest('hex').slice(0, 16);
}
