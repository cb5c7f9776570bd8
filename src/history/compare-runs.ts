import { alignChunks, type MatchKind } from '../compare/align.js';
import { round2 } from '../compare/round.js';
import type { DocEval, EvaluatedChunk, Grade, IssueTag, Provenance, Report, Severity, Verdict } from '../types.js';

/** One run to compare: a label (usually the report's file name) and its JSON report. */
export interface LabelledRun {
  label: string;
  report: Report;
}

/** Counts of chunks per grade, and their shares (0–1) of all chunks. */
interface GradeCounts {
  pass: number;
  warn: number;
  fail: number;
  rates: { pass: number; warn: number; fail: number };
}

/** The summary of one run (docs/cli.md#comparing-runs). */
export interface RunSummary {
  label: string;
  provenance: Provenance | null;
  files: number;
  chunks: number;
  grades: GradeCounts;
  /** Mean over files of each document score (`null` with no files). */
  scores: { structural: number | null; content: number | null; overall: number | null };
  /** Rule issues on the run's chunks, by tag and by severity. */
  issues: { total: number; byTag: Partial<Record<IssueTag, number>>; bySeverity: Record<Severity, number> };
  regressions: number;
  failures: number;
  verdict: Verdict;
  partial: boolean;
}

/** One file's scores in the baseline run and in another run. */
interface FileScoreDelta {
  path: string;
  /** `[baseline, run, run − baseline]` per score (`null` where the file is missing on a side). */
  structural: [number | null, number | null, number | null];
  content: [number | null, number | null, number | null];
  overall: [number | null, number | null, number | null];
}

/** One chunk aligned between the baseline run and another run. */
export interface ChunkScoreDelta {
  path: string;
  /** How it was aligned: identical text, heading path + similar words, or overlapping lines. */
  match: Exclude<MatchKind, 'new'>;
  headingPath: string[];
  lines: { from: [number, number]; to: [number, number] };
  score: [number, number, number];
  grade: [Grade, Grade];
}

/** A run against the baseline (the first run). */
export interface RunDelta {
  from: string;
  to: string;
  scores: { structural: number | null; content: number | null; overall: number | null };
  /** Pass/warn/fail share changes, in points of share (0–1). */
  rates: { pass: number; warn: number; fail: number };
  /** Issue count changes per tag (only tags whose count changed) and per severity. */
  issues: { byTag: Partial<Record<IssueTag, number>>; bySeverity: Record<Severity, number> };
  files: FileScoreDelta[];
  /** Aligned chunks whose score changed, largest drop first. */
  chunks: ChunkScoreDelta[];
  /** Aligned chunks whose grade changed (a subset of `chunks`), largest drop first. */
  gradeChanges: ChunkScoreDelta[];
  /** Chunks of either side that found no partner (a different chunking cuts elsewhere). */
  unmatched: { from: number; to: number };
}

/** What `chunkgate compare` reports. */
export interface RunComparison {
  runs: RunSummary[];
  deltas: RunDelta[];
}

const SEVERITIES: readonly Severity[] = ['high', 'medium', 'low'];

