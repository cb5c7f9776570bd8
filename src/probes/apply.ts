import type { GateScope } from '../config/types.js';
import type { DocDiff, FileFinding } from '../types.js';

/**
 * A probed file's diff with its retrieval findings added (pure). Where the probes measured the
 * change, rules that fire with no measured retrieval loss stop gating: a `heading-lost` finding
 * gates only when a passage of the file is a gating retrieval regression (a deleted heading was
 * real once in six real PRs, and lost retrieval in one seeded deletion of fifteen). A threshold
 * failure that no gating item explains any more stops gating too (`gateFailures`' rule), except
 * with `gate: all`.
 */
export function withProbeFindings(diff: DocDiff, found: readonly FileFinding[], gate: GateScope): DocDiff {
  if (gate === 'all') return { ...diff, findings: [...diff.findings, ...found] };
  const measuredLoss = found.some((finding) => finding.gating);
  const findings = [
    ...diff.findings.map((finding) => (finding.kind === 'heading-lost' && finding.gating && !measuredLoss ? { ...finding, gating: false } : finding)),
    ...found,
  ];
  const explained = diff.regressions.some((regression) => regression.gating) || findings.some((finding) => finding.gating);
  return { ...diff, findings, failures: diff.failures.map((failure) => (failure.gating && !explained ? { ...failure, gating: false } : failure)) };
}
