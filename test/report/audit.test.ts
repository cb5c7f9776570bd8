import { describe, expect, it } from 'vitest';
import { compareWithBaseline, gatingItems } from '../../src/compare/baseline.js';
import { compareDoc } from '../../src/compare/diff-doc.js';
import { buildReport } from '../../src/compare/summary.js';
import { decideAudit } from '../../src/compare/verdict.js';
import { auditCheckOutput, renderAuditSummary, type AuditView } from '../../src/report/audit.js';
import type { Report } from '../../src/types.js';
import { CHUNKING, chunk, doc, issue } from './factory.js';
import { THRESHOLDS } from './sample.js';

const SHA = 'abcdef0123456789abcdef0123456789abcdef01';

/**
 * Two files as an audit sees them (added, no base): `docs/a.md` with structural 61 (below 70) and
 * a failing table piece (score 59) under "A › Settings"; `docs/b.md` all pass. Five chunks: 3
 * pass, 1 warn (70), 1 fail.
 */
function auditReport(): Report {
  const a = doc(
    'docs/a.md',
    [
      chunk({ text: 'intro', headingPath: ['A'], score: 95, startLine: 1, endLine: 4 }),
      chunk({ text: 'piece', headingPath: ['A', 'Settings'], score: 59, startLine: 10, endLine: 30, issues: [issue('table-split', 10)], split: { kind: 'table', part: 1, parts: 2 } }),
      chunk({ text: 'weak @team', headingPath: ['A', 'Notes <b>'], score: 70, startLine: 32, endLine: 40 }),
    ],
    { scores: { structural: 61, content: 80, overall: 74.7 } },
  );
  const b = doc('docs/b.md', [chunk({ text: 'one', headingPath: ['B'], score: 100 }), chunk({ text: 'two', headingPath: ['B', 'C'], score: 90 })], { scores: { structural: 100, content: 90, overall: 95 } });
  const files = [a, b].map((head) => compareDoc({ path: head.path, status: 'added', head }, THRESHOLDS));
  return buildReport({ version: '0.1.0', config: {}, scorer: 'heuristic', files, failOn: ['threshold', 'regression'], partial: false, cost: null });
}

function view(report: Report, baseline: AuditView['baseline'] = null): AuditView {
  const gating = gatingItems(report, ['threshold', 'regression']);
  const added = baseline?.status === 'compared' ? { added: baseline.delta.added.length } : null;
  return { report, gating, baseline, decision: decideAudit(gating.length, added), commit: { sha: SHA, ref: 'refs/heads/main', event: 'push' }, chunking: CHUNKING, version: '0.1.0' };
}

describe('renderAuditSummary', () => {
  it('says where the docs stand, lists the gating findings, the lowest files and the chunks below pass', () => {
    const summary = renderAuditSummary(view(auditReport()));
    expect(summary).toContain('ℹ️ **2 gating findings** in 2 Markdown files; with no baseline to compare with, this audit only reports · `abcdef0` on `refs/heads/main` (push)');
    // Means over files: structural (61 + 100) / 2 = 80.5, content (80 + 90) / 2 = 85, overall (74.7 + 95) / 2 = 84.85 → 84.9.
    expect(summary).toContain('| 2 | 5 | 80.5 | 85 | 84.9 | 3 (60%) / 1 (20%) / 1 (20%) |');
    expect(summary).toContain('- `docs/a.md` · `threshold:structural:structural`: structural is 61, below the minimum of 70 (`thresholds.structural`)');
    expect(summary).toContain('- `docs/a.md` L10 · A › Settings · `chunk:new-failing-chunk`: failing chunk: score 59 · table-split');
    expect(summary).toMatch(/### 📉 Lowest-scoring files\n\| File [^\n]*\n[^\n]*\n\| `docs\/a\.md` \| 3 \| 61 \| 80 \| 74\.7 \| 1 \|\n\| `docs\/b\.md` \| 2 \| 100 \| 90 \| 95 \| 0 \|/);
    // Worst first; only chunks below pass; docs text escaped.
    expect(summary).toContain('### 🔻 Worst chunks (2 below pass)\n| Where | Chunk | Tokens | Score | Issues |\n|---|---|--:|--:|---|\n| `docs/a.md` L10–L30 | A › Settings (1/2) | 2 | 59 ❌ | `table-split` |\n| `docs/a.md` L32–L40 | A › Notes &lt;b&gt; | 3 | 70 ⚠️ |  |');
  });

  it('leads with the new findings when compared with a baseline', () => {
    const report = auditReport();
    const gating = gatingItems(report, ['threshold', 'regression']);
    const delta = compareWithBaseline(gating, [gating[0]!, { path: 'docs/gone.md', kind: 'unchecked', headingPath: [], message: 'Not checked: binary file' }]);
    const summary = renderAuditSummary(view(report, { status: 'compared', name: 'prev/report.json', delta, configChanged: true }));
    expect(summary).toContain('❌ **Fails: 1 new gating finding** since the baseline in 2 Markdown files');
    expect(summary).toContain('Against the baseline `prev/report.json`: 1 new gating finding, 1 resolved, 1 unchanged.');
    expect(summary).toContain('The baseline was made with other rules');
    expect(summary).toContain('### ❌ New since the baseline (1)\n- `docs/a.md` L10 · A › Settings');
    expect(summary).toContain('### ✅ Resolved since the baseline (1)\n- `docs/gone.md` · `unchecked`: Not checked: binary file');
  });

  it('shrinks its lists to fit a limit', () => {
    const chunks = Array.from({ length: 300 }, (_, index) => chunk({ text: `c${index}`, headingPath: [`Section ${index} ${'x'.repeat(1500)}`], score: 40, startLine: index + 1, endLine: index + 1, issues: [issue('oversize-chunk', index + 1)] }));
    const head = doc('docs/big.md', chunks, { scores: { structural: 40, content: 40, overall: 40 } });
    const report = buildReport({ version: '0.1.0', config: {}, scorer: 'heuristic', files: [compareDoc({ path: head.path, status: 'added', head }, THRESHOLDS)], failOn: ['regression'], partial: false, cost: null });
    const full = renderAuditSummary(view(report));
    expect(full).toContain('- … 252 more: see the JSON report');
    expect(full).toContain('… 280 more chunks below pass');
    const check = auditCheckOutput(view(report));
    expect(check.summary.length).toBeLessThanOrEqual(65_535);
    expect(check.summary.length).toBeLessThan(full.length);
    expect(check.title).toBe('chunkgate audit passes: 302 gating findings in 1 file');
  });
});

describe('auditCheckOutput', () => {
  it('annotates gating findings in files: failure when new since the baseline, warning otherwise', () => {
    const v = view(auditReport());
    // `added` holds items of the view's own `gating` list: those are the ones marked as failures.
    const delta = compareWithBaseline(v.gating, [v.gating[0]!]);
    v.baseline = { status: 'compared', name: 'b.json', delta, configChanged: false };
    v.decision = decideAudit(v.gating.length, { added: delta.added.length });
    const check = auditCheckOutput(v);
    expect(check.title).toBe('chunkgate audit fails: 1 new gating finding since the baseline in 2 files');
    expect(check.annotations.map((a) => [a.path, a.start_line, a.annotation_level, a.title])).toEqual([
      ['docs/a.md', 1, 'warning', 'chunkgate: threshold:structural:structural'],
      ['docs/a.md', 10, 'failure', 'chunkgate: chunk:new-failing-chunk · A › Settings'],
    ]);
    expect(check.annotations[0]!.message).toBe('structural is 61, below the minimum of 70 (thresholds.structural)');
  });
});
