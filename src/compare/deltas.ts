import type { DocEval, ScoreDelta } from '../types.js';
import { CONTENT_METRIC_NAMES, STRUCTURAL_METRIC_NAMES } from '../shared/metric-names.js';
import { round2 } from './round.js';

/** Score kinds in report order: the three file scores, then the 6 structural and 5 content metrics. */
const DELTA_KINDS: readonly ScoreDelta['kind'][] = ['structural', 'content', 'overall', ...STRUCTURAL_METRIC_NAMES, ...CONTENT_METRIC_NAMES];

/** Options of {@link scoreDeltas}. */
export interface DeltaOptions {
  /** Changes smaller than this, either way, are `neutral` (default: `0.5`, the rounding step of the displayed whole points). */
  neutral?: number;
}

function valueOf(doc: DocEval | undefined, kind: ScoreDelta['kind']): number | null {
  if (!doc) return null;
  if (kind === 'structural' || kind === 'content' || kind === 'overall') return doc.scores[kind];
  return doc.metrics[kind];
}

/**
 * Base-vs-head differences of every score (docs/design.md#what-a-change-answers-for), in {@link DELTA_KINDS} order.
 *
 * `delta = head − base` rounded to 2 decimals (`null` when a side is missing).
 * Label: `regression` when `delta ≤ −neutral`, `improvement` when `delta ≥ neutral`,
 * otherwise (or when `delta` is `null`) `neutral`; `neutral` defaults to `0.5` so a change that
 * shows as 0 whole points is never called a regression.
 */
export function scoreDeltas(base: DocEval | undefined, head: DocEval | undefined, options: DeltaOptions = {}): ScoreDelta[] {
  const neutral = options.neutral ?? 0.5;
  return DELTA_KINDS.map((kind) => {
    const baseValue = valueOf(base, kind);
    const headValue = valueOf(head, kind);
    const delta = baseValue === null || headValue === null ? null : round2(headValue - baseValue);
    const label = delta === null ? 'neutral' : delta <= -neutral ? 'regression' : delta >= neutral ? 'improvement' : 'neutral';
    return { kind, baseValue, headValue, delta, label };
  });
}
