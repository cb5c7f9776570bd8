import { describe, expect, it } from 'vitest';
import { parseGolden } from '../../src/golden/load.js';
import { CONFIGS, primaryTruth, runConfig } from '../../scripts/validity/experiment.js';
import { budgetRecall, budgetRows, chunkLevel, chunkLevelRows, correlationRows, renderCorpus, variantRows } from '../../scripts/validity/report.js';

const corpus = [
  { path: 'a.md', source: '# Alpha\n\nThe zebra lives in the savanna.\n' },
  { path: 'b.md', source: '# Beta\n\nThe giraffe eats leaves.\n' },
];
/** The whole corpus: the two golden pages and a third page about zebras too. */
const index = [...corpus, { path: 'c.md', source: '# Gamma\n\nWhere does the zebra live? The zebra lives where zebras live.\n' }];
const golden = parseGolden(
  [
    'queries:',
    '  - { id: z, type: A, query: where does the zebra live, evidence: [{ file: a.md, text: The zebra lives in the savanna. }] }',
    '  - { id: g, type: B, query: giraffe food, evidence: [{ file: b.md, text: The giraffe eats leaves. }] }',
    '  - { id: p, type: C, query: penguin, evidence: [{ file: b.md, text: The giraffe eats leaves. }] }',
  ].join('\n'),
  'golden.yml',
);
const heading = CONFIGS.find((config) => config.label === 'heading 512')!;

describe('runConfig', () => {
  it('scores every page with the engine and measures BM25 MRR on the pages as the truth', async () => {
    const outcome = await runConfig(corpus, golden, heading);
    // One chunk per page. "zebra" and "giraffe" find their page first (rank 1, rr 1); "penguin"
    // matches nothing (rr 0): MRR = (1 + 1 + 0) / 3.
    expect(outcome.docs.map((doc) => doc.chunks.length)).toEqual([1, 1]);
    expect(outcome.pages.retrieval.mrr).toBeCloseTo(2 / 3, 12);
    expect(outcome.pages.reciprocalRanks).toEqual([1, 1, 0]);
    expect(outcome.pages.byType).toMatchObject({ A: { mrr: 1 }, B: { mrr: 1 }, C: { mrr: 0 } });
    // Every query has an answer chunk; the penguin's is never returned.
    expect(outcome.pages.answers.map((answer) => [answer.query, answer.rank])).toEqual([
      ['z', 1],
      ['g', 1],
      ['p', null],
    ]);
    expect(outcome.pages.answers[0]!.chunk).toBe(outcome.docs[0]!.chunks[0]);
    // Chance on 2 chunks with 1 relevant each: (1/2)·1 + (1/2)·(1/2) = 0.75 for every query
    expect(outcome.pages.chance).toBeCloseTo(0.75, 12);
    expect(outcome.corpus).toBeUndefined();
    expect(primaryTruth(outcome)).toBe(outcome.pages);
  });

  it('measures the truth against the whole corpus when given, chunked the same way', async () => {
    const outcome = await runConfig(corpus, golden, heading, { index });
    const truth = outcome.corpus!;
    expect(truth.chunks).toBe(3);
    // c.md repeats "zebra" and "live" more: it now ranks first for the zebra query, a.md second (rr 1/2)
    expect(truth.reciprocalRanks).toEqual([0.5, 1, 0]);
    expect(truth.answers.map((answer) => [answer.query, answer.rank])).toEqual([
      ['z', 2],
      ['g', 1],
      ['p', null],
    ]);
    // Chance on 3 chunks with 1 relevant: (1/3)(1 + 1/2 + 1/3) = 0.6111…
    expect(truth.chance).toBeCloseTo((1 + 1 / 2 + 1 / 3) / 3, 12);
    // Every chunk is under 20 tokens, so even 512 tokens read every match: zebra (c.md, then a.md)
    // and giraffe are answered, penguin matches nothing.
    for (const budget of [512, 1024, 2048, 4096] as const) expect(truth.budgets[budget]).toEqual([1, 1, 0]);
    expect(primaryTruth(outcome)).toBe(truth);
    // Only the golden pages are scored.
    expect(outcome.docs.map((doc) => doc.path)).toEqual(['a.md', 'b.md']);
  });

  it('lists the eight configurations of the issue', () => {
    expect(CONFIGS.map((config) => config.label)).toEqual([
      'fixed 128',
      'fixed 256',
      'fixed 512',
      'fixed 1024',
      'fixed 512+64',
      'heading 512',
      'lc-recursive 1000/200',
      'lc-markdown 1000/200',
    ]);
  });
});

