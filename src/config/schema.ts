import { z } from 'zod';
import { CONTENT_METRIC_NAMES, OVERALL_COMPONENT_NAMES, STRUCTURAL_METRIC_NAMES } from '../shared/metric-names.js';
import { LEVEL_TAGS } from '../shared/rules.js';
import { RULE_LEVELS } from '../shared/words.js';
import { FAIL_ON_VALUES, GATE_SCOPES, INLINE_DISABLE_POLICIES } from './types.js';
import { globProblem } from './globs.js';
import type { ChunkingOptions } from '../types.js';
import { deriveTiny, isTinyExplicit, markTinySource } from './tiny.js';
import { strict } from '../shared/strict.js';
import type { Config } from './types.js';

// Convention: every schema's `error` returns the allowed values in words, so load.ts can
// print "(allowed: …)" for any issue. For an unknown key it is the comma-separated list of
// the keys allowed at that level (load.ts also picks its typo suggestion from that list).

const PRESET_STRATEGIES = ['langchain-recursive', 'langchain-markdown', 'langchain-markdown-header', 'llamaindex-markdown', 'llamaindex-sentence'] as const;
const STRATEGIES = ['heading', 'recursive', 'sentence', 'fixed', 'semantic', ...PRESET_STRATEGIES, 'external'] as const;
/** Library defaults of the keys a preset's mapping leaves out (`chunkSize` / `chunkOverlap` are `max` / `overlap`). */
const PRESET_DEFAULTS: Partial<Record<(typeof STRATEGIES)[number], { unit: 'chars' | 'tokens'; max: number; overlap: number }>> = {
  'langchain-recursive': { unit: 'chars', max: 1000, overlap: 200 },
  'langchain-markdown': { unit: 'chars', max: 1000, overlap: 200 },
  'langchain-markdown-header': { unit: 'chars', max: 1000, overlap: 200 },
  'llamaindex-sentence': { unit: 'tokens', max: 1024, overlap: 200 },
};
const UNITS = ['tokens', 'chars'] as const;
const TOKENIZERS = ['o200k_base', 'cl100k_base'] as const;
const FAIL_ON = FAIL_ON_VALUES;
const STRUCTURAL_METRICS = STRUCTURAL_METRIC_NAMES;
const CONTENT_METRICS = CONTENT_METRIC_NAMES;

/** Chunking defaults (docs/config.md); `tiny` is derived from the final `max` instead. */
const DEFAULT_CHUNKING: Omit<ChunkingOptions, 'tiny'> = {
  strategy: 'heading',
  unit: 'tokens',
  tokenizer: 'o200k_base',
  max: 512,
  min: 64,
  overlap: 0,
  headingLevels: { max: 3 },
};

function integer(min: number, max?: number) {
  const allowed = max === undefined ? `an integer ≥ ${min}` : `an integer from ${min} to ${max}`;
  const error = () => allowed;
  const schema = z.int({ error }).min(min, { error });
  return max === undefined ? schema : schema.max(max, { error });
}

function number(min: number, max?: number) {
  const allowed = max === undefined ? `a number ≥ ${min}` : `a number from ${min} to ${max}`;
  const error = () => allowed;
  const schema = z.number({ error }).min(min, { error });
  return max === undefined ? schema : schema.max(max, { error });
}

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: () => values.join(', ') });
}

function text(allowed = 'a non-empty string') {
  const error = () => allowed;
  return z.string({ error }).min(1, { error });
}


/** A list, or a single item standing for a one-item list (shorthand normalised here, once). */
function list<T extends z.ZodType>(item: T, allowed: string, minItems = 0) {
  const error = () => allowed;
  return z.preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(item, { error }).min(minItems, { error }));
}

function weightMap<const K extends string>(names: readonly K[]) {
  const weight = number(0);
  const shape = Object.fromEntries(names.map((name) => [name, weight.optional()])) as Record<K, z.ZodOptional<typeof weight>>;
  return strict(shape);
}

const boolean = () => z.boolean({ error: () => 'true or false' });
const regexSource = text('a regular expression (JavaScript syntax)').refine(
  (source) => {
    try {
      new RegExp(source, 'g');
      return true;
    } catch {
      return false;
    }
  },
  { error: () => 'a valid regular expression (JavaScript syntax)' },
);
const headerPair = z.tuple([text('a header marker such as "##"'), text('a metadata name such as "Header 2"')], {
  error: () => 'a [marker, name] pair such as ["##", "Header 2"]',
});

