import { describe, expect, it } from 'vitest';
import { parseGolden } from '../../src/golden/load.js';
import { CONFIGS, runConfig } from '../../scripts/validity/experiment.js';
import { chunkLevel, correlationRows, renderCorpus } from '../../scripts/validity/report.js';

const corpus = [
  { path: 'a.md', source: '# Alpha\n\nThe zebra lives in the savanna.\n' },
  { path: 'b.md', source: '# Beta\n\nThe giraffe eats leaves.\n' },
];
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
  it('scores every page with the engine and measures BM25 MRR as the truth', async () => {
    const outcome = await runConfig(corpus, golden, heading);
    // One chunk per page. "zebra" and "giraffe" find their page first (rank 1, rr 1); "penguin"
    // matches nothing (rr 0): MRR = (1 + 1 + 0) / 3.
    expect(outcome.docs.map((doc) => doc.chunks.length)).toEqual([1, 1]);
    expect(outcome.retrieval.mrr).toBeCloseTo(2 / 3, 12);
    expect(outcome.byType).toMatchObject({ A: { mrr: 1 }, B: { mrr: 1 }, C: { mrr: 0 } });
    // Every query has an answer chunk; the penguin's is never returned.
    expect(outcome.answers.map((answer) => [answer.query, answer.rank])).toEqual([
      ['z', 1],
      ['g', 1],
      ['p', null],
    ]);
    expect(outcome.answers[0]!.score).toBe(outcome.docs[0]!.chunks[0]!.score);
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
    const one = await runConfig(corpus, golden, heading);
    // A second "configuration" with the same scores but worse retrieval: every score ties, so ρ is undefined.
    const worse = { ...one, label: 'worse', retrieval: { ...one.retrieval, mrr: 0.1 } };
    const rows = correlationRows([one, worse]);
    expect(rows.find((row) => row.name === 'overall')).toMatchObject({ rho: null, values: [one.docs[0]!.scores.overall / 2 + one.docs[1]!.scores.overall / 2, expect.any(Number)] });
    // Both pages have the same shape, so the two answer chunks score the same: no order to correlate.
    expect(one.answers[0]!.score).toBe(one.answers[1]!.score);
    expect(chunkLevel(one)).toEqual({ answers: 3, rho: null });
    const text = renderCorpus('Test', [one, worse], 3);
    expect(text).toContain('## Test: 3 queries, 2 pages, BM25 top-5');
    expect(text).toContain('| heading 512 | 0.667 |');
    expect(text).toContain('| context_carryover | structural |');
  });
});
