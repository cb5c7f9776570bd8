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
  return buildReport({ version: '0.1.0', config: { thresholds: { failOn: ['regression'] } }, scorer: 'heuristic', files: [diff], failOn: ['regression'], partial: false, cost: null });
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

  it('puts the marker first and the verdict right after the title, in plain words', () => {
    const lines = renderComment(sampleReport(), CONTEXT).split('\n');
    expect(lines[0]).toBe(COMMENT_MARKER);
    // Under failOn [threshold]: guide.md's lost heading fails, and so does deploy.md's split: its file
    // drops only restate it, folded into it, and they are threshold failures — 2 of the 8 files.
    expect(lines[3]).toBe(
      '❌ **Fails: 1 code block split, 1 heading lost** in 2 of 8 changed Markdown files · `a1b2c3d` → `e4f5a6b` · heading chunks, max 512 / min 64 tokens (o200k) · heuristic scorer',
    );
  });

  it('lists what the PR breaks, one row per split block, with where, what, before → after and what to do', () => {
    const body = renderComment(sampleReport(), CONTEXT);
    expect(body).toContain('### ❌ What this PR breaks\n| Where | What happened | Before → after | What to do |\n|---|---|---|---|\n');
    // 3 pieces of 498 + 463 + 58 = 1,019 tokens, one row; the base had one chunk at 92, the pieces score 59.
    expect(body).toContain(
      '| `docs/deploy.md` L14–L79 · Deploying the agent › Rolling restart | The code block (1,019 tokens, `max` 512) is cut into 3 pieces; a question about it retrieves a fragment | 1 chunk → 3 pieces · overall 92 → 59 | split the script into steps, link to a file, or raise `max` for `docs/deploy/**` in an override ([`code-fence-split`](https://github.com/chunkgate/chunkgate/blob/v0/docs/rules/code-fence-split.md)) |',
    );
    // The file drops only restate the split: folded into it, no row of their own.
    expect(body).not.toContain('fell past the 5-point limit');
    expect(body).toContain('| `docs/guide.md` L19–L64 · Agent guide | Deleting the heading “Upgrading” merged its section into “Agent guide”;');
    // One details block lists the pieces.
    expect(body).toContain('<details><summary><code>docs/deploy.md</code> L14–L79 · the 3 pieces of the code block</summary>');
    expect(body).toContain('piece 2/3 L41–L70 · 463 tokens     ```bash\n');
    expect(count(body, '| `docs/deploy.md` L14–L')).toBe(1);
  });

  it('shows what does not gate apart: worth a look, then what the base branch already had, collapsed', () => {
    const body = renderComment(sampleReport(), CONTEXT);
    expect(body).toContain(
      '### ⚠️ Worth a look (does not gate)\n- `docs/guide.md` L70–L72 · Agent guide › Rollback: the chunk relies on context it does not carry (`context_self_containment` 88 → 61). Name the subject in the first sentence instead of "it" or "this".\n',
    );
    expect(body).toContain('- `docs/old.md`: Page removed: its 1 chunk (4 tokens) leave the index.');
    expect(body).toContain(
      [
        '<details><summary>Already on the base branch (3, not caused by this PR)</summary>',
        '',
        '- `docs/faq.md`: structural is 64, below the minimum of 70 (`thresholds.structural`) — 64 on the base branch.',
        '- `docs/api/limits.md` L5–L210 · Limits: a table split into 2 pieces, as on the base branch. ([`table-split`](https://github.com/chunkgate/chunkgate/blob/v0/docs/rules/table-split.md))',
        '- `docs/cli/run-check.md`: renamed from `docs/cli/check.md`, text unchanged — nothing to report.',
        '',
        '</details>',
      ].join('\n'),
    );
    // No ❌ on a score that misses its minimum as on the base branch.
    expect(body).toContain('| `docs/faq.md` | 1 → 1 | 64 → 64 | 92 → 92 | 95 → 95 |');
    // No ❌ either on a drop folded into the split that drives it.
    expect(body).toContain('| `docs/deploy.md` | 1 → 3 | 96 → 71 ▼25 | 88 → 80 ▼8 | 91 → 68 ▼23 |');
    // typo.md: nothing to report, scores unchanged → one line in the footer.
    expect(body).not.toContain('`docs/typo.md`');
    expect(body).toContain('<sub>1 other changed file: scores unchanged (typo and wording edits) · Full report (chunk map, report.json) via the');
  });

  it('notes a config edit only when the PR makes one', () => {
    const note = "rules come from the base commit; this PR's changes to `.chunkgate.yml` apply after merge";
    expect(renderComment(sampleReport(), { ...CONTEXT, configChanged: true })).toContain(note);
    expect(renderComment(sampleReport(), CONTEXT)).not.toContain(note);
  });

  it('passes with a plain verdict that names what was found but did not gate, and shows cost and notices', () => {
    const report = sampleReport();
    const passing: Report = {
      ...report,
      summary: { ...report.summary, verdict: 'pass', partial: true, cost: { calls: 12, judgedChunks: 40, cacheHits: 30, promptTokens: 12345, completionTokens: 2345, usd: 0.0123 } },
    };
    const body = renderComment(passing, { ...CONTEXT, failOn: ['partial'], notices: ['Skipped docs/huge.md: larger than 1 MB'] });
    expect(body).toContain(
      '✅ **Passes** in 8 changed Markdown files: 1 code block split, 1 heading lost found, not in `failOn` (partial); 3 worth a look, 3 already on the base branch',
    );
    expect(body).toContain('💸 LLM judge: 12 calls · 40 chunks judged, 30 from cache · 12,345 prompt + 2,345 completion tokens · $0.0123');
    expect(body).toContain('- Skipped docs/huge.md: larger than 1 MB');
    expect(body).toContain('- Partial run: an LLM step failed');
  });

  it('passes in plain words when nothing the change made gates', () => {
    const typo = compareDoc(
      { path: 'docs/a.md', status: 'modified', base: doc('docs/a.md', [chunk({ text: 'Teh.' })]), head: doc('docs/a.md', [chunk({ text: 'The.' })]), baseSource: 'Teh.', headSource: 'The.' },
      THRESHOLDS,
    );
    const report = buildReport({ version: '0.1.0', config: {}, scorer: 'heuristic', files: [typo], failOn: ['threshold'], partial: false, cost: null });
    const body = renderComment(report, CONTEXT);
    expect(body).toContain('✅ **Passes** in 1 changed Markdown file: nothing this change made breaks retrieval ·');
    expect(body).not.toContain('What this PR breaks');
    expect(body).toContain('<sub>1 other changed file: scores unchanged');
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
    const diff = compareDoc({ path: 'docs/evil.md', status: 'added', head: doc('docs/evil.md', [{ ...hostile, issues: [issue('source-loss', 2)] }]) }, THRESHOLDS);
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
    expect(body).not.toContain('more item');
  });

  it('then drops trailing rows with a pointer to the job summary', () => {
    const report = manyRegressions(1000, 200);
    const body = renderComment(report, CONTEXT);
    expectValid(body);
    expect(count(body, '<details>')).toBe(0);
    const rows = count(body, '| `docs/big.md` L');
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(1000);
    expect(body).toContain(`… ${1000 - rows} more items: see report.json and the chunk map, linked from the job summary`);
    // the rows kept are the leading ones, in line order
    expect(body).toContain('| `docs/big.md` L1–L9 · Big › Section 0 |');
  });

  it('honours a custom maxLength', () => {
    const small = renderComment(manyRegressions(50, 200), { ...CONTEXT, maxLength: 5000 });
    expectValid(small, 5000);
    expect(small).toContain('more items: see report.json and the chunk map, linked from the job summary');
  });

  it('falls back to a minimal body when even the table header does not fit', () => {
    // 50 added files, each with a chunk losing source text (gating): at 500 characters even the
    // verdict, the table header, the "50 more items" line and the footer (530 characters) do not fit.
    const files = Array.from({ length: 50 }, (_, index) =>
      compareDoc(
        { path: `docs/page-${String(index).padStart(2, '0')}.md`, status: 'added', head: doc('x.md', [chunk({ text: 'ok', score: 40, issues: [issue('source-loss', 1)] })]) },
        THRESHOLDS,
      ),
    );
    const report = buildReport({ version: '0.1.0', config: { thresholds: { failOn: ['regression'] } }, scorer: 'heuristic', files, failOn: ['regression'], partial: false, cost: null });
    const body = renderComment(report, { ...CONTEXT, maxLength: 500 });
    expect(body.startsWith(`${COMMENT_MARKER}\n`)).toBe(true);
    expect(body).not.toContain('| Where |');
    expect(body).toContain('The findings are too long for a comment: see report.json and the chunk map, linked from the job summary.');
    expect(body).toContain('❌ **Fails: 50 chunks losing source text** in 50 of 50 changed Markdown files');
  });
});
