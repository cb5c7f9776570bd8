import { describe, expect, it } from 'vitest';
import { compareDoc } from '../../src/compare/diff-doc.js';
import { buildReport } from '../../src/compare/summary.js';
import { COMMENT_MARKER, renderComment } from '../../src/report/comment.js';
import type { Report } from '../../src/types.js';
import { chunk, doc, issue } from './factory.js';
import { CONTEXT, THRESHOLDS, count, sampleReport, scanFences } from './sample.js';

/** A report with `n` new failing chunks in one added file, each `size` characters long. */
function manyRegressions(n: number, size: number): Report {
  const chunks = Array.from({ length: n }, (_, index) =>
    chunk({
      text: `Chunk ${index} ${'lorem ipsum '.repeat(Math.ceil(size / 12))}`.slice(0, size),
      headingPath: ['Big', `Section ${index}`],
      score: 30,
      startLine: index * 10 + 1,
      endLine: index * 10 + 9,
      issues: [issue('source-loss', index * 10 + 2)],
    }),
  );
  const diff = compareDoc({ path: 'docs/big.md', status: 'added', head: doc('docs/big.md', chunks) }, THRESHOLDS);
  return buildReport({ version: '0.1.0', config: {}, scorer: 'heuristic', files: [diff], failOn: ['regression'], partial: false, cost: null });
}

/** The structural checks every rendered body must pass. */
function expectValid(body: string, maxLength = 65_536): void {
  expect(body.length).toBeLessThan(maxLength);
  expect(body.startsWith(`${COMMENT_MARKER}\n`)).toBe(true);
  expect(count(body, COMMENT_MARKER)).toBe(1);
  expect(count(body, '<details>')).toBe(count(body, '</details>'));
  expect(scanFences(body).balanced).toBe(true);
  // Every table row line is whole: starts and ends with a pipe.
  for (const line of body.split('\n').filter((candidate) => candidate.startsWith('|'))) expect(line.endsWith('|')).toBe(true);
}

