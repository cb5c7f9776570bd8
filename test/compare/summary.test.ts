import { describe, expect, it } from 'vitest';
import { buildReport } from '../../src/compare/summary.js';
import { bareDiff, chunk, doc } from '../report/factory.js';

describe('buildReport', () => {
  const b = { ...bareDiff('docs/b.md', { failures: 2 }), head: doc('docs/b.md', [chunk({ text: '1' }), chunk({ text: '2' })]) };
  const a = { ...bareDiff('docs/a.md', { regressions: 1 }), head: doc('docs/a.md', [chunk({ text: '3' })], { partial: true }) };
  const removed = { ...bareDiff('docs/0.md'), status: 'removed' as const };

  it('sorts files by path and counts head chunks, regressions and failures', () => {
    const report = buildReport({ version: '0.1.0', config: { x: 1 }, scorer: 'heuristic', files: [b, a, removed], failOn: ['threshold'], partial: false, cost: null });
    expect(report.files.map((file) => file.path)).toEqual(['docs/0.md', 'docs/a.md', 'docs/b.md']);
    // chunks 0 + 1 + 2 = 3; regressions 1; failures 2; 2 failures with failOn threshold → fail.
    // docs/a.md's head is partial, so the run is partial even though the input flag is false.
    expect(report.summary).toEqual({
      files: 3,
      chunks: 3,
      regressions: 1,
      failures: 2,
      gating: { regressions: 1, failures: 2, findings: 0 },
      verdict: 'fail',
      partial: true,
      cost: null,
    });
    expect(report).not.toHaveProperty('retrieval');
  });

  it('counts gating items apart from the totals, and decides on the gating ones only', () => {
    const quiet = { ...bareDiff('docs/c.md', { failures: 2, regressions: 1, gating: false }), head: doc('docs/c.md', [chunk({ text: '1' })]) };
    const report = buildReport({ version: '0.1.0', config: null, scorer: 'heuristic', files: [quiet], failOn: ['threshold', 'regression'], partial: false, cost: null });
    expect(report.summary).toMatchObject({ regressions: 1, failures: 2, gating: { regressions: 0, failures: 0, findings: 0 }, verdict: 'pass' });
  });

  it('passes when failOn does not include what was found, and keeps retrieval and cost', () => {
    const cost = { calls: 1, judgedChunks: 2, cacheHits: 0, promptTokens: 10, completionTokens: 5, usd: 0.01 };
    const zero = { recall: 0, precision: 0, mrr: 0, iou: 0, tokenRecall: 0, tokenPrecision: 0 };
    const retrieval = { k: 5, retriever: 'bm25', base: zero, head: zero, byType: {}, queries: [], failures: [] };
    const report = buildReport({ version: '0.1.0', config: null, scorer: 'llm', files: [b], failOn: ['regression'], partial: false, cost, retrieval });
    expect(report.summary.verdict).toBe('pass');
    expect(report.summary.cost).toEqual(cost);
    expect(report.retrieval).toEqual(retrieval);
  });

  it('counts a failed retrieval limit as a threshold failure', () => {
    const zero = { recall: 0, precision: 0, mrr: 0, iou: 0, tokenRecall: 0, tokenPrecision: 0 };
    const failure = { rule: 'mrr' as const, actual: 0.2, limit: 0.5, message: 'MRR is 0.20' };
    const retrieval = { k: 5, retriever: 'bm25', base: zero, head: zero, byType: {}, queries: [], failures: [failure] };
    const report = buildReport({ version: '0.1.0', config: null, scorer: 'heuristic', files: [], failOn: ['threshold'], partial: false, cost: null, retrieval });
    expect(report.summary).toMatchObject({ failures: 1, gating: { failures: 1 }, verdict: 'fail' });
  });
});