/** The evaluated side of every file of a run: `head` (what `eval` and `diff` both score). */
function docsOf(report: Report): DocEval[] {
  return report.files.flatMap((file) => (file.head ? [file.head] : []));
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

function share(part: number, total: number): number {
  return total === 0 ? 0 : part / total;
}

function diff(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : round2(b - a);
}

/** The run summary (docs/cli.md#comparing-runs): grade rates, mean scores, issue counts by tag and severity. */
function summarizeRun(run: LabelledRun): RunSummary {
  const docs = docsOf(run.report);
  const chunks = docs.flatMap((doc) => doc.chunks);
  const count = (grade: Grade) => chunks.filter((chunk) => chunk.grade === grade).length;
  const [pass, warn, fail] = [count('pass'), count('warn'), count('fail')];
  const byTag: Partial<Record<IssueTag, number>> = {};
  const bySeverity: Record<Severity, number> = { high: 0, medium: 0, low: 0 };
  let total = 0;
  for (const issue of chunks.flatMap((chunk) => chunk.issues)) {
    byTag[issue.tag] = (byTag[issue.tag] ?? 0) + 1;
    bySeverity[issue.severity] += 1;
    total += 1;
  }
  const score = (name: 'structural' | 'content' | 'overall') => mean(docs.map((doc) => doc.scores[name]));
  return {
    label: run.label,
    provenance: run.report.provenance ?? null,
    files: docs.length,
    chunks: chunks.length,
    grades: { pass, warn, fail, rates: { pass: share(pass, chunks.length), warn: share(warn, chunks.length), fail: share(fail, chunks.length) } },
    scores: { structural: score('structural'), content: score('content'), overall: score('overall') },
    issues: { total, byTag: sortedKeys(byTag), bySeverity },
    regressions: run.report.summary.regressions,
    failures: run.report.summary.failures,
    verdict: run.report.summary.verdict,
    partial: run.report.summary.partial,
  };
}

/**
 * Aligns the chunks of one file in two runs: identical text, then same heading path and word
 * similarity, then overlapping line ranges (the runs are taken to number lines alike, true for
 * two configs on the same docs and close for two nearby commits; JSON reports carry no source,
 * so the line pass runs on a blank source of the right length, which maps every line to itself).
 */
function alignRuns(from: DocEval, to: DocEval): { pairs: { a: EvaluatedChunk; b: EvaluatedChunk; match: Exclude<MatchKind, 'new'> }[]; unmatchedFrom: number; unmatchedTo: number } {
  const lines = Math.max(0, ...from.chunks.map((chunk) => chunk.endLine), ...to.chunks.map((chunk) => chunk.endLine));
  const blank = '\n'.repeat(lines);
  const matches = alignChunks({ chunks: from.chunks, source: blank }, { chunks: to.chunks, source: blank });
  const pairs = matches.flatMap((item) => (item.base && item.match !== 'new' ? [{ a: item.base, b: item.head, match: item.match }] : []));
  return { pairs, unmatchedFrom: from.chunks.length - pairs.length, unmatchedTo: to.chunks.length - pairs.length };
}

/** Run `to` against the baseline `from`: score, rate and issue deltas, per file and per chunk. */
function compareTwoRuns(from: LabelledRun, to: LabelledRun): RunDelta {
  const a = summarizeRun(from);
  const b = summarizeRun(to);
  const byTag: Partial<Record<IssueTag, number>> = {};
  for (const tag of new Set([...Object.keys(a.issues.byTag), ...Object.keys(b.issues.byTag)]) as Set<IssueTag>) {
    const change = (b.issues.byTag[tag] ?? 0) - (a.issues.byTag[tag] ?? 0);
    if (change !== 0) byTag[tag] = change;
  }
  const bySeverity = Object.fromEntries(SEVERITIES.map((severity) => [severity, b.issues.bySeverity[severity] - a.issues.bySeverity[severity]])) as Record<Severity, number>;

  const fromDocs = new Map(docsOf(from.report).map((doc) => [doc.path, doc]));
  const toDocs = new Map(docsOf(to.report).map((doc) => [doc.path, doc]));
  const paths = [...new Set([...fromDocs.keys(), ...toDocs.keys()])].sort();
  const files: FileScoreDelta[] = [];
  const chunks: ChunkScoreDelta[] = [];
  const unmatched = { from: 0, to: 0 };
  for (const path of paths) {
    const x = fromDocs.get(path);
    const y = toDocs.get(path);
    const triple = (name: 'structural' | 'content' | 'overall'): [number | null, number | null, number | null] => {
      const before = x ? x.scores[name] : null;
      const after = y ? y.scores[name] : null;
      return [before, after, diff(before, after)];
    };
    files.push({ path, structural: triple('structural'), content: triple('content'), overall: triple('overall') });
    if (!x || !y) {
      unmatched.from += x?.chunks.length ?? 0;
      unmatched.to += y?.chunks.length ?? 0;
      continue;
    }
    const aligned = alignRuns(x, y);
    unmatched.from += aligned.unmatchedFrom;
    unmatched.to += aligned.unmatchedTo;
    for (const { a: before, b: after, match } of aligned.pairs) {
      const change = round2(after.score - before.score);
      if (change === 0 && before.grade === after.grade) continue;
      chunks.push({
        path,
        match,
        headingPath: after.headingPath,
        lines: { from: [before.startLine, before.endLine], to: [after.startLine, after.endLine] },
        score: [before.score, after.score, change],
        grade: [before.grade, after.grade],
      });
    }
  }
  chunks.sort((p, q) => p.score[2] - q.score[2] || (p.path < q.path ? -1 : p.path > q.path ? 1 : 0) || p.lines.to[0] - q.lines.to[0]);
  return {
    from: a.label,
    to: b.label,
    scores: { structural: diff(a.scores.structural, b.scores.structural), content: diff(a.scores.content, b.scores.content), overall: diff(a.scores.overall, b.scores.overall) },
    rates: {
      pass: b.grades.rates.pass - a.grades.rates.pass,
      warn: b.grades.rates.warn - a.grades.rates.warn,
      fail: b.grades.rates.fail - a.grades.rates.fail,
    },
    issues: { byTag: sortedKeys(byTag), bySeverity },
    files,
    chunks,
    gradeChanges: chunks.filter((chunk) => chunk.grade[0] !== chunk.grade[1]),
    unmatched,
  };
}

/**
 * Compares runs (several parameter sets on the same docs, docs/cli.md#comparing-runs):
 * a summary per run, and every run after the first against the first. Pure.
 */
export function compareRuns(runs: readonly LabelledRun[]): RunComparison {
  const [baseline, ...rest] = runs;
  if (!baseline) return { runs: [], deltas: [] };
  return { runs: runs.map(summarizeRun), deltas: rest.map((run) => compareTwoRuns(baseline, run)) };
}

function sortedKeys<T>(record: Partial<Record<string, T>>): Partial<Record<IssueTag, T>> {
  return Object.fromEntries(Object.keys(record).sort().map((key) => [key, record[key]]));
}
