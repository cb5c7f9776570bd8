import type { OverallWeights } from '../shared/weights.js';
import { OVERALL_COMPONENT_NAMES } from '../shared/metric-names.js';
import { HARD_CAP } from '../shared/rules.js';
import { SCORE_CAPS } from '../metrics/rules/tag-sets.js';
import type { ChunkMetrics, Grade, Issue } from '../types.js';

/** The per-chunk metrics `scoring.weights.overall` can weigh. */
export type OverallComponent = keyof ChunkMetrics;

/**
 * Default weights of a chunk's `overall` (the original L2 weights, docs/design.md#where-the-scores-come-from, as
 * changed by `npm run validity`, docs/scores.md#do-the-scores-track-retrieval; only where the English and the
 * Chinese golden sets agree): boundary 0.2, self-containment 0.25, metadata 0.15, redundancy (reversed) 0.15 —
 * divided by their sum, 0.75. Source coverage left the mean (100 on every real chunk, it only compressed the
 * scale) for a cap ({@link COVERAGE_FLOOR}); coherence fell out (ρ −0.69 against MRR on both sets) and
 * redundancy came in (+0.81 / +0.95). Both, and self-retrievability, stay configurable.
 */
export const DEFAULT_OVERALL_WEIGHTS: Readonly<Record<OverallComponent, number>> = {
  boundary_quality: 0.2,
  context_self_containment: 0.25,
  semantic_coherence: 0,
  metadata: 0.15,
  self_retrievability: 0,
  source_coverage: 0,
  information_completeness: 0,
  cross_chunk_redundancy_reversed: 0.15,
  context_sufficiency: 0,
};

const COMPONENTS: readonly OverallComponent[] = OVERALL_COMPONENT_NAMES;


/**
 * A document whose chunks hold less than this share of its text cannot pass
 * (docs/design.md#why-coverage-is-a-cap-not-a-metric).
 */
const COVERAGE_FLOOR = 0.95;

/** The most a document below {@link COVERAGE_FLOOR} may score: the top of `warn`, whole, so no rounding shows "80". */
export const COVERAGE_CAP = 79;

/**
 * The tags that cap a chunk at {@link HARD_CAP} (registry `cap`): lost source, a piece of a
 * split table or code block (docs/design.md#where-the-scores-come-from).
 */
export const HARD_CAP_TAGS: ReadonlySet<string> = new Set([...SCORE_CAPS].filter(([, cap]) => cap === HARD_CAP).map(([tag]) => tag));

/** The weight of each component under `weights` (default: `default`); negative weights count as 0. */
export function overallWeights(weights: OverallWeights = 'default'): Record<OverallComponent, number> {
  if (weights === 'default') return { ...DEFAULT_OVERALL_WEIGHTS };
  return Object.fromEntries(COMPONENTS.map((name) => [name, Math.max(0, weights[name] ?? DEFAULT_OVERALL_WEIGHTS[name])])) as Record<OverallComponent, number>;
}

/**
 * A chunk's `overall`: `Σ wᵢ·mᵢ / Σ wᵢ` over its metrics with `scoring.weights.overall`
 * ({@link DEFAULT_OVERALL_WEIGHTS} by default; all weights 0 → the default weights), capped at
 * the lowest registry `cap` of its issues' tags: {@link HARD_CAP} for `source-loss`,
 * `table-split` and `code-fence-split` (at level `warn` too: the score describes retrieval),
 * `0` for an `empty-chunk` (nothing to retrieve: its text metrics, a neutral 100 on no text, mean nothing).
 */
export function chunkOverall(metrics: ChunkMetrics, issues: readonly Issue[], weights: OverallWeights = 'default'): number {
  const cap = issues.reduce((lowest, issue) => Math.min(lowest, SCORE_CAPS.get(issue.tag) ?? Infinity), Infinity);
  if (cap === 0) return 0;
  let resolved = overallWeights(weights);
  let total = COMPONENTS.reduce((sum, name) => sum + resolved[name], 0);
  if (total === 0) {
    resolved = { ...DEFAULT_OVERALL_WEIGHTS };
    total = COMPONENTS.reduce((sum, name) => sum + resolved[name], 0);
  }
  const weighted = COMPONENTS.reduce((sum, name) => sum + resolved[name] * metrics[name], 0) / total;
  return Math.min(cap, weighted);
}

/**
 * A document's `overall`: the mean of its chunks' (100 with none), capped at {@link COVERAGE_CAP}
 * when its coverage (0–1) is below {@link COVERAGE_FLOOR}: a page that lost text cannot pass.
 */
export function documentOverall(chunkScores: readonly number[], coverage: number): number {
  const overall = mean(chunkScores);
  return coverage < COVERAGE_FLOOR ? Math.min(COVERAGE_CAP, overall) : overall;
}

/** Grades a 0–100 score: pass ≥ 80, warn 60–79, fail < 60. */
export function gradeOf(score: number): Grade {
  if (score >= 80) return 'pass';
  if (score >= 60) return 'warn';
  return 'fail';
}

/** Arithmetic mean, or `empty` (default: `100`, the neutral value) for no values. */
export function mean(values: readonly number[], empty = 100): number {
  if (values.length === 0) return empty;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}
