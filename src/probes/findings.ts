import type { FileFinding, ProbesSummary, RetrievalLoss } from '../types.js';
import type { PassageOutcome, ProbeRun } from './run.js';
import type { Stand } from './stand.js';

/**
 * One `retrieval-regression` finding per passage that is harder to find, at its head lines, by head
 * path (pure). It gates when the rule's gating part says so (`PassageOutcome.gating`: measured
 * right three times in four); the others are listed, not gating.
 */
export function probeFindings(run: ProbeRun, budget: number): Map<string, FileFinding[]> {
  const byPath = new Map<string, FileFinding[]>();
  for (const passage of run.passages) {
    if (!passage.regressed) continue;
    const loss = lossOf(passage);
    const finding: FileFinding = {
      kind: 'retrieval-regression',
      origin: 'worsened',
      gating: passage.gating,
      severity: passage.gating ? 'high' : 'medium',
      message: messageOf(passage, loss, budget),
      hint: hintOf(passage),
      line: passage.line,
      endLine: passage.endLine,
      headingPath: passage.headingPath,
      actual: loss.headRank ?? 'not found',
      expected: loss.baseRank ?? 'not found',
      retrieval: loss,
    };
    const list = byPath.get(passage.path) ?? [];
    list.push(finding);
    byPath.set(passage.path, list);
  }
  return byPath;
}

/** The report's `probes` section (pure). */
export function probesSummary(run: ProbeRun, pages: number, budget: number, retriever: string): ProbesSummary {
  const probes = run.passages.reduce((sum, passage) => sum + passage.probes.length, 0);
  return { retriever, budget, pages, passages: run.passages.length, regressed: run.passages.filter((passage) => passage.regressed).length, probes };
}

/** The `probes` section of a run made of slices (`chunkgate merge`): each slice probed its own pages, so the counts add up. */
export function sumProbes(summaries: readonly ProbesSummary[]): ProbesSummary {
  const [first] = summaries;
  const sum = (pick: (summary: ProbesSummary) => number) => summaries.reduce((total, summary) => total + pick(summary), 0);
  return { retriever: first!.retriever, budget: first!.budget, pages: sum((s) => s.pages), passages: sum((s) => s.passages), regressed: sum((s) => s.regressed), probes: sum((s) => s.probes) };
}

/** What a finding records of a passage's probes. */
function lossOf(passage: PassageOutcome): RetrievalLoss {
  const count = (side: 'base' | 'head') => passage.probes.filter((probe) => probe[side].fits).length;
  return {
    baseLine: passage.baseLine,
    baseEndLine: passage.baseEndLine,
    baseRank: medianRank(passage.probes.map((probe) => probe.base)),
    headRank: medianRank(passage.probes.map((probe) => probe.head)),
    baseInBudget: count('base'),
    headInBudget: count('head'),
    probes: passage.probes.length,
    lost: passage.probes.filter((probe) => probe.lost).length,
    cause: passage.cause,
  };
}

/**
 * The median of the probes' ranks, a rank not found counting as worse than any (lower median of
 * an even count); `null` when that median is not found.
 */
export function medianRank(stands: readonly Stand[]): number | null {
  if (stands.length === 0) return null;
  const ranks = stands.map((stand) => stand.rank ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b);
  const median = ranks[Math.floor((ranks.length - 1) / 2)]!;
  return Number.isFinite(median) ? median : null;
}

function messageOf(passage: PassageOutcome, loss: RetrievalLoss, budget: number): string {
  const rank = (value: number | null) => (value === null ? 'not found' : `rank ${value}`);
  const budgetNote =
    loss.headInBudget < loss.baseInBudget
      ? `; within the ${budget.toLocaleString('en-US')}-token context for ${loss.headInBudget} of ${loss.probes} probes (was ${loss.baseInBudget})`
      : '';
  const cause = passage.cause ? `: ${passage.cause}` : '';
  return `Passage harder to find (${rank(loss.baseRank)} → ${rank(loss.headRank)}${budgetNote})${cause}`;
}

function hintOf(passage: PassageOutcome): string {
  if (passage.cause?.includes('cut across')) return 'Keep the passage in one chunk: move the heading or break so it does not fall inside it.';
  if (passage.cause?.includes('grew')) return 'Give the new text its own section, so this passage keeps a focused chunk.';
  if (passage.cause?.includes('heading')) return 'Keep a heading above this passage that names what it is about.';
  return 'Keep the passage under a heading that names its topic, in a chunk of its own size.';
}