/**
 * Chunking keys as the user writes them: every one optional (top level and overrides alike).
 * `chunkSize` / `chunkOverlap` (the libraries' names) become `max` / `overlap`; a mapping that
 * sets a preset strategy gets the library's defaults for the sizes and unit it leaves out (see `PRESET_DEFAULTS`).
 */
const chunkingPatch = strict({
  strategy: oneOf(STRATEGIES).optional(),
  unit: oneOf(UNITS).optional(),
  tokenizer: oneOf(TOKENIZERS).optional(),
  max: integer(1).optional(),
  min: integer(0).optional(),
  overlap: integer(0).optional(),
  tiny: integer(0).optional(),
  headingLevels: strict({ max: integer(1, 6) }).optional(),
  chunkSize: integer(1).optional(),
  chunkOverlap: integer(0).optional(),
  separators: z.array(z.string({ error: () => 'a string' }), { error: () => 'a list of strings (tried in order)' }).optional(),
  keepSeparator: boolean().optional(),
  headersToSplitOn: z.array(headerPair, { error: () => 'a list of [marker, name] pairs such as ["##", "Header 2"]' }).min(1, { error: () => 'a non-empty list of [marker, name] pairs' }).optional(),
  stripHeaders: boolean().optional(),
  recursiveSplit: boolean().optional(),
  paragraphSeparator: text().optional(),
  separator: text().optional(),
  secondaryChunkingRegex: regexSource.optional(),
  frontMatter: oneOf(['keep', 'strip']).optional(),
  command: z
    .array(text('a non-empty string'), { error: () => 'a list: the program and its arguments, run without a shell, e.g. [python3, scripts/chunk.py]' })
    .min(1, { error: () => 'a non-empty list: the program and its arguments, e.g. [python3, scripts/chunk.py]' })
    .optional(),
  timeout: number(1, 3600).optional(),
  // strategy semantic (docs/config.md#chunking-strategies)
  breakpointPercentile: number(0, 100).optional(),
  bufferSize: integer(0, 10).optional(),
  embeddingModel: text('an embedding model name, e.g. text-embedding-3-small').optional(),
})
  .superRefine((patch, ctx) => {
    for (const [alias, key] of [['chunkSize', 'max'], ['chunkOverlap', 'overlap']] as const) {
      if (patch[alias] !== undefined && patch[key] !== undefined) ctx.addIssue({ code: 'custom', path: [alias], message: `${alias} or ${key}, not both (${alias} is the library's name for ${key})` });
    }
    const defaults = patch.strategy ? PRESET_DEFAULTS[patch.strategy] : undefined;
    const size = patch.chunkSize ?? patch.max;
    if (defaults && size !== undefined && patch.chunkOverlap === undefined && patch.overlap === undefined && defaults.overlap >= size) {
      ctx.addIssue({
        code: 'custom',
        path: [patch.chunkSize !== undefined ? 'chunkSize' : 'max'],
        message: `an integer above ${defaults.overlap}, the library's default chunkOverlap (or set chunkOverlap below ${size}: ${patch.strategy} refuses chunkOverlap ≥ chunkSize)`,
      });
    }
    if (patch.strategy === 'llamaindex-sentence' && patch.unit === 'chars') {
      ctx.addIssue({ code: 'custom', path: ['unit'], message: 'tokens (llamaindex-sentence counts tokens, like LlamaIndex)' });
    }
  })
  .transform(({ chunkSize, chunkOverlap, ...rest }) => {
    const patch = { ...rest, ...(chunkSize !== undefined ? { max: chunkSize } : {}), ...(chunkOverlap !== undefined ? { overlap: chunkOverlap } : {}) };
    const defaults = patch.strategy ? PRESET_DEFAULTS[patch.strategy] : undefined;
    if (!defaults) return patch;
    const max = patch.max ?? defaults.max;
    // A default overlap the size cannot take was reported above; leaving it out avoids a second report.
    const overlap = patch.overlap ?? (defaults.overlap < max ? defaults.overlap : undefined);
    return { ...patch, unit: patch.unit ?? defaults.unit, max, ...(overlap !== undefined ? { overlap } : {}) };
  });
type ChunkingPatch = z.output<typeof chunkingPatch>;

/**
 * Adds an issue for each size that conflicts with the others once `patch` is laid over
 * `base`: `min < max`, `overlap < max`, and an explicit `tiny ≤ max`. The key blamed is
 * the one the user wrote in `patch` (so the line points at their text).
 */
