/**
 * Retrieval probes (no golden set needed): every passage a change kept, looked for over the whole
 * corpus on both sides. See `run.ts` for the run, `queries.ts` for the probes, `stand.ts` for
 * ranks and the context budget, `cause.ts` for what the change did, `findings.ts` for the findings.
 */
export { runProbes, lostGround, DEFAULT_PROBE_RULE, IDENTIFIER_GATE, type ProbeInput, type ProbeRun, type ProbeRule, type PassageOutcome, type ProbeStand, type ProbeFile, type ProbedPage } from './run.js';
export { probeFindings, probesSummary } from './findings.js';
