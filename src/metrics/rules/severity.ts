import type { IssueTag, Severity } from '../../types.js';

/**
 * Severity of every rule tag (SPEC §5, seed 003): high for lost or broken content
 * (retrieval returns wrong or partial data), medium for cuts and redundancy that
 * degrade answers, low for weaker signals.
 */
export const RULE_SEVERITY: Readonly<Record<IssueTag, Severity>> = {
  'sentence-cut': 'medium',
  'unclosed-bracket': 'low',
  'table-split': 'high',
  'code-fence-split': 'high',
  'orphan-heading': 'medium',
  'empty-chunk': 'high',
  'tiny-chunk': 'low',
  'oversize-chunk': 'high',
  'duplicate-chunk': 'medium',
  'near-duplicate': 'low',
  'excess-overlap': 'medium',
  'missing-heading-context': 'low',
  'source-loss': 'high',
  'unfindable-chunk': 'low',
  boilerplate: 'low',
};