function checkSizes(patch: ChunkingPatch, base: ChunkingOptions, baseExplicitTiny: boolean, ctx: z.RefinementCtx, at: (string | number)[]): void {
  const isSize = (value: unknown, least: number) => typeof value === 'number' && Number.isInteger(value) && value >= least;
  const max = patch.max ?? base.max;
  const min = patch.min ?? base.min;
  const overlap = patch.overlap ?? base.overlap;
  const tiny = patch.tiny ?? (baseExplicitTiny ? base.tiny : undefined);
  // Field errors were reported by the field schemas; comparing invalid values adds noise.
  if (!isSize(max, 1) || !isSize(min, 0) || !isSize(overlap, 0) || (tiny !== undefined && !isSize(tiny, 0))) return;
  const blame = (key: 'min' | 'overlap' | 'tiny', limitAllowed: string, valueAllowed: string) => {
    const own = patch[key] !== undefined;
    ctx.addIssue({
      code: 'custom',
      path: [...at, own || patch.max === undefined ? key : 'max'],
      message: own || patch.max === undefined ? valueAllowed : limitAllowed,
    });
  };
  // `min` is a `heading` setting: presets and external chunkers never read it.
  const usesMin = !(PRESET_STRATEGIES as readonly string[]).includes(patch.strategy ?? base.strategy) && (patch.strategy ?? base.strategy) !== 'external';
  if (min >= max && usesMin) blame('min', `an integer above min (${min})`, `an integer from 0 to ${max - 1} (below max ${max})`);
  if (overlap >= max) blame('overlap', `an integer above overlap (${overlap})`, `an integer from 0 to ${max - 1} (below max ${max})`);
  if (tiny !== undefined && tiny > max) blame('tiny', `an integer ≥ tiny (${tiny})`, `an integer from 0 to ${max} (at most max ${max})`);
}

const chunkingSchema = chunkingPatch
  .superRefine((patch, ctx) => {
    checkSizes(patch, { ...DEFAULT_CHUNKING, tiny: 0 }, false, ctx, []);
    if (patch.strategy === 'external' && patch.command === undefined) {
      ctx.addIssue({ code: 'custom', path: ['command'], message: 'a command list (strategy external needs one), e.g. [python3, scripts/chunk.py]' });
    }
  })
  .transform((patch): ChunkingOptions => {
    const max = patch.max ?? DEFAULT_CHUNKING.max;
    const { strategy: _s, unit: _u, tokenizer: _t, max: _m, min: _n, overlap: _o, tiny: _y, headingLevels: _h, ...library } = patch;
    const chunking: ChunkingOptions = {
      ...library,
      strategy: patch.strategy ?? DEFAULT_CHUNKING.strategy,
      unit: patch.unit ?? DEFAULT_CHUNKING.unit,
      tokenizer: patch.tokenizer ?? DEFAULT_CHUNKING.tokenizer,
      max,
      min: patch.min ?? DEFAULT_CHUNKING.min,
      overlap: patch.overlap ?? DEFAULT_CHUNKING.overlap,
      tiny: patch.tiny ?? deriveTiny(max),
      headingLevels: { max: patch.headingLevels?.max ?? DEFAULT_CHUNKING.headingLevels.max },
    };
    markTinySource(chunking, patch.tiny !== undefined);
    return chunking;
  });

const thresholdFields = {
  structural: number(0, 100),
  content: number(0, 100),
  fileDrop: number(0, 100),
  chunkDrop: number(0, 100),
};

const thresholdsSchema = strict({
  structural: thresholdFields.structural.default(70),
  content: thresholdFields.content.default(60),
  fileDrop: thresholdFields.fileDrop.default(5),
  chunkDrop: thresholdFields.chunkDrop.default(10),
  failOn: list(oneOf(FAIL_ON), `a list of ${FAIL_ON.join(', ')}`)
    .transform((items) => [...new Set(items)])
    .default(['threshold']),
  // A changed file that cannot be checked fails the run whatever failOn says, unless `warn`.
  unchecked: oneOf(['fail', 'warn']).default('fail'),
  // `changed`: only what the change made new or worse gates
  // (docs/design.md#what-a-change-answers-for); `all`: pre-existing problems too.
  gate: oneOf(GATE_SCOPES).default('changed'),
  // Golden-set retrieval limits, as shares 0–1; a limit left out is not checked.
  retrieval: strict({
    mrr: number(0, 1).nullable().default(null),
    mrrDrop: number(0, 1).nullable().default(null),
    recall: number(0, 1).nullable().default(null),
    recallDrop: number(0, 1).nullable().default(null),
  }).prefault({}),
});

