/**
 * Alternative `overall` weightings for the validity experiment
 * (docs/scores.md#do-the-scores-track-retrieval): each configuration's document-mean `overall`
 * recomputed from the chunks' own metrics under other weights, with and without the hard cap,
 * so a proposed default can be measured before it is adopted.
 */
import type { OverallWeights } from '../../src/shared/weights.js';
import { chunkOverall, DEFAULT_OVERALL_WEIGHTS, documentOverall, HARD_CAP_TAGS } from '../../src/engine/overall.js';
import { roundScore } from '../../src/shared/round-score.js';
import type { DocEval } from '../../src/types.js';
import { documentMean } from './experiment.js';

/** A named weighting of a chunk's `overall`. */
export interface OverallVariant {
  name: string;
  weights: OverallWeights;
  /** Why it is measured, in one line. */
  why: string;
  /** Measures the diagnostic size ramp in the `context_sufficiency` slot (not a chunkgate metric). */
  sizeRamp?: boolean;
}

/** The original L2 weights (docs/design.md#where-the-scores-come-from), before `npm run validity` changed them. */
export const SEED_003: OverallVariant = {
  name: 'seed 003 L2',
  why: 'the original: boundary, coverage, self-containment, coherence, metadata',
  weights: { boundary_quality: 0.2, source_coverage: 0.25, context_self_containment: 0.25, semantic_coherence: 0.15, metadata: 0.15, cross_chunk_redundancy_reversed: 0 },
};

/** The first round of changes `npm run validity` measured: coverage to a cap, coherence out, redundancy in. */
export const ROUND_1: OverallVariant = {
  name: 'issue 12 round 1',
  why: 'coverage left for a cap, coherence out, redundancy in',
  weights: { boundary_quality: 0.2, context_self_containment: 0.25, metadata: 0.15, cross_chunk_redundancy_reversed: 0.15, context_sufficiency: 0 },
};

/** The weights `overall` uses by default now. */
export const DEFAULTS: OverallVariant = { name: 'defaults', why: 'what chunkgate ships', weights: { ...DEFAULT_OVERALL_WEIGHTS } };

/** Round 1 plus context sufficiency in the 25% source coverage left. */
export const WITH_SUFFICIENCY: OverallVariant = {
  name: 'round 1 + sufficiency',
  why: 'context_sufficiency takes the 25% source coverage left',
  weights: { ...(ROUND_1.weights as Record<string, number>), context_sufficiency: 0.25 },
};

/** Round 1 with context sufficiency in the place of boundary quality, which does not explain an answer chunk's rank. */
export const SUFFICIENCY_FOR_BOUNDARY: OverallVariant = {
  name: 'sufficiency for boundary',
  why: 'context_sufficiency in the place of boundary_quality',
  weights: { ...(ROUND_1.weights as Record<string, number>), boundary_quality: 0, context_sufficiency: 0.2 },
};

/** Diagnostic: round 1 plus chunk size for its page (`size-ramp.ts`) — what a size term would do; not shipped. */
export const WITH_SIZE_RAMP: OverallVariant = {
  name: 'round 1 + size ramp (diagnostic)',
  why: 'chunk size against the page\'s P25–P75 sections, 25%',
  weights: { ...(ROUND_1.weights as Record<string, number>), context_sufficiency: 0.25 },
  sizeRamp: true,
};

/** The variants `npm run validity` prints. */
export const VARIANTS: readonly OverallVariant[] = [SEED_003, ROUND_1, WITH_SUFFICIENCY, SUFFICIENCY_FOR_BOUNDARY, WITH_SIZE_RAMP, DEFAULTS];

/**
 * The document-mean `overall` of `docs` with every chunk rescored under `weights` (rounded as the
 * product rounds), the documents' coverage cap kept; `cap: false` drops the hard cap (chunks
 * with `source-loss`, `table-split` or `code-fence-split` score their weighted mean);
 * `sufficiency` replaces each chunk's `context_sufficiency` (`[document][chunk]`).
 */
export function overallUnder(
  docs: readonly DocEval[],
  weights: OverallWeights,
  options: { cap?: boolean; sufficiency?: readonly (readonly number[])[] } = {},
): number {
  const cap = options.cap ?? true;
  return documentMean(docs, (doc) => {
    const at = docs.indexOf(doc);
    const scores = doc.chunks.map((chunk, index) => {
      const issues = cap ? chunk.issues : chunk.issues.filter((issue) => !HARD_CAP_TAGS.has(issue.tag));
      const replaced = options.sufficiency?.[at]?.[index];
      const metrics = replaced === undefined ? chunk.metrics : { ...chunk.metrics, context_sufficiency: replaced };
      return roundScore(chunkOverall(metrics, issues, weights));
    });
    return roundScore(documentOverall(scores, doc.coverage));
  });
}
