import { quickChecksOf, quickTally, type QuickTally } from '../metrics/quick-checks.js';
import type { DocDiff, DocEval, EvaluatedChunk, Regression, Report } from '../types.js';
import { buildReport, type ReportInput } from './summary.js';

/**
 * What a report written file by file keeps of each file once its entry is written: the diff
 * without chunk lists or chunk texts (scores, deltas, failures and the regressions' issues
 * stay), the number of head chunks and the head's quick-check counts. Enough for the summary,
 * the verdict and the quick checks.
 */
export interface FileFacts {
  diff: DocDiff;
  /** Head chunks of the file (`summary.chunks` adds them up). */
  chunks: number;
  /** The head's quick-check counts (`null`: no head side; docs/scores.md#quick-checks). */
  quick: QuickTally | null;
}

/** The {@link FileFacts} of a diff. */
export function fileFacts(diff: DocDiff): FileFacts {
  const side = (doc: DocEval | undefined): DocEval | undefined => (doc ? { ...doc, chunks: [] } : undefined);
  const chunk = (item: EvaluatedChunk): EvaluatedChunk => ({ ...item, text: '', spans: [] });
  const regression = (item: Regression): Regression => ({ ...item, base: item.base ? chunk(item.base) : null, head: chunk(item.head) });
  const base = side(diff.base);
  const head = side(diff.head);
  const slim: DocDiff = { ...diff, regressions: diff.regressions.map(regression) };
  if (base) slim.base = base;
  if (head) slim.head = head;
  return { diff: slim, chunks: diff.head?.chunks.length ?? 0, quick: diff.head ? quickTally(diff.head) : null };
}

/**
 * The report of files known only by their {@link FileFacts}, with `files` left empty (their
 * entries are written apart): the summary and verdict {@link buildReport} gives the full files.
 */
export function reportOfFacts(input: Omit<ReportInput, 'files'>, facts: readonly FileFacts[]): Report {
  const report = buildReport({ ...input, files: facts.map((fact) => fact.diff) });
  report.summary.chunks = facts.reduce((sum, fact) => sum + fact.chunks, 0);
  const tallies = [...facts]
    .sort((a, b) => (a.diff.path < b.diff.path ? -1 : a.diff.path > b.diff.path ? 1 : 0))
    .flatMap((fact) => (fact.quick ? [fact.quick] : []));
  if (tallies.length > 0) report.quickChecks = quickChecksOf(tallies);
  else delete report.quickChecks;
  return { ...report, files: [] };
}