// picomatch accepts broken globs silently (`{a,b` matches nothing): say so, with the place.
const glob = text('a glob relative to the repository root').superRefine((value, ctx) => {
  const problem = globProblem(value);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: `a well-formed glob: ${problem}` });
});
const globs = (allowed: string, minItems: number) => list(glob, allowed, minItems);

// A level per rule tag (`rules: { table-split: warn }`); an unknown rule is an unknown key, with "did you mean".
const rulesSchema = strict(Object.fromEntries(LEVEL_TAGS.map((tag) => [tag, oneOf(RULE_LEVELS).optional()])));

const overrideSchema = strict({
  paths: globs('a non-empty list of globs', 1),
  chunking: chunkingPatch.optional(),
  rules: rulesSchema.optional(),
  thresholds: strict({
    structural: thresholdFields.structural.optional(),
    content: thresholdFields.content.optional(),
    fileDrop: thresholdFields.fileDrop.optional(),
    chunkDrop: thresholdFields.chunkDrop.optional(),
  }).optional(),
});

const rootSchema = strict({
  include: globs('a non-empty list of globs', 1).default(['**/*.md', '**/*.mdx']),
  exclude: globs('a list of globs', 0).default(['**/node_modules/**', '**/.*/**']),
  chunking: chunkingSchema.prefault({}),
  scoring: strict({
    scorer: oneOf(['heuristic', 'llm']).default('heuristic'),
    weights: strict({
      structural: z.union([oneOf(['default', 'equal']), weightMap(STRUCTURAL_METRICS)]).default('default'),
      content: z.union([oneOf(['default', 'equal']), weightMap(CONTENT_METRICS)]).default('default'),
      // A chunk's `overall` (docs/scores.md#a-chunks-overall-score-and-grade): `default`, or
      // numbers per chunk metric (left out: its default weight).
      overall: z.union([oneOf(['default']), weightMap(OVERALL_COMPONENT_NAMES)]).default('default'),
    }).prefault({}),
  }).prefault({}),
  llm: strict({
    model: text().default('gpt-4o-mini'),
    baseURL: z
      .url({ protocol: /^https?$/, error: () => 'an http(s) URL of an OpenAI-compatible API, or null' })
      .nullable()
      .default(null),
    maxConcurrency: integer(1, 64).default(4),
    cache: text('a directory path').default('.chunkgate-cache'),
    timeout: integer(1).default(60_000),
    prices: strict({ input: number(0), output: number(0) }).nullable().default(null),
  }).prefault({}),
  thresholds: thresholdsSchema.prefault({}),
  golden: strict({
    file: text('a file path').default('.chunkgate/golden.yml'),
    k: integer(1).default(5),
    retriever: oneOf(['bm25', 'embeddings']).default('bm25'),
    embeddingModel: text('an embeddings model name').default('text-embedding-3-small'),
  }).prefault({}),
  // Retrieval probes (no golden set needed): each changed page's passages looked for over the whole corpus.
  // Left out of the output when not set, so a config without it keeps its provenance hash.
  retrieval: strict({
    probes: oneOf(['offline', 'llm', 'off']).default('offline'),
    budget: integer(1).default(1024),
  }).optional(),
  // Left out of the output when not set, so a config without it keeps its provenance hash.
  rules: rulesSchema.optional(),
  // Left out when not set, like `rules`: `gate` applies.
  inlineDisables: oneOf(INLINE_DISABLE_POLICIES).optional(),
  // Likewise; `limitsOf` fills in the defaults.
  limits: strict({
    cpuSeconds: number(1, 3600).optional(),
    nesting: integer(1, 10_000).optional(),
    backtickRun: integer(3, 100_000).optional(),
    inlineMarkers: integer(1, 1_000_000).optional(),
  }).optional(),
  overrides: z.array(overrideSchema, { error: () => 'a list of { paths, chunking, thresholds, rules } entries' }).default([]),
  // Editors read it (`$schema: ./schema/chunkgate.schema.json`); chunkgate does not.
  $schema: text('a JSON Schema URL or path').optional(),
}).superRefine((config, ctx) => {
  // Each override is checked over the top-level chunking alone; settingsFor documents what
  // happens when two matching overrides only conflict in combination.
  if (!isChunkingOptions(config.chunking) || !Array.isArray(config.overrides)) return;
  const explicit = isTinyExplicit(config.chunking);
  config.overrides.forEach((override, index) => {
    if (override?.chunking !== undefined) checkSizes(override.chunking, config.chunking, explicit, ctx, ['overrides', index, 'chunking']);
    if (override?.chunking?.strategy === 'external' && override.chunking.command === undefined && config.chunking.command === undefined) {
      ctx.addIssue({ code: 'custom', path: ['overrides', index, 'chunking', 'command'], message: 'a command list (strategy external needs one), e.g. [python3, scripts/chunk.py]' });
    }
  });
}).transform(({ $schema: _, ...config }) => config);