describe('renderComment', () => {
  it('matches the snapshot of the example situation', async () => {
    const body = renderComment(sampleReport(), { ...CONTEXT, configChanged: true });
    expectValid(body);
    await expect(body).toMatchFileSnapshot('./__snapshots__/comment.md');
  });

  it('puts the marker first and the verdict right after the title', () => {
    const lines = renderComment(sampleReport(), CONTEXT).split('\n');
    expect(lines[0]).toBe(COMMENT_MARKER);
    // sample: deploy.md fails 3 drops (25, 8, 23 ≥ 5); regressions: deploy (lines match 92 → 59),
    // guide (90 → 72 = −18 ≥ 10), new.md's new chunk graded fail (45) → 3; 5 files.
    expect(lines[3]).toBe(
      '❌ **Fails: 3 thresholds, 3 regressed chunks** in 5 changed Markdown files · `a1b2c3d` → `e4f5a6b` · heading chunks, max 512 / min 64 tokens (o200k) · heuristic scorer',
    );
  });

  it('says where, why and what to do for each regressed chunk', () => {
    const body = renderComment(sampleReport(), CONTEXT);
    expect(body).toContain(
      '| `docs/deploy.md` L14–L45 | Deploying the agent › Rolling restart (1/5) | 92 → 59 ▼33 | `code-fence-split`: a 2,412-token code block no longer fits one chunk (max 512) | split the script, link to a file, or raise `max` for `docs/deploy/**` in an override |',
    );
    expect(body).toContain('| `docs/guide.md` L19–L22 | Agent guide › Upgrading | 90 → 72 ▼18 | `context_self_containment` 88 → 41:');
    expect(body).toContain('| `docs/deploy.md` | 1 → 1 | 96 → 71 **▼25** ❌ |');
    expect(body).toContain('- `docs/deploy.md` — structural fell 25 points; the limit is a 5-point drop (`thresholds.fileDrop`).');
  });

  it('notes a config edit only when the PR makes one', () => {
    const note = "rules come from the base commit; this PR's changes to `.chunkgate.yml` apply after merge";
    expect(renderComment(sampleReport(), { ...CONTEXT, configChanged: true })).toContain(note);
    expect(renderComment(sampleReport(), CONTEXT)).not.toContain(note);
  });

  it('passes with a plain verdict, names non-gating findings, and shows cost and notices', () => {
    const report = sampleReport();
    const passing: Report = {
      ...report,
      summary: { ...report.summary, verdict: 'pass', partial: true, cost: { calls: 12, judgedChunks: 40, cacheHits: 30, promptTokens: 12345, completionTokens: 2345, usd: 0.0123 } },
    };
    const body = renderComment(passing, { ...CONTEXT, failOn: ['partial'], notices: ['Skipped docs/huge.md: larger than 1 MB'] });
    expect(body).toContain('✅ **Passes** in 5 changed Markdown files (3 thresholds, 3 regressed chunks, partial LLM run; not in `failOn`: partial)');
    expect(body).toContain('💸 LLM judge: 12 calls · 40 chunks judged, 30 from cache · 12,345 prompt + 2,345 completion tokens · $0.0123');
    expect(body).toContain('- Skipped docs/huge.md: larger than 1 MB');
    expect(body).toContain('- Partial run: an LLM step failed');
  });

  it('says there is nothing to check for an empty report', () => {
    const empty = buildReport({ version: '0.1.0', config: {}, scorer: 'heuristic', files: [], failOn: ['threshold'], partial: false, cost: null });
    const body = renderComment(empty, CONTEXT);
    expect(body).toContain('➖ **Nothing to check**');
    expect(body).not.toContain('| File |');
  });

  it('renders hostile chunk text inert', () => {
    const text = ['Ask @someone.', '<img src=x onerror=alert(1)>', '`'.repeat(10), COMMENT_MARKER, 'Fixes #12'].join('\n');
    const hostile = chunk({ text, headingPath: ['<img src=x onerror=alert(1)>', '@someone | #12'], score: 20, startLine: 2, endLine: 6 });
    const diff = compareDoc({ path: 'docs/evil.md', status: 'added', head: doc('docs/evil.md', [hostile]) }, THRESHOLDS);
    const report = buildReport({ version: '0.1.0', config: {}, scorer: 'heuristic', files: [diff], failOn: ['regression'], partial: false, cost: null });
    const body = renderComment(report, CONTEXT);
    expectValid(body);

    expect(body).not.toMatch(/@someone/); // only "@\u200Dsomeone" remains
    expect(body).not.toMatch(/#12/);
    const { outside, fences } = scanFences(body);
    expect(outside).not.toContain('<img'); // outside fences it is &lt;img
    expect(outside).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(body).toContain('<img src=x onerror=alert(1)>'); // verbatim, but inside the fence
    expect(fences).toHaveLength(1);
    expect(fences[0]!.length).toBeGreaterThan(10);
    expect(body.indexOf(COMMENT_MARKER)).toBe(0);
    // the heading's pipe cannot open a new table cell
    expect(body).toContain('@\u200Dsomeone \\| #\u200D12');
  });

  it('drops excerpts first when the body would be too long, keeping every row', () => {
    // 100 chunks of 1,500 characters: ~100 excerpts of ~900 characters do not fit in 65,536.
    const report = manyRegressions(100, 1500);
    const body = renderComment(report, CONTEXT);
    expectValid(body);
    expect(count(body, '| `docs/big.md` L')).toBe(100);
    expect(count(body, '<details>')).toBeGreaterThan(0);
    expect(count(body, '<details>')).toBeLessThan(100);
    expect(body).not.toContain('more regressed chunks');
  });

  it('then drops trailing rows with a pointer to the job summary', () => {
    const report = manyRegressions(1000, 200);
    const body = renderComment(report, CONTEXT);
    expectValid(body);
    expect(count(body, '<details>')).toBe(0);
    const rows = count(body, '| `docs/big.md` L');
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(1000);
    expect(body).toContain(`… ${1000 - rows} more regressed chunks: see the full report in the job summary`);
    // the rows kept are the leading ones, in line order
    expect(body).toContain('| `docs/big.md` L1–L9 |');
  });

  it('honours a custom maxLength', () => {
    const small = renderComment(manyRegressions(50, 200), { ...CONTEXT, maxLength: 5000 });
    expectValid(small, 5000);
    expect(small).toContain('more regressed chunks: see the full report in the job summary');
  });

  it('falls back to a minimal body when even the files table does not fit', () => {
    // 50 added files → a 50-row files table of ~60 characters a row ≈ 3,000 characters > 2,500.
    const files = Array.from({ length: 50 }, (_, index) =>
      compareDoc({ path: `docs/page-${String(index).padStart(2, '0')}.md`, status: 'added', head: doc('x.md', [chunk({ text: 'ok' })]) }, THRESHOLDS),
    );
    const report = buildReport({ version: '0.1.0', config: {}, scorer: 'heuristic', files, failOn: ['threshold'], partial: false, cost: null });
    const body = renderComment(report, { ...CONTEXT, maxLength: 2500 });
    expectValid(body, 2500);
    expect(body).toContain('The findings are too long for a comment: see the full report in the job summary.');
    expect(body).toContain('✅ **Passes** in 50 changed Markdown files');
  });
});
