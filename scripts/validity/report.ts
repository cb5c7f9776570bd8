/**
 * Tables of the validity experiment (docs/scores.md#do-the-scores-track-retrieval): how stable
 * the truth is, which scores rank the chunking configurations the way golden-set retrieval
 * does, and which explain why one chunk retrieves worse than another. Pure: outcomes in, rows
 * and text out.
 */
import { DEFAULT_OVERALL_WEIGHTS } from '../../src/engine/overall.js';
import { CONTENT_METRIC_NAMES, OVERALL_COMPONENT_NAMES, STRUCTURAL_METRIC_NAMES } from '../../src/shared/metric-names.js';
import { DEFAULT_STRUCTURAL_WEIGHTS } from '../../src/metrics/structural/index.js';
import { DEFAULT_CONTENT_WEIGHTS } from '../../src/metrics/content/heuristic/content-score.js';
import type { DocEval } from '../../src/types.js';
import { pairOrderStability, percentileInterval, resampledMeans, resampleIndexes, rhoSpread, type RhoSpread } from './bootstrap.js';
import { BUDGETS } from './budget.js';
import { documentMean, primaryTruth, type ConfigOutcome, type Truth } from './experiment.js';
import { spearman, spearmanPValue } from './spearman.js';
import { sizeAdjusted } from './truth.js';
import { overallUnder, VARIANTS } from './variants.js';

/** Bootstrap settings: 1,000 resamples of the queries, seed 12 (the issue's number), so every run prints the same intervals. */
export const BOOTSTRAP = { resamples: 1000, seed: 12 } as const;
/** The issue's target for Spearman's ρ of `overall` against MRR. */
export const TARGET_RHO = 0.8;

/** The truth's resamples for one corpus: each configuration's MRR in every resample of the queries. */
export interface Resampled {
  /** `means[c][b]`: configuration c's MRR in resample b. */
  means: number[][];
}

/** Resamples the primary truth's queries ({@link BOOTSTRAP}). */
export function resample(outcomes: readonly ConfigOutcome[], options: { resamples?: number; seed?: number } = {}): Resampled {
  const perQuery = outcomes.map((outcome) => primaryTruth(outcome).reciprocalRanks);
  const samples = resampleIndexes(perQuery[0]?.length ?? 0, options.resamples ?? BOOTSTRAP.resamples, options.seed ?? BOOTSTRAP.seed);
  return { means: resampledMeans(perQuery, samples) };
}

/** One score's rank correlation with MRR across the configurations. */
export interface CorrelationRow {
  name: string;
  /** Where the default weights use it: the structural composite, a chunk's overall, or the content composite. */
  weighted: string;
  /** The score per configuration, in configuration order (document mean). */
  values: number[];
  /** Against the primary truth (the whole corpus when measured). */
  rho: number | null;
  p: number | null;
  /** ρ over resamples of the queries (primary truth). */
  spread: RhoSpread | null;
  /** Against the primary truth's MRR once chunk size is accounted for ({@link sizeAdjusted}). */
  rhoAdjusted: number | null;
  /** Against the golden pages' own index (the first round's truth). */
  rhoPages: number | null;
  pPages: number | null;
}

/** Per-document value of a chunk metric: the mean over the document's chunks (100 with none). */
function chunkMean(doc: DocEval, name: keyof DocEval['chunks'][number]['metrics']): number {
  return doc.chunks.length === 0 ? 100 : doc.chunks.reduce((sum, chunk) => sum + chunk.metrics[name], 0) / doc.chunks.length;
}

