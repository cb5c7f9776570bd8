import type { RetrievalThresholds } from '../config/types.js';
import type { RetrievalFailure, RetrievalResult } from '../types.js';

const fixed = (value: number) => value.toFixed(2);

/**
 * Checks `thresholds.retrieval`: head MRR and recall@k at least `mrr` / `recall`, and
 * neither fallen from base by `mrrDrop` / `recallDrop` or more. Limits set to `null`
 * are not checked.
 */
export function retrievalFailures(result: RetrievalResult, limits: RetrievalThresholds): RetrievalFailure[] {
  const failures: RetrievalFailure[] = [];
  const label = { mrr: 'MRR', recall: `recall@${result.k}` } as const;
  for (const metric of ['mrr', 'recall'] as const) {
    const head = result.head[metric];
    const base = result.base[metric];
    const minimum = limits[metric];
    if (minimum !== null && head < minimum) {
      failures.push({
        rule: metric,
        actual: head,
        limit: minimum,
        message: `${label[metric]} is ${fixed(head)} on the golden set; the minimum is ${fixed(minimum)} (\`thresholds.retrieval.${metric}\`)`,
      });
    }
    const dropLimit = limits[`${metric}Drop`];
    const drop = base - head;
    // Rounded like the comment shows it, so a drop printed as the limit fails.
    if (dropLimit !== null && Math.round(drop * 1e6) >= Math.round(dropLimit * 1e6) && drop > 0) {
      failures.push({
        rule: `${metric}Drop`,
        actual: drop,
        limit: dropLimit,
        message: `${label[metric]} fell ${fixed(drop)} (${fixed(base)} → ${fixed(head)}); the limit is a ${fixed(dropLimit)} drop (\`thresholds.retrieval.${metric}Drop\`)`,
      });
    }
  }
  return failures;
}
