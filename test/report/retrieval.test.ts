import { describe, expect, it } from 'vitest';
import { renderComment } from '../../src/report/comment.js';
import { retrievalSection } from '../../src/report/retrieval.js';
import type { QueryMetrics } from '../../src/types.js';
import type { RetrievalReport } from '../../src/types.js';
import { CONTEXT, sampleReport } from './sample.js';

const scores = (mrr: number, recall: number) => ({ recall, precision: 0.2, mrr, iou: 0.1, tokenRecall: 0.5, tokenPrecision: 0.1 });
const metrics = (rank: number | null): QueryMetrics => ({ rank, recall: rank ? 1 : 0, precision: 0.2, rr: rank ? 1 / rank : 0, tokenRecall: 0, tokenPrecision: 0, iou: 0 });
const query = (id: string, type: 'A' | 'B' | 'C' | 'D', baseRank: number | null, headRank: number | null) => ({
  id, type, query: `question ${id}`, file: 'docs/a.md', baseRank, headRank, stale: false, missing: [], base: metrics(baseRank), head: metrics(headRank),
});

/** Three A queries, one C query, no B or D: A's MRR (1 + 1 + 1/2)/3 = 0.83 → (1 + 1/3 + 1/2)/3 = 0.61. */
const retrieval: RetrievalReport = {
  k: 5,
  retriever: 'bm25',
  base: scores(0.875, 1),
  head: scores(0.708333, 1),
  byType: { A: { base: scores(0.833333, 1), head: scores(0.611111, 1) }, C: { base: scores(1, 1), head: scores(1, 0.5) } },
  queries: [query('a1', 'A', 1, 1), query('a2', 'A', 1, 3), query('a3', 'A', 2, 2), query('c1', 'C', 1, 1)],
  failures: [],
};

describe('retrievalSection: per-type rows', () => {
  it('lists each query type present with its query count, MRR and recall base → head', () => {
    const section = retrievalSection(retrieval)!;
    expect(section).toContain('| Query type | Queries | MRR | Recall@5 |');
    expect(section).toContain('| A · single fact | 3 | 0.83 → 0.61 ▼0.22 | 1.00 → 1.00 |');
    expect(section).toContain('| C · several pages | 1 | 1.00 → 1.00 | 1.00 → 0.50 ▼0.50 |');
    expect(section).not.toContain('B · several facts');
    expect(section).not.toContain('D · multi-hop');
  });

  it('leads the comment, right under the verdict, before the files table', () => {
    const body = renderComment({ ...sampleReport(), retrieval }, CONTEXT);
    const at = body.indexOf('### 🔎 Retrieval on the golden set');
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(body.indexOf('| File'));
  });
});
