import { describe, expect, it } from 'vitest';
import { planBatches, type PlanItem } from '../../../../src/metrics/content/llm/plan.js';

/** Item `index` of doc `docIndex` whose section spans [index × 100, index × 100 + 50). */
const item = (index: number, docIndex = 0, section = { start: index * 100, end: index * 100 + 50 }): PlanItem => ({ docIndex, index, section });
const shape = (batches: PlanItem[][]) => batches.map((batch) => batch.map((entry) => `${entry.docIndex}:${entry.index}`));

describe('planBatches', () => {
  it('cuts contiguous chunks into batches of batchSize', () => {
    const items = Array.from({ length: 10 }, (_, index) => item(index));
    // 10 items by 4 → 4 + 4 + 2.
    expect(planBatches(items, { batchSize: 4 }).map((batch) => batch.length)).toEqual([4, 4, 2]);
    // Default 8 → 8 + 2.
    expect(planBatches(items).map((batch) => batch.length)).toEqual([8, 2]);
  });

  it('keeps chunks that share a neighbour together and splits far-apart ones', () => {
    // 0 and 2 share neighbour 1; 2 → 5 is a gap of 3 with disjoint sections; 5 → 7 shares 6.
    expect(shape(planBatches([item(0), item(2), item(5), item(7)]))).toEqual([['0:0', '0:2'], ['0:5', '0:7']]);
  });

  it('joins far-apart chunks whose section excerpts overlap', () => {
    // Chunk 9's excerpt starts inside chunk 0's (both in one long section).
    expect(shape(planBatches([item(0, 0, { start: 0, end: 5000 }), item(9, 0, { start: 900, end: 5000 })]))).toEqual([['0:0', '0:9']]);
  });

  it('never mixes documents and sorts its input', () => {
    expect(shape(planBatches([item(1, 1), item(0, 0), item(0, 1), item(1, 0)]))).toEqual([['0:0', '0:1'], ['1:0', '1:1']]);
  });

  it('treats a batchSize below 1 as 1 and returns nothing for nothing', () => {
    expect(planBatches([item(0), item(1)], { batchSize: 0 }).length).toBe(2);
    expect(planBatches([])).toEqual([]);
  });
});
