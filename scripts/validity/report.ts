/**
 * Correlation tables of the validity experiment (issue 12): which scores rank the chunking
 * configurations the way golden-set retrieval does. Pure: outcomes in, rows and text out.
 */
import { DEFAULT_OVERALL_WEIGHTS } from '../../src/engine/overall.js';
import { CONTENT_METRIC_NAMES, STRUCTURAL_METRIC_NAMES } from '../../src/metrics/names.js';
import { DEFAULT_STRUCTURAL_WEIGHTS } from '../../src/metrics/structural/index.js';
import { documentMean, type ConfigOutcome } from './experiment.js';
import { spearman, spearmanPValue } from './spearman.js';

/** One score's rank correlation with MRR across the configurations. */
export interface CorrelationRow {
  name: string;
  /** Where the default weights use it: the structural composite, a chunk's overall, or the content composite. */
  weighted: string;
  /** The score per configuration, in configuration order (document mean). */
  values: number[];
  rho: number | null;
  p: number | null;
}

/** Scores whose correlation the experiment reports: the three composites, then every metric. */
export function correlationRows(outcomes: readonly ConfigOutcome[]): CorrelationRow[] {
  const mrr = outcomes.map((outcome) => outcome.retrieval.mrr);
  const row = (name: string, weighted: string, pick: (outcome: ConfigOutcome) => number): CorrelationRow => {
    const values = outcomes.map(pick);
    return { name, weighted, values, rho: spearman(values, mrr), p: spearmanPValue(values, mrr) };
  };
  const rows = [
    row('overall', '—', (o) => documentMean(o.docs, (doc) => doc.scores.overall)),
    row('structural', '—', (o) => documentMean(o.docs, (doc) => doc.scores.structural)),
    row('content', '—', (o) => documentMean(o.docs, (doc) => doc.scores.content)),
  ];
  for (const name of STRUCTURAL_METRIC_NAMES) {
    rows.push(row(name, DEFAULT_STRUCTURAL_WEIGHTS[name] > 0 ? 'structural' : '', (o) => documentMean(o.docs, (doc) => doc.metrics[name])));
  }
  for (const name of CONTENT_METRIC_NAMES) {
    const inOverall = DEFAULT_OVERALL_WEIGHTS[name] > 0 ? 'overall, content' : 'content';
    rows.push(row(name, inOverall, (o) => documentMean(o.docs, (doc) => doc.metrics[name])));
  }
  for (const name of ['metadata', 'source_coverage'] as const) {
    rows.push(row(`chunk ${name}`, DEFAULT_OVERALL_WEIGHTS[name] > 0 ? 'overall' : '', (o) => documentMean(o.docs, (doc) => chunkMean(doc.chunks.map((chunk) => chunk.metrics[name])))));
  }
  return rows;
}

function chunkMean(values: readonly number[]): number {
  return values.length === 0 ? 100 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Within one configuration: Spearman of the answer chunk's score against 1 / its rank (higher both = agreement). */
export function chunkLevel(outcome: ConfigOutcome): { answers: number; rho: number | null } {
  const scores = outcome.answers.map((answer) => answer.score);
  const reciprocal = outcome.answers.map((answer) => (answer.rank === null ? 0 : 1 / answer.rank));
  return { answers: outcome.answers.length, rho: spearman(scores, reciprocal) };
}

const num = (value: number | null, digits = 2) => (value === null ? 'n/a' : value.toFixed(digits));

/** The experiment's text report for one corpus: configurations, correlations, chunk-level check. */
export function renderCorpus(name: string, outcomes: readonly ConfigOutcome[], queries: number): string {
  const lines = [`## ${name}: ${queries} queries, ${outcomes[0]?.docs.length ?? 0} pages, BM25 top-5`, ''];
  lines.push('| Config | MRR | Recall@5 | A | B | C | D | overall | structural | content | chunks |', '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
  for (const outcome of outcomes) {
    const type = (t: 'A' | 'B' | 'C' | 'D') => num(outcome.byType[t]?.mrr ?? null);
    const mean = (pick: Parameters<typeof documentMean>[1]) => documentMean(outcome.docs, pick).toFixed(1);
    const chunks = outcome.docs.reduce((sum, doc) => sum + doc.chunks.length, 0);
    lines.push(
      `| ${outcome.label} | ${num(outcome.retrieval.mrr, 3)} | ${num(outcome.retrieval.recall)} | ${type('A')} | ${type('B')} | ${type('C')} | ${type('D')} | ${mean((d) => d.scores.overall)} | ${mean((d) => d.scores.structural)} | ${mean((d) => d.scores.content)} | ${chunks} |`,
    );
  }
  lines.push('', '| Score | Weighted in | Spearman ρ vs MRR | p (exact, two-sided) |', '|---|---|--:|--:|');
  for (const row of correlationRows(outcomes)) lines.push(`| ${row.name} | ${row.weighted} | ${num(row.rho)} | ${num(row.p, 3)} |`);
  lines.push('', 'Chunk level — within each config, Spearman of the answer chunk\'s score against 1 / its BM25 rank:', '');
  lines.push('| Config | Answer chunks | ρ |', '|---|--:|--:|');
  for (const outcome of outcomes) {
    const level = chunkLevel(outcome);
    lines.push(`| ${outcome.label} | ${level.answers} | ${num(level.rho)} |`);
  }
  return lines.join('\n');
}
