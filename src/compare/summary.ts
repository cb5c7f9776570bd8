import type { FailOn } from '../config/types.js';
import type { Cost, DocDiff, ProbesSummary, Provenance, Report, RetrievalReport } from '../types.js';
import { quickChecksOf, quickTally } from '../metrics/quick-checks.js';
import { decide } from './verdict.js';

/** Everything a report is built from. */
export interface ReportInput {
  /** chunkgate version. */
  version: string;
  /** The resolved config the run used (copied into the report as is). */
  config: unknown;
  scorer: 'heuristic' | 'llm';
  files: DocDiff[];
  failOn: FailOn[];
  /** True when an LLM step failed somewhere and heuristic scores stood in. */
  partial: boolean;
  cost: Cost | null;
  /** Golden-set retrieval results, when a golden file exists. */
  retrieval?: RetrievalReport;
  /** What made the run (`provenanceOf`); left out of the report when absent. */
  provenance?: Provenance;
  /** What the retrieval probes looked at, when they ran. */
  probes?: ProbesSummary;
}

/**
 * Assembles the JSON report (field names are a contract, ARCHITECTURE.md#layers): files sorted by path
 * (code-unit order, so the order does not depend on locale), and the summary — `files` compared, `chunks`
 * (head chunks in total), `regressions`, `failures` (totals, gating or not), `gating` (the regressions,
 * threshold failures — retrieval limits included — and section findings that count for the verdict), the
 * verdict from {@link decide}, `partial` (the input flag, or any head evaluation marked partial) and `cost`;
 * then `quickChecks` over the head files' chunks (docs/scores.md#quick-checks), when any file has a head side.
 */
export function buildReport(input: ReportInput): Report {
  const files = [...input.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const partial = input.partial || files.some((file) => file.head?.partial === true);
  const retrievalFailures = input.retrieval?.failures.length ?? 0;
  const count = (pick: (file: DocDiff) => number): number => files.reduce((sum, file) => sum + pick(file), 0);
  const report: Report = {
    version: input.version,
    config: input.config,
    scorer: input.scorer,
    files,
    summary: {
      files: files.length,
      chunks: count((file) => file.head?.chunks.length ?? 0),
      regressions: count((file) => file.regressions.length),
      failures: count((file) => file.failures.length) + retrievalFailures,
      gating: {
        regressions: count((file) => file.regressions.filter((regression) => regression.gating).length),
        failures: count((file) => file.failures.filter((failure) => failure.gating).length) + retrievalFailures,
        findings: count((file) => (file.findings ?? []).filter((finding) => finding.gating).length),
      },
      verdict: decide(files, input.failOn, { partial, retrievalFailures }).verdict,
      partial,
      cost: input.cost,
    },
  };
  if (input.retrieval !== undefined) report.retrieval = input.retrieval;
  if (input.probes !== undefined) report.probes = input.probes;
  if (input.provenance !== undefined) report.provenance = input.provenance;
  const heads = files.flatMap((file) => (file.head ? [quickTally(file.head)] : []));
  if (heads.length > 0) report.quickChecks = quickChecksOf(heads);
  return report;
}
