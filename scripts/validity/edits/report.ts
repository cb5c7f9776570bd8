/**
 * The edit-level validity report (pure): per corpus, per family and per judge, how many cases
 * got worse or better by the truth, how many the judge gated, and how many of those had got
 * worse; precision, recall, and for the likely-neutral families the false-alarm rate.
 */
import { FAMILIES, isNeutral, type Family } from './families.js';
import type { CaseResult, SetRun } from './run.js';

/** One judge's counts over a group of cases. */
export interface JudgeRow {
  gated: number;
  /** Gated and worse by the truth. */
  gatedWorse: number;
  gatedBetter: number;
  /** gatedWorse / gated (`null`: nothing gated). */
  precision: number | null;
  /** gatedWorse / worse (`null`: nothing got worse). */
  recall: number | null;
  /** gated / cases: the false-alarm rate of a likely-neutral group (`null` for the others). */
  falseAlarms: number | null;
}

/** Counts of a group of cases (a family, the harmful or neutral ones, or all). */
export interface Row {
  label: string;
  kind: 'harmful' | 'neutral' | 'all';
  cases: number;
  /** Cases the family did not apply to. */
  notApplicable: number;
  worse: number;
  better: number;
  neutral: number;
  judges: Record<string, JudgeRow>;
}

/** A corpus's report. */
export interface SetReport {
  name: string;
  queries: number;
  unlocated: string[];
  families: Row[];
  totals: Row[];
  seconds: Record<string, number>;
  judgeCalls: Record<string, number>;
}

/** The counts of `cases` for each of `judges`. */
export function rowOf(label: string, kind: Row['kind'], cases: readonly CaseResult[], judges: readonly string[], notApplicable = 0): Row {
  const worse = cases.filter((item) => item.outcome === 'worse').length;
  const better = cases.filter((item) => item.outcome === 'better').length;
  const row: Row = { label, kind, cases: cases.length, notApplicable, worse, better, neutral: cases.length - worse - better, judges: {} };
  for (const judge of judges) {
    const gated = cases.filter((item) => item.verdicts[judge]?.gated === true);
    const gatedWorse = gated.filter((item) => item.outcome === 'worse').length;
    row.judges[judge] = {
      gated: gated.length,
      gatedWorse,
      gatedBetter: gated.filter((item) => item.outcome === 'better').length,
      precision: gated.length === 0 ? null : gatedWorse / gated.length,
      recall: worse === 0 ? null : gatedWorse / worse,
      falseAlarms: kind !== 'neutral' || cases.length === 0 ? null : gated.length / cases.length,
    };
  }
  return row;
}

/** The report of one corpus's run: a row per family, then harmful, neutral and all. */
export function setReport(run: SetRun, judges: readonly string[]): SetReport {
  const of = (family: Family) => run.cases.filter((item) => item.family === family);
  const families = FAMILIES.filter((family) => of(family).length > 0 || run.notApplicable[family] > 0).map((family) =>
    rowOf(family, isNeutral(family) ? 'neutral' : 'harmful', of(family), judges, run.notApplicable[family]),
  );
  const sum = (neutral: boolean | null) => FAMILIES.filter((family) => neutral === null || isNeutral(family) === neutral).reduce((total, family) => total + run.notApplicable[family], 0);
  const totals = [
    rowOf('harmful-likely', 'harmful', run.cases.filter((item) => !isNeutral(item.family)), judges, sum(false)),
    rowOf('neutral-likely', 'neutral', run.cases.filter((item) => isNeutral(item.family)), judges, sum(true)),
    rowOf('all', 'all', run.cases, judges, sum(null)),
  ];
  return { name: run.name, queries: run.queries, unlocated: run.unlocated, families, totals, seconds: run.seconds, judgeCalls: run.judgeCalls };
}

/** Every corpus's cases together, as one more report. */
export function combinedReport(runs: readonly SetRun[], judges: readonly string[]): SetReport {
  const merged: SetRun = {
    name: 'all corpora',
    queries: runs.reduce((sum, run) => sum + run.queries, 0),
    unlocated: runs.flatMap((run) => run.unlocated),
    cases: runs.flatMap((run) => run.cases),
    notApplicable: Object.fromEntries(FAMILIES.map((family) => [family, runs.reduce((sum, run) => sum + run.notApplicable[family], 0)])) as Record<Family, number>,
    seconds: {},
    judgeCalls: {},
  };
  for (const run of runs) {
    for (const [key, value] of Object.entries(run.seconds)) merged.seconds[key] = (merged.seconds[key] ?? 0) + value;
    for (const [key, value] of Object.entries(run.judgeCalls)) merged.judgeCalls[key] = (merged.judgeCalls[key] ?? 0) + value;
  }
  return setReport(merged, judges);
}

const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`);

/** A corpus's report as a plain-text table: one block of columns per judge. */
export function renderSetReport(report: SetReport, judges: readonly string[]): string {
  const header = ['family', 'cases', 'n/a', 'worse', 'better', ...judges.flatMap((judge) => [`${judge}: gated`, 'gated∧worse', 'precision', 'recall', 'false alarms'])];
  const line = (row: Row) => [
    row.label,
    String(row.cases),
    String(row.notApplicable),
    String(row.worse),
    String(row.better),
    ...judges.flatMap((judge) => {
      const counts = row.judges[judge]!;
      return [String(counts.gated), String(counts.gatedWorse), percent(counts.precision), percent(counts.recall), percent(counts.falseAlarms)];
    }),
  ];
  const rows = [header, ...report.families.map(line), null, ...report.totals.map(line)];
  const widths = header.map((_, column) => Math.max(...rows.map((row) => (row ? [...row[column]!].length : 0))));
  const render = (row: string[] | null) =>
    row === null ? widths.map((width) => '-'.repeat(width)).join('  ') : row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  const timing = Object.entries(report.seconds)
    .map(([key, value]) => `${key} ${value.toFixed(1)} s${report.judgeCalls[key] !== undefined ? ` (${report.judgeCalls[key]} calls)` : ''}`)
    .join(', ');
  const skipped = report.unlocated.length > 0 ? `; ${report.unlocated.length} queries left out (first excerpt not on its page: ${report.unlocated.join(', ')})` : '';
  return [`${report.name}: ${report.queries} queries${skipped}`, ...rows.map(render), ...(timing ? [`time: ${timing}`] : [])].join('\n');
}