/** Scores whose correlation the experiment reports: the three composites, then every metric, then diagnostics that are not scores. */
export function correlationRows(outcomes: readonly ConfigOutcome[], resampled?: Resampled): CorrelationRow[] {
  const mrr = outcomes.map((outcome) => primaryTruth(outcome).retrieval.mrr);
  const mrrPages = outcomes.map((outcome) => outcome.pages.retrieval.mrr);
  const adjusted = sizeAdjusted(mrr, outcomes.map(meanTokens));
  const row = (name: string, weighted: string, pick: (outcome: ConfigOutcome) => number): CorrelationRow => {
    const values = outcomes.map(pick);
    return {
      name,
      weighted,
      values,
      rho: spearman(values, mrr),
      p: spearmanPValue(values, mrr),
      spread: resampled && spearman(values, mrr) !== null ? rhoSpread(values, resampled.means, TARGET_RHO) : null,
      rhoAdjusted: spearman(values, adjusted),
      rhoPages: spearman(values, mrrPages),
      pPages: spearmanPValue(values, mrrPages),
    };
  };
  const rows = [
    row('overall', '—', (o) => documentMean(o.docs, (doc) => doc.scores.overall)),
    row('structural', '—', (o) => documentMean(o.docs, (doc) => doc.scores.structural)),
    row('content', '—', (o) => documentMean(o.docs, (doc) => doc.scores.content)),
  ];
  for (const name of STRUCTURAL_METRIC_NAMES) {
    const where = [DEFAULT_STRUCTURAL_WEIGHTS[name] > 0 ? 'structural' : '', name in DEFAULT_OVERALL_WEIGHTS && DEFAULT_OVERALL_WEIGHTS[name as keyof typeof DEFAULT_OVERALL_WEIGHTS] > 0 ? 'overall' : ''];
    rows.push(row(name, where.filter(Boolean).join(', '), (o) => documentMean(o.docs, (doc) => doc.metrics[name])));
  }
  for (const name of CONTENT_METRIC_NAMES) {
    const where = [DEFAULT_OVERALL_WEIGHTS[name] > 0 ? 'overall' : '', DEFAULT_CONTENT_WEIGHTS[name] > 0 ? 'content' : ''];
    rows.push(row(name, where.filter(Boolean).join(', '), (o) => documentMean(o.docs, (doc) => doc.metrics[name])));
  }
  for (const name of ['metadata', 'source_coverage'] as const) {
    rows.push(row(`chunk ${name}`, DEFAULT_OVERALL_WEIGHTS[name] > 0 ? 'overall' : '', (o) => documentMean(o.docs, (doc) => chunkMean(doc, name))));
  }
  rows.push(row('(diagnostic) mean chunk tokens', 'not a score', (o) => meanTokens(o)));
  rows.push(row('(diagnostic) size ramp', 'not a score', (o) => documentMean(o.docs, (doc) => mean(o.ramps[o.docs.indexOf(doc)] ?? []))));
  rows.push(row('(diagnostic) chance MRR', 'not a score', (o) => primaryTruth(o).chance));
  return rows;
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 100 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Mean size of the golden pages' chunks in tokens. */
export function meanTokens(outcome: ConfigOutcome): number {
  const chunks = outcome.docs.flatMap((doc) => doc.chunks);
  return chunks.length === 0 ? 0 : chunks.reduce((sum, chunk) => sum + chunk.tokens, 0) / chunks.length;
}

/** One score's ρ with recall at each context budget of {@link BUDGETS}. */
export interface BudgetRow {
  name: string;
  /** Per budget, in {@link BUDGETS} order: ρ across the configurations, and its spread over resamples of the queries. */
  rhos: { budget: number; rho: number | null; spread: RhoSpread | null }[];
}

/** Each configuration's recall at `budget` tokens: the share of queries answered within it (`budget.ts`). */
export function budgetRecall(outcome: ConfigOutcome, budget: (typeof BUDGETS)[number]): number {
  return mean01(primaryTruth(outcome).budgets[budget]);
}

function mean01(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * The composites and chunk size against recall at an equal context budget (the truth's second
 * view): ρ per budget, with the same resamples of the queries as the MRR truth (`options.seed`).
 */
export function budgetRows(outcomes: readonly ConfigOutcome[], options: { resamples?: number; seed?: number } = {}): BudgetRow[] {
  const queries = outcomes.length === 0 ? 0 : primaryTruth(outcomes[0]!).reciprocalRanks.length;
  const samples = resampleIndexes(queries, options.resamples ?? BOOTSTRAP.resamples, options.seed ?? BOOTSTRAP.seed);
  const truths = BUDGETS.map((budget) => ({
    budget,
    recall: outcomes.map((outcome) => budgetRecall(outcome, budget)),
    means: resampledMeans(outcomes.map((outcome) => primaryTruth(outcome).budgets[budget]), samples),
  }));
  const row = (name: string, values: number[]): BudgetRow => ({
    name,
    rhos: truths.map((truth) => {
      const rho = spearman(values, truth.recall);
      return { budget: truth.budget, rho, spread: rho === null ? null : rhoSpread(values, truth.means, TARGET_RHO) };
    }),
  });
  return [
    row('overall', outcomes.map((o) => documentMean(o.docs, (doc) => doc.scores.overall))),
    row('structural', outcomes.map((o) => documentMean(o.docs, (doc) => doc.scores.structural))),
    row('content', outcomes.map((o) => documentMean(o.docs, (doc) => doc.scores.content))),
    row('(diagnostic) mean chunk tokens', outcomes.map(meanTokens)),
  ];
}

/** One `overall` weighting, measured: ρ against the primary truth and the pages' own, with and without the hard cap. */
export interface VariantRow {
  name: string;
  why: string;
  capped: { values: number[]; rho: number | null; spread: RhoSpread | null; rhoPages: number | null };
  uncapped: { values: number[]; rho: number | null; spread: RhoSpread | null; rhoPages: number | null };
}

/** The `overall` weightings of {@link VARIANTS}, measured on these outcomes. */
export function variantRows(outcomes: readonly ConfigOutcome[], resampled?: Resampled): VariantRow[] {
  const mrr = outcomes.map((outcome) => primaryTruth(outcome).retrieval.mrr);
  const mrrPages = outcomes.map((outcome) => outcome.pages.retrieval.mrr);
  const measure = (values: number[]) => ({
    values,
    rho: spearman(values, mrr),
    spread: resampled && spearman(values, mrr) !== null ? rhoSpread(values, resampled.means, TARGET_RHO) : null,
    rhoPages: spearman(values, mrrPages),
  });
  return VARIANTS.map((variant) => ({
    name: variant.name,
    why: variant.why,
    capped: measure(outcomes.map((outcome) => overallUnder(outcome.docs, variant.weights, variant.sizeRamp ? { sufficiency: outcome.ramps } : {}))),
    uncapped: measure(outcomes.map((outcome) => overallUnder(outcome.docs, variant.weights, { cap: false, ...(variant.sizeRamp ? { sufficiency: outcome.ramps } : {}) }))),
  }));
}

/** Within one configuration: Spearman of the answer chunk's score against 1 / its BM25 rank (higher both = agreement). */
export function chunkLevel(truth: Truth, pick: (answer: Truth['answers'][number]) => number = (answer) => answer.chunk.score): { answers: number; rho: number | null } {
  const values = truth.answers.map(pick);
  const reciprocal = truth.answers.map((answer) => (answer.rank === null ? 0 : 1 / answer.rank));
  return { answers: truth.answers.length, rho: spearman(values, reciprocal) };
}

/** A chunk-level explanatory check of one measure: its within-configuration ρ against 1 / rank, averaged over the configurations where it varies. */
export interface ChunkLevelRow {
  name: string;
  /** Mean of the defined within-configuration ρs (`null` when none is defined). */
  mean: number | null;
  /** Configurations where ρ is defined, and where it is positive. */
  defined: number;
  positive: number;
}

/** Which per-chunk measure explains an answer chunk's rank: the chunk's score, each chunk metric, its size and whether it is hard-capped. */
export function chunkLevelRows(outcomes: readonly ConfigOutcome[]): ChunkLevelRow[] {
  const measures: [string, (answer: Truth['answers'][number]) => number][] = [
    ['score (overall)', (answer) => answer.chunk.score],
    ...OVERALL_COMPONENT_NAMES.map((name) => [name, (answer: Truth['answers'][number]) => answer.chunk.metrics[name]] as [string, (answer: Truth['answers'][number]) => number]),
    ['tokens', (answer) => answer.chunk.tokens],
    ['hard-capped (1/0)', (answer) => (answer.chunk.score <= 59 && answer.chunk.issues.some((issue) => ['source-loss', 'table-split', 'code-fence-split'].includes(issue.tag)) ? 1 : 0)],
  ];
  return measures.map(([name, pick]) => {
    const rhos = outcomes.map((outcome) => chunkLevel(primaryTruth(outcome), pick).rho).filter((rho): rho is number => rho !== null);
    return {
      name,
      mean: rhos.length === 0 ? null : rhos.reduce((sum, rho) => sum + rho, 0) / rhos.length,
      defined: rhos.length,
      positive: rhos.filter((rho) => rho > 0).length,
    };
  });
}

const num = (value: number | null | undefined, digits = 2) => (value === null || value === undefined || Number.isNaN(value) ? 'n/a' : value.toFixed(digits));
const range = (interval: [number, number] | undefined, digits = 2) => (interval ? `[${num(interval[0], digits)}, ${num(interval[1], digits)}]` : '');

/** The experiment's text report for one corpus: the truth and its stability, correlations, variants, chunk-level checks. */
export function renderCorpus(name: string, outcomes: readonly ConfigOutcome[], queries: number, options: { resamples?: number; seed?: number } = {}): string {
  const whole = outcomes[0]?.corpus !== undefined;
  const resampled = resample(outcomes, options);
  const truthName = whole ? `the whole corpus (${outcomes[0]!.corpus!.chunks} chunks for ${outcomes[0]!.label})` : `the ${outcomes[0]?.docs.length ?? 0} golden pages`;
  const lines = [`## ${name}: ${queries} queries, ${outcomes[0]?.docs.length ?? 0} golden pages, BM25 top-5; truth: MRR against ${truthName}`, ''];
  if (!whole) lines.push('(The whole corpus is not beside the repository: the truth is the golden pages\' own index, which favours configurations with fewer chunks.)', '');

  lines.push(
    `| Config | MRR | 95% interval | MRR, ${outcomes[0]?.docs.length ?? 0} pages | chance MRR | Recall@5 | A | B | C | D | overall | structural | content | chunks | mean tokens |`,
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  );
  outcomes.forEach((outcome, index) => {
    const truth = primaryTruth(outcome);
    const type = (t: 'A' | 'B' | 'C' | 'D') => num(truth.byType[t]?.mrr ?? null);
    const mean = (pick: Parameters<typeof documentMean>[1]) => documentMean(outcome.docs, pick).toFixed(1);
    const chunks = outcome.docs.reduce((sum, doc) => sum + doc.chunks.length, 0);
    lines.push(
      `| ${outcome.label} | ${num(truth.retrieval.mrr, 3)} | ${range(percentileInterval(resampled.means[index]!), 3)} | ${num(outcome.pages.retrieval.mrr, 3)} | ${num(truth.chance, 3)} | ${num(truth.retrieval.recall)} | ${type('A')} | ${type('B')} | ${type('C')} | ${type('D')} | ${mean((d) => d.scores.overall)} | ${mean((d) => d.scores.structural)} | ${mean((d) => d.scores.content)} | ${chunks} | ${meanTokens(outcome).toFixed(0)} |`,
    );
  });

  const observed = outcomes.map((outcome) => primaryTruth(outcome).retrieval.mrr);
  const stability = pairOrderStability(resampled.means, observed);
  lines.push('', `Pair order — share of ${resampled.means[0]?.length ?? 0} resamples of the queries in which the row config keeps its MRR order against the column config (0.50: a coin flip):`, '');
  lines.push(`| | ${outcomes.map((_, index) => `${index + 1}`).join(' | ')} |`, `|---|${outcomes.map(() => '--:').join('|')}|`);
  outcomes.forEach((outcome, index) => {
    lines.push(`| ${index + 1}. ${outcome.label} | ${stability[index]!.map((share, column) => (column === index ? '—' : share.toFixed(2))).join(' | ')} |`);
  });
  const self = rhoSpread(observed, resampled.means, TARGET_RHO);
  lines.push(
    '',
    `Truth against itself — Spearman ρ of the observed MRR order with each resample's: median ${num(self.median)}, 95% ${range(self.interval)}, ≥ ${TARGET_RHO} in ${(100 * self.atLeast).toFixed(0)}% of resamples (no score can be expected to do better).`,
  );

  lines.push(
    '',
    'Spearman ρ of each score (document mean) with MRR; "size-adjusted": with what is left of MRR once ln(mean chunk tokens) is regressed out:',
    '',
    '| Score | Weighted in | ρ vs MRR | p (exact) | ρ over resamples: median [95%] | ≥ 0.8 | ρ size-adjusted | ρ vs pages-only MRR | p |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|',
  );
  for (const row of correlationRows(outcomes, resampled)) {
    lines.push(
      `| ${row.name} | ${row.weighted} | ${num(row.rho)} | ${num(row.p, 3)} | ${row.spread ? `${num(row.spread.median)} ${range(row.spread.interval)}` : 'n/a'} | ${row.spread ? `${(100 * row.spread.atLeast).toFixed(0)}%` : 'n/a'} | ${num(row.rhoAdjusted)} | ${num(row.rhoPages)} | ${num(row.pPages, 3)} |`,
    );
  }

  lines.push(
    '',
    `The same queries at an equal context budget — top-5 hands a model 5 chunks whatever their size; here every config gets the same tokens: the best-ranked chunks while they fit (always the first), answered when one wholly holds an excerpt. Recall at each budget:`,
    '',
    `| Config | ${BUDGETS.map((budget) => `${budget} tokens`).join(' | ')} |`,
    `|---|${BUDGETS.map(() => '--:').join('|')}|`,
  );
  for (const outcome of outcomes) lines.push(`| ${outcome.label} | ${BUDGETS.map((budget) => num(budgetRecall(outcome, budget))).join(' | ')} |`);
  lines.push('', 'Spearman ρ with recall at each budget (median over resamples of the queries in brackets):', '');
  lines.push(`| Score | ${BUDGETS.map((budget) => `${budget} tokens`).join(' | ')} |`, `|---|${BUDGETS.map(() => '--:').join('|')}|`);
  for (const row of budgetRows(outcomes, options)) {
    lines.push(`| ${row.name} | ${row.rhos.map((cell) => `${num(cell.rho)} (${cell.spread ? num(cell.spread.median) : 'n/a'})`).join(' | ')} |`);
  }

  lines.push('', '`overall` under other weights (document mean; ρ against the truth above; "no cap": without the 59-point hard cap):', '');
  lines.push('| Weights | Why | ρ | ρ over resamples | ρ pages-only | ρ no cap | ρ no cap over resamples |', '|---|---|--:|--:|--:|--:|--:|');
  for (const row of variantRows(outcomes, resampled)) {
    const spread = (value: RhoSpread | null) => (value ? `${num(value.median)} ${range(value.interval)}` : 'n/a');
    lines.push(`| ${row.name} | ${row.why} | ${num(row.capped.rho)} | ${spread(row.capped.spread)} | ${num(row.capped.rhoPages)} | ${num(row.uncapped.rho)} | ${spread(row.uncapped.spread)} |`);
  }

  lines.push('', "Chunk level — within each config, Spearman of the answer chunk's score against 1 / its BM25 rank:", '');
  lines.push('| Config | Answer chunks | ρ |', '|---|--:|--:|');
  for (const outcome of outcomes) {
    const level = chunkLevel(primaryTruth(outcome));
    lines.push(`| ${outcome.label} | ${level.answers} | ${num(level.rho)} |`);
  }
  lines.push('', 'Which per-chunk measure explains the answer chunk\'s rank (mean of the within-config ρs; configs where it varies, and where ρ > 0):', '');
  lines.push('| Measure | mean ρ | configs | ρ > 0 |', '|---|--:|--:|--:|');
  for (const row of chunkLevelRows(outcomes)) lines.push(`| ${row.name} | ${num(row.mean)} | ${row.defined} | ${row.positive} |`);
  return lines.join('\n');
}
