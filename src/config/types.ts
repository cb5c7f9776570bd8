import type { LevelTag, RuleLevels } from '../shared/rules.js';
import type { RuleLevel } from '../shared/words.js';
import type { ContentWeights, OverallWeights, StructuralWeights } from '../shared/weights.js';
import type { ChunkingOptions } from '../types.js';

/** What can fail the check (`thresholds.failOn`). */
export const FAIL_ON_VALUES = ['threshold', 'regression', 'partial'] as const;
export type FailOn = (typeof FAIL_ON_VALUES)[number];

/** `thresholds.gate` values. */
export const GATE_SCOPES = ['changed', 'all'] as const;
export type GateScope = (typeof GATE_SCOPES)[number];

/** `inlineDisables` values: what a disable comment that a change adds or widens does. */
export const INLINE_DISABLE_POLICIES = ['gate', 'report', 'off'] as const;
export type InlineDisablePolicy = (typeof INLINE_DISABLE_POLICIES)[number];

/** Score limits (docs/rules.md#regressions-and-failures). */
interface Thresholds {
  /** Minimum file `structural` score (default: `70`). */
  structural: number;
  /** Minimum file `content` score (default: `60`). */
  content: number;
  /** Largest allowed drop of a file score, in points (default: `5`). */
  fileDrop: number;
  /** A chunk whose `overall` drops by at least this is a regression (default: `10`). */
  chunkDrop: number;
  /** Which findings fail the check (default: `['threshold']`). */
  failOn: FailOn[];
  /**
   * A changed file that cannot be checked (binary, invalid UTF-8, too large, over its time
   * budget, parser or chunker failure): `fail` fails the run whatever `failOn` says, `warn`
   * only reports it (default: `fail`).
   */
  unchecked: 'fail' | 'warn';
  /**
   * What may gate (docs/design.md#what-a-change-answers-for): `changed` (default) — only what
   * this change made new or worse, and of weight; `all` — every regression and threshold
   * failure, pre-existing ones included.
   */
  gate: GateScope;
  /** Golden-set retrieval limits, shares 0–1, `null` = not checked (default: all `null`). */
  retrieval: RetrievalThresholds;
}

/** `thresholds.retrieval`: minimum head MRR / recall@k, and the largest allowed drop from base. */
export interface RetrievalThresholds {
  mrr: number | null;
  mrrDrop: number | null;
  recall: number | null;
  recallDrop: number | null;
}

/** `rules:` as written: a level for some rules (the others keep theirs). */
type RuleLevelsPatch = Partial<Record<LevelTag, RuleLevel>>;

/** An `overrides` entry: settings for files matching `paths`. */
export interface Override {
  paths: string[];
  chunking?: Partial<Omit<ChunkingOptions, 'headingLevels'>> & { headingLevels?: { max: number } };
  thresholds?: Partial<Omit<Thresholds, 'failOn' | 'retrieval' | 'unchecked'>>;
  /** Levels for these files, laid over the top-level `rules`. */
  rules?: RuleLevelsPatch;
}

/** `.chunkgate.yml` after validation, with every default filled in (docs/config.md). */
export interface Config {
  include: string[];
  exclude: string[];
  chunking: ChunkingOptions;
  scoring: { scorer: 'heuristic' | 'llm'; weights: { structural: StructuralWeights; content: ContentWeights; overall: OverallWeights } };
  llm: {
    model: string;
    baseURL: string | null;
    maxConcurrency: number;
    cache: string;
    /** Per-request timeout in milliseconds (default: `60000`). */
    timeout: number;
    /** USD per million tokens for the cost estimate (default: `null`: gpt-tokenizer's model data, which lacks some models). */
    prices: { input: number; output: number } | null;
  };
  thresholds: Thresholds;
  /**
   * Golden-set retrieval (docs/config.md#retrieval-on-a-golden-set-optional); `embeddingModel`
   * is used with `retriever: embeddings` (default: `text-embedding-3-small`).
   */
  golden: { file: string; k: number; retriever: 'bm25' | 'embeddings'; embeddingModel: string };
  /** Retrieval probes; absent when the file does not set them (then `{ probes: offline, budget: 1024 }`: {@link probeSettings}). */
  retrieval?: ProbeSettings;
  /** Rule levels (`error | warn | off`) over the registry's defaults; absent when the file sets none. */
  rules?: RuleLevelsPatch;
  /**
   * Inline `chunkgate-disable` comments (read from the base side's config, like every key):
   * `gate` (default) — they hide the findings of the rules they name, and one that a change adds
   * or widens is a gating `rules-disabled` finding; `report` — the same finding, listed, never
   * gating; `off` — the comments are ignored, nothing is hidden. Absent when the file does not set it.
   */
  inlineDisables?: InlineDisablePolicy;
  /** What one file may cost before it is `unchecked` (see `limitsOf`); absent when the file sets none. */
  limits?: { cpuSeconds?: number; nesting?: number; backtickRun?: number; inlineMarkers?: number };
  overrides: Override[];
}

/** `retrieval:` of the config: whether each changed page's passages are looked for over the whole corpus, and the context budget in tokens. */
export interface ProbeSettings {
  /** `llm`: the offline probes plus a question per passage written by the `llm:` model. */
  probes: 'offline' | 'llm' | 'off';
  budget: number;
}

/** The probe settings of a config, defaults filled in. */
export function probeSettings(config: Pick<Config, 'retrieval'>): ProbeSettings {
  return config.retrieval ?? { probes: 'offline', budget: 1024 };
}

/** The settings that apply to one file after `overrides`. */
export interface FileSettings {
  chunking: ChunkingOptions;
  thresholds: Omit<Thresholds, 'failOn' | 'retrieval' | 'unchecked'>;
  /** The level of every rule: the registry's defaults, then `rules`, then each matching override's. */
  rules: RuleLevels;
}
