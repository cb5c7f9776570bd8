import { describe, expect, it } from 'vitest';
import { DELTA_KINDS } from '../../src/compare/deltas.js';
import { compareDoc } from '../../src/compare/diff-doc.js';
import { buildReport } from '../../src/compare/summary.js';
import { renderSummary } from '../../src/report/summary.js';
import { chunk, doc, issue } from './factory.js';
import { CONTEXT, THRESHOLDS, count, sampleReport, scanFences } from './sample.js';

describe('renderSummary', () => {
  it('lists every file with all 14 scores, every item, and every issue of each regressed chunk', () => {
    const summary = renderSummary(sampleReport(), CONTEXT);
    // 8 files → 8 sections, each with one row per score kind (3 scores + 11 metrics)
    for (const kind of DELTA_KINDS) expect(count(summary, `| \`${kind}\` |`)).toBe(8);
    expect(summary).toContain('### ❌ What this PR breaks');
    expect(summary).toContain('### ⚠️ Worth a look (does not gate)');
    expect(summary).toContain('Already on the base branch (3, not caused by this PR)');
    expect(summary).toContain('- L14 · high · [`code-fence-split`](https://github.com/chunkgate/chunkgate/blob/v0/docs/rules/code-fence-split.md): Unexpected piece 1/3 of a split code block, expected the whole code block in one chunk — split the script');
    expect(summary).toContain('- L3 · low · [`tiny-chunk`](https://github.com/chunkgate/chunkgate/blob/v0/docs/rules/tiny-chunk.md): Unexpected 2-token chunk, expected at least 51');
    // deploy.md piece 2 aligned to the base chunk by line mapping (base 14–30 → head 14–79).
    expect(summary).toContain('origin: `new` · gates · reason: `score-drop` · aligned by: `lines` · new tags: `code-fence-split`');
    expect(summary).not.toContain('<!-- chunkgate -->');
    expect(summary).not.toContain('Full report in the job summary');
    expect(scanFences(summary).balanced).toBe(true);
  });

  it('stays under its limit by dropping excerpts, then file sections, then rows', () => {
    const chunks = Array.from({ length: 200 }, (_, index) =>
      chunk({ text: `Chunk ${index} ${'text '.repeat(400)}`, headingPath: [`S${index}`], score: 20, startLine: index + 1, endLine: index + 1, issues: [issue('source-loss', index + 1)] }),
    );
    const diff = compareDoc({ path: 'docs/big.md', status: 'added', head: doc('docs/big.md', chunks) }, THRESHOLDS);
    const report = buildReport({ version: '0.1.0', config: {}, scorer: 'heuristic', files: [diff], failOn: [], partial: false, cost: null });
    for (const maxLength of [400_000, 60_000, 20_000]) {
      const summary = renderSummary(report, { ...CONTEXT, maxLength });
      expect(summary.length).toBeLessThan(maxLength);
      expect(count(summary, '<details>')).toBe(count(summary, '</details>'));
      expect(scanFences(summary).balanced).toBe(true);
    }
    // 200 excerpts of ~2,000 characters do not fit in 400,000 with everything else; sections without them do.
    const mid = renderSummary(report, { ...CONTEXT, maxLength: 400_000 });
    expect(count(mid, '<details>')).toBe(0);
    expect(count(mid, '#### L')).toBe(200);
    const small = renderSummary(report, { ...CONTEXT, maxLength: 20_000 });
    expect(small).toContain('more items: see the JSON report');
  });
});