describe('the validity report', () => {
  it('correlates each score with MRR across configurations and renders the tables', async () => {
    const one = await runConfig(corpus, golden, heading, { index });
    // A second "configuration" with the same scores but worse retrieval: every score ties, so ρ is undefined.
    const worse = { ...one, label: 'worse', corpus: { ...one.corpus!, retrieval: { ...one.corpus!.retrieval, mrr: 0.1 }, reciprocalRanks: [0, 0.3, 0] } };
    const rows = correlationRows([one, worse]);
    expect(rows.find((row) => row.name === 'overall')).toMatchObject({ rho: null, values: [one.docs[0]!.scores.overall / 2 + one.docs[1]!.scores.overall / 2, expect.any(Number)] });
    expect(rows.map((row) => row.name)).toContain('context_sufficiency');
    expect(rows.map((row) => row.name)).toContain('unit_integrity');
    // Where each metric is weighted by default: semantic_coherence left `content` (weight 0).
    const weighted = Object.fromEntries(rows.map((row) => [row.name, row.weighted]));
    expect(weighted.semantic_coherence).toBe('');
    expect(weighted.context_self_containment).toBe('overall, content');
    expect(weighted.information_completeness).toBe('content');
    // Both pages have the same shape, so the two answer chunks score the same: no order to correlate.
    expect(one.corpus!.answers[0]!.chunk.score).toBe(one.corpus!.answers[1]!.chunk.score);
    expect(chunkLevel(one.corpus!)).toEqual({ answers: 3, rho: null });
    expect(chunkLevelRows([one, worse]).find((row) => row.name === 'score (overall)')).toEqual({ name: 'score (overall)', mean: null, defined: 0, positive: 0 });
    expect(variantRows([one, worse]).map((row) => row.name)).toEqual([
      'seed 003 L2',
      'issue 12 round 1',
      'round 1 + sufficiency',
      'sufficiency for boundary',
      'round 1 + size ramp (diagnostic)',
      'defaults',
    ]);
    const text = renderCorpus('Test', [one, worse], 3, { resamples: 20 });
    expect(text).toContain('## Test: 3 queries, 2 golden pages, BM25 top-5; truth: MRR against the whole corpus (3 chunks for heading 512)');
    expect(text).toContain('| heading 512 | 0.500 |');
    expect(text).toContain('| context_carryover | structural |');
    expect(text).toContain('| 1. heading 512 | — | ');
    expect(text).toContain('Truth against itself');
    expect(text).toContain('| heading 512 | 0.67 | 0.67 | 0.67 | 0.67 |');
  });

  it('correlates the composites and chunk size with recall at each context budget', async () => {
    const one = await runConfig(corpus, golden, heading, { index });
    // Three "configurations" whose overall falls as their recall at 512 tokens rises (ρ −1), and
    // whose recall at the other budgets ties (ρ undefined).
    const variant = (label: string, overall: number, at512: (0 | 1)[]) => ({
      ...one,
      label,
      docs: one.docs.map((doc) => ({ ...doc, scores: { ...doc.scores, overall } })),
      corpus: { ...one.corpus!, budgets: { ...one.corpus!.budgets, 512: at512 } },
    });
    const outcomes = [variant('a', 90, [0, 0, 0]), variant('b', 80, [1, 0, 0]), variant('c', 70, [1, 1, 0])];
    expect(outcomes.map((outcome) => budgetRecall(outcome, 512))).toEqual([0, 1 / 3, 2 / 3]);
    const overall = budgetRows(outcomes, { resamples: 10 }).find((row) => row.name === 'overall')!;
    expect(overall.rhos.map((cell) => [cell.budget, cell.rho])).toEqual([
      [512, -1],
      [1024, null],
      [2048, null],
      [4096, null],
    ]);
    expect(overall.rhos[0]!.spread).not.toBeNull();
  });

  it('says so when the truth is only the golden pages', async () => {
    const one = await runConfig(corpus, golden, heading);
    const text = renderCorpus('Test', [one], 3, { resamples: 5 });
    expect(text).toContain('truth: MRR against the 2 golden pages');
    expect(text).toContain('The whole corpus is not beside the repository');
  });
});
