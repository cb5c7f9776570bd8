import { describe, expect, it } from 'vitest';
import { compareDoc } from '../../src/compare/diff-doc.js';
import { buildReport } from '../../src/compare/summary.js';
import { renderComment } from '../../src/report/comment.js';
import { BRIEF_LIMIT, renderSummary } from '../../src/report/summary.js';
import { chunk, doc, issue } from './factory.js';
import { CONTEXT, THRESHOLDS, count, sampleReport, scanFences } from './sample.js';

const ARTIFACT = { artifactName: 'chunkgate-report', artifactUrl: 'https://github.com/acme/docs/actions/runs/1/artifacts/9' };

describe('renderSummary (the job summary)', () => {
  it('says the verdict, the table, what else was found, and links to the HTML chunk map in the artifact', () => {
    const report = sampleReport();
    const summary = renderSummary(report, { ...CONTEXT, ...ARTIFACT });
    const comment = renderComment(report, { ...CONTEXT, ...ARTIFACT });
    const lines = summary.split('\n');
    expect(lines[0]).toBe('## 🧩 chunkgate');
    // The comment's verdict line, word for word: the same counts.
    expect(lines[2]).toBe(comment.split('\n')[3]);
    expect(summary).toContain('### ❌ What this PR breaks');
    expect(count(summary, '\n| `docs/')).toBe(2);
    expect(summary).toContain('Also found, not gating: 3 worth a look, 3 already on the base branch');
    expect(summary).toContain(
      '🗺️ [HTML chunk map](https://github.com/acme/docs/actions/runs/1/artifacts/9): every chunk of every changed file, base | head · artifact <code>chunkgate-report</code> (`report.html`; every score and finding in `report.json`)',
    );
    // No metric tables: a dip of one metric is not called a regression here.
    expect(summary).not.toContain('regression |');
    expect(summary).not.toContain('`context_carryover`');
    expect(summary).not.toContain('<!-- chunkgate -->');
    expect(summary).not.toContain('Full report (chunk map, report.json) via the job summary');
    expect(scanFences(summary).balanced).toBe(true);
    // 8 files: about 2,000 characters.
    expect(summary.length).toBeLessThan(2_500);
  });

  it('stays short on a run of many files: at most 30 rows, then a pointer, under 16,000 characters', () => {
    // 60 added files, each with a chunk that lost source text (a gating regression): 60 rows.
    const files = Array.from({ length: 60 }, (_, index) =>
      compareDoc(
        {
          path: `docs/page-${index}.md`,
          status: 'added',
          head: doc(`docs/page-${index}.md`, [
            chunk({ text: `Chunk ${index} ${'text '.repeat(400)}`, headingPath: [`Section ${index}`], score: 20, startLine: 3, endLine: 40, issues: [issue('source-loss', 3)] }),
          ]),
        },
        THRESHOLDS,
      ),
    );
    const report = buildReport({ version: '0.1.0', config: {}, scorer: 'heuristic', files, failOn: ['regression'], partial: false, cost: null });
    const summary = renderSummary(report, { ...CONTEXT, ...ARTIFACT });
    expect(count(summary, '\n| `docs/page-')).toBe(30);
    expect(summary).toContain('\n… 30 more items: see the HTML chunk map and `report.json` (report artifact)');
    expect(summary.length).toBeLessThanOrEqual(BRIEF_LIMIT);
    expect(BRIEF_LIMIT).toBe(16_000);
    // A tighter limit drops trailing rows, whole.
    const small = renderSummary(report, { ...CONTEXT, ...ARTIFACT, maxLength: 4_000 });
    expect(small.length).toBeLessThan(4_000);
    expect(count(small, '\n| `docs/page-')).toBeGreaterThan(0);
    expect(small).toMatch(/\n… \d+ more items: see the HTML chunk map/);
    expect(scanFences(small).balanced).toBe(true);
  });
});