function isChunkingOptions(value: unknown): value is ChunkingOptions {
  return typeof value === 'object' && value !== null && typeof (value as ChunkingOptions).tiny === 'number';
}

/** Drops mapping keys whose value is `null`: an empty `key:` in YAML means "not set". */
function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return (value as unknown[]).map((item) => (item !== null && typeof item === 'object' ? dropNulls(item) : item));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => item !== null)
      .map(([key, item]) => [key, dropNulls(item)]),
  );
}

/**
 * Schema of `.chunkgate.yml` (docs/config.md): strict objects (unknown keys are errors), every
 * key optional, and the output the complete {@link Config}. Parsing `undefined` or `{}`
 * yields the defaults:
 *
 * - `include` (default: `['**\/*.md', '**\/*.mdx']`), `exclude` (default:
 *   `['**\/node_modules/**', '**\/.*\/**']`, i.e. no dot-folders); a value given replaces the default.
 * - `chunking` (default: `{ strategy: heading, unit: tokens, tokenizer: o200k_base, max: 512,
 *   min: 64, overlap: 0, headingLevels: { max: 3 } }`); `tiny` (default: `round(0.1 × max)`).
 *   Ranges: `max ≥ 1`, `0 ≤ min < max`, `0 ≤ overlap < max`, `0 ≤ tiny ≤ max`, `headingLevels.max` 1–6.
 * - `scoring` (default: `{ scorer: heuristic, weights: { structural: default, content: default, overall: default } }`);
 *   weights are a preset or `{ metric: number ≥ 0 }` with the metric names of docs/scores.md
 *   (`overall`: the per-chunk metrics of a chunk's score).
 * - `llm` (default: `{ model: gpt-4o-mini, baseURL: null, maxConcurrency: 4, cache: .chunkgate-cache,
 *   timeout: 60000, prices: null }`); `maxConcurrency` 1–64, `baseURL` an http(s) URL, `prices`
 *   USD per million `{ input, output }` tokens for the cost line (null: gpt-tokenizer's model data).
 * - `thresholds` (default: `{ structural: 70, content: 60, fileDrop: 5, chunkDrop: 10, failOn: [threshold], gate: changed }`),
 *   each 0–100; `failOn` items from `threshold | regression | partial`, a single string allowed;
 *   `gate` `changed | all` (what may gate: only what the change made new or worse, or everything);
 *   `unchecked` (default: `fail`): `warn` stops changed files that cannot be checked from failing the run.
 * - `golden` (default: `{ file: .chunkgate/golden.yml, k: 5, retriever: bm25 }`).
 * - `retrieval` (default: not set, read as `{ probes: offline, budget: 1024 }`): `probes: off` turns
 *   the retrieval probes off; `budget` is the context, in tokens, a passage must stay within.
 * - `rules` (default: not set, every rule at its registry level): `{ <rule tag>: error | warn | off }`.
 * - `inlineDisables` (default: not set, which means `gate`): `gate | report | off`, what inline
 *   `chunkgate-disable` comments do (see {@link Config.inlineDisables}).
 * - `limits` (default: not set: `{ cpuSeconds: 30, nesting: 100, backtickRun: 64, inlineMarkers: 200 }`, see `limitsOf`):
 *   what one file may cost before it is `unchecked`; `cpuSeconds` 1–3600, `nesting` 1–10000, `backtickRun` 3–100000,
 *   `inlineMarkers` (millions) 1–1000000.
 * - `overrides` (default: `[]`): `{ paths, chunking?, thresholds?, rules? }`, each checked against the top level.
 *
 * A key with an empty value (`key:` / `null`) counts as not set. A single string is
 * accepted wherever a list of globs is expected. `$schema` (for editors) is accepted and dropped.
 */
export const configSchema: z.ZodType<Config, unknown> = z.preprocess(
  // An empty file (or only comments) parses to `null`: the same as no file.
  (value) => (value === null ? undefined : dropNulls(value)),
  rootSchema.prefault({}),
);

/** The configuration used when the repository has no `.chunkgate.yml` (see {@link configSchema}). */
export function defaultConfig(): Config {
  return configSchema.parse(undefined);
}
