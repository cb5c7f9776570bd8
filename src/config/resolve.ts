import { DEFAULT_COMPLEXITY_LIMITS, type ComplexityLimits } from '../markdown/complexity.js';
import { DEFAULT_RULE_LEVELS, type RuleLevels } from '../shared/rules.js';
import { DEFAULT_FILE_BUDGET_MS } from '../shared/words.js';
import type { ChunkingOptions } from '../types.js';
import { firstMatch, normalizePath } from './match.js';
import { deriveTiny, isTinyExplicit } from './tiny.js';
import type { Config, FileSettings, Override } from './types.js';

/**
 * The chunking options, thresholds and rule levels for the file at the repository-relative `path`:
 * the top-level settings, then every `overrides` entry whose `paths` globs match
 * (picomatch, `dot: true`), in order — a later entry wins key by key.
 *
 * `tiny` stays as set when the user set it anywhere (top level or a matching override,
 * the last one wins); otherwise it is re-derived from the final `max` as `round(0.1 × max)`.
 * Each override is validated against the top level on load, but two matching overrides
 * can still combine into impossible sizes; then `min` and `overlap` are clamped to
 * `max − 1` and `tiny` to `max`, so chunkers always get valid options.
 */
export function settingsFor(config: Config, path: string): FileSettings {
  const file = normalizePath(path);
  const { failOn: _failOn, retrieval: _retrieval, unchecked: _unchecked, ...thresholds } = config.thresholds;
  let chunking: ChunkingOptions = { ...config.chunking, headingLevels: { ...config.chunking.headingLevels } };
  let tinyExplicit = isTinyExplicit(config.chunking);
  // Levels are normalised here, once: every rule gets one, so the rule stage never looks at defaults.
  let rules: RuleLevels = { ...DEFAULT_RULE_LEVELS, ...definedOnly(config.rules ?? {}) };
  for (const override of config.overrides) {
    if (firstMatch(override.paths, file) === null) continue;
    if (override.rules !== undefined) rules = { ...rules, ...definedOnly(override.rules) };
    if (override.chunking !== undefined) {
      chunking = layerChunking(chunking, override.chunking);
      tinyExplicit ||= override.chunking.tiny !== undefined;
    }
    if (override.thresholds !== undefined) Object.assign(thresholds, definedOnly(override.thresholds));
  }
  const max = chunking.max;
  const limit = Math.max(0, max - 1);
  return {
    chunking: {
      ...chunking,
      min: Math.min(chunking.min, limit),
      overlap: Math.min(chunking.overlap, limit),
      tiny: tinyExplicit ? Math.min(chunking.tiny, max) : deriveTiny(max),
    },
    thresholds,
    rules,
  };
}

/**
 * Whether the repository-relative `path` is in scope: it matches some `include` glob and
 * no `exclude` glob. Globs use picomatch with `dot: true`: `**\/*.md` also matches files
 * inside dot-folders, which the default exclude `**\/.*\/**` then removes.
 */
export function isIncluded(config: Pick<Config, 'include' | 'exclude'>, path: string): boolean {
  return firstMatch(config.include, path) !== null && firstMatch(config.exclude, path) === null;
}

function layerChunking(base: ChunkingOptions, patch: NonNullable<Override['chunking']>): ChunkingOptions {
  const { headingLevels, ...rest } = patch;
  return {
    ...base,
    ...definedOnly(rest),
    headingLevels: headingLevels?.max === undefined ? base.headingLevels : { max: headingLevels.max },
  };
}

/** Drops keys whose value is `undefined`, so a hand-built `{ max: undefined }` changes nothing. */
function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}

/**
 * What one file may cost before it is `unchecked`, from `limits` with its defaults
 * (docs/rules.md#files-chunkgate-cannot-check).
 */
export interface FileLimits {
  /** CPU time budget of one side of one file, in ms (`limits.cpuSeconds` × 1000). */
  cpuMs: number;
  /** Caps checked before parsing. */
  complexity: ComplexityLimits;
}

/** The config's {@link FileLimits}: `limits` over the defaults (30 CPU seconds, nesting 100, backtick runs of 64, inline markers 200 million). */
export function limitsOf(config: Pick<Config, 'limits'>): FileLimits {
  const limits = config.limits ?? {};
  return {
    cpuMs: (limits.cpuSeconds ?? DEFAULT_FILE_BUDGET_MS / 1000) * 1000,
    complexity: {
      nesting: limits.nesting ?? DEFAULT_COMPLEXITY_LIMITS.nesting,
      backtickRun: limits.backtickRun ?? DEFAULT_COMPLEXITY_LIMITS.backtickRun,
      inlineMarkers: limits.inlineMarkers ?? DEFAULT_COMPLEXITY_LIMITS.inlineMarkers,
    },
  };
}
