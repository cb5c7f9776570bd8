/**
 * End to end: the action run as the GitHub runner runs it (the bundle, dist/index.js, in the first
 * test; src/ in this process in the others: test/helpers/action-run.ts), in a real git repository,
 * against the loopback GitHub API double (every request validated against GitHub's OpenAPI
 * description).
 *
 * The PR is the demo change (fixtures/demo/base → head) with max 320 tokens:
 * (a) docs/deploy.md's settings table grows past max → split into row groups (table-split);
 * (b) docs/guide.md loses its "## Diagnostics" heading → Upgrading + Diagnostics merge into one
 *     section longer than max, which splits at a paragraph boundary;
 * (c) docs/faq.md gets a typo-sized edit → no regression.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countTokens } from '../../src/tokens/index.js';
import { addedLinesFromPatch } from '../../src/sources/patch-lines.js';
import type { Report } from '../../src/types.js';
import { addPull, makePullScenario, readTree, runAction, type PullScenario } from '../helpers/action-run.js';
import { faults, startGitHubDouble, type GitHubDouble } from '../helpers/github-double.js';
import { readFileSync } from 'node:fs';

const demo = new URL('../../fixtures/demo/', import.meta.url).pathname;

let base: Record<string, string>;
let head: Record<string, string>;
let scenario: PullScenario;
let double: GitHubDouble;

beforeAll(async () => {
  base = await readTree(`${demo}base`);
  head = await readTree(`${demo}head`);
  scenario = await makePullScenario(base, head);
});

afterAll(async () => {
  await scenario.repo.remove();
});

afterEach(async () => {
  expect(double.violations).toEqual([]);
  await double.close();
});

function readReport(path: string): Report {
  return JSON.parse(readFileSync(path, 'utf8')) as Report;
}

describe('the action on a pull request', () => {
  it('comments once across three runs, reviews changed lines only, creates the check and fails the job', async () => {
    double = await startGitHubDouble();
    const event = addPull(double, scenario);
    const runs = [];
    // The first run is the bundle, as the runner starts it (the other runs and scenarios run src/ in this process).
    for (let run = 0; run < 3; run++) runs.push(await runAction({ double, workspace: scenario.repo.dir, event, bundle: run === 0 }));

    for (const result of runs) {
      expect(result.code).toBe(1);
      expect(result.stdout).toContain('::error::chunkgate fails: 1 table split in 1 of 3 changed Markdown files (11 chunks)');
    }
    // Exactly one sticky comment: created on the first run (listed before and after, for a
    // concurrent run's duplicate), found and left as is afterwards.
    expect(double.state.issueComments[7]).toHaveLength(1);
    expect(double.requestsOf('issues/create-comment')).toHaveLength(1);
    expect(double.requestsOf('issues/update-comment')).toHaveLength(0);
    expect(double.requestsOf('issues/list-comments')).toHaveLength(4);
    const body = double.state.issueComments[7]![0]!.body;
    // The marker names the check, so another chunkgate job on the PR keeps its own comment.
    expect(body.startsWith('<!-- chunkgate:chunkgate -->\n')).toBe(true);
    expect(runs[0]!.stdout).toContain(`Sticky comment created: https://github.example/acme/docs/pull/7#issuecomment-${double.state.issueComments[7]![0]!.id}`);
    expect(runs[1]!.stdout).toContain('Sticky comment unchanged: https://github.example/acme/docs/pull/7#issuecomment-');
    // The deleted heading is listed, not gating: the retrieval probes measured no passage of guide.md harder to find.
    expect(body).toContain('❌ **Fails: 1 table split** in 1 of 3 changed Markdown files');

    // (a) The table grew past max: its three row groups are one row, and one block listing the pieces.
    expect(body).toContain('| `docs/deploy.md` L34–L63 · Deploying the agent › Settings | The table (817 tokens, `max` 320) is cut into 3 pieces; a question about it retrieves a fragment | 1 chunk → 3 pieces · overall 100 → 59 |');
    expect(body).toContain('<details><summary><code>docs/deploy.md</code> L34–L63 · the 3 pieces of the table</summary>');
    // (b) Deleting "## Diagnostics" merged its section: the heading is in no heading path any more —
    // listed under "Worth a look", since no passage of the page got harder to find.
    expect(body).toContain('- `docs/guide.md` L12–L31 · Agent guide › Upgrading: Deleting the heading “Diagnostics” merged its section into “Upgrading”;');
    // (c) The typo-only file has nothing to report: counted in the footer, no row of its own.
    expect(body).not.toContain('`docs/faq.md`');
    expect(body).toContain('<sub>1 other changed file: scores unchanged (typo and wording edits)');

    // The review: one createReview call on the first run, none after (same findings);
    // every inline comment sits on a line the PR adds.
    expect(double.requestsOf('pulls/create-review')).toHaveLength(1);
    const comments = double.state.reviewComments[7]!;
    // One problem, one comment: the split table (L34–L63) starts on its unchanged header rows, so
    // its comment goes to the first added row, and names the three pieces.
    expect(comments.map((c) => [c.path, c.line])).toEqual([['docs/deploy.md', 40]]);
    expect(comments[0]!.body).toContain('**Pieces:** piece 1/3 L34–L46');
    for (const comment of comments) {
      const patch = scenario.files.find((file) => file.filename === comment.path)!.patch!;
      expect(addedLinesFromPatch(patch).has(comment.line!)).toBe(true);
    }

    // One check run, failing, with an annotation per regression and per threshold failure: the
    // first run creates it and adds the annotations once no other run created one meanwhile; the
    // re-runs find it saying the same and write nothing.
    expect(double.state.checkRuns).toHaveLength(1);
    expect(double.requestsOf('checks/create')).toHaveLength(1);
    expect(double.requestsOf('checks/update')).toHaveLength(1);
    const check = double.state.checkRuns[0]!;
    expect(check.conclusion).toBe('failure');
    expect(check.head_sha).toBe(scenario.headSha);
    expect(check.annotations.map((a) => [a.path, a.start_line, a.end_line, a.annotation_level])).toEqual([
      // The guide's lost heading is listed, not gating: a notice; the drop it drives is folded into it.
      ['docs/guide.md', 12, 31, 'notice'],
      // deploy.md's drops only restate its split table: folded into it.
      ['docs/deploy.md', 34, 63, 'failure'],
    ]);

    const { outputs, summary } = runs[0]!;
    // The data keeps deploy.md's three drops (gating) and guide.md's (not gating); the report folds
    // deploy.md's into its split table: one problem.
    expect(outputs).toMatchObject({ verdict: 'fail', regressions: '3', failures: '4', problems: '1', headline: 'fails: 1 table split in 1 of 3 changed Markdown files' });
    expect(Number(outputs.structural)).toBeGreaterThan(0);
    const report = readReport(outputs.report!);
    expect(report.summary).toMatchObject({ files: 3, regressions: 3, failures: 4, gating: { regressions: 3, failures: 3, findings: 0 }, verdict: 'fail', partial: false, cost: null });
    expect(summary).toContain('docs/deploy.md');
    // The job summary is the verdict and the table, not the full report.
    expect(summary.length).toBeLessThan(body.length / 2);
  });

  it('computes the merged section by the rules: deleting a heading makes a section over max that splits at a paragraph', async () => {
    double = await startGitHubDouble();
    const result = await runAction({ double, workspace: scenario.repo.dir, event: addPull(double, scenario), inputs: { comment: 'off', check: 'false' } });
    const guide = readReport(result.outputs.report!).files.find((file) => file.path === 'docs/guide.md')!;
    // Head: "## Upgrading" now holds its own two paragraphs and Diagnostics' two.
    const text = head['docs/guide.md']!;
    const paragraphs = text.slice(text.indexOf('## Upgrading')).split('\n\n').slice(1).map((p) => p.trim());
    expect(paragraphs).toHaveLength(4);
    const sizes = paragraphs.map((p) => countTokens(p, 'o200k_base'));
    const heading = countTokens('## Upgrading', 'o200k_base');
    // The whole section is over max (320), so it splits; greedy packing keeps the first three
    // paragraphs with the heading (≤ 320) and puts the fourth alone.
    expect(heading + sizes.reduce((a, b) => a + b, 0)).toBeGreaterThan(320);
    expect(heading + sizes[0]! + sizes[1]! + sizes[2]!).toBeLessThanOrEqual(320);
    const pieces = guide.head!.chunks.filter((chunk) => chunk.headingPath.join(' › ') === 'Agent guide › Upgrading');
    expect(pieces.map((chunk) => [chunk.split, chunk.startLine, chunk.endLine])).toEqual([
      [{ kind: 'section', part: 1, parts: 2 }, 12, 31],
      [{ kind: 'section', part: 2, parts: 2 }, 33, 35],
    ]);
    expect(pieces[1]!.text).toBe(paragraphs[3]);
    // Four sections became three: the structural score fell more than fileDrop (5) — a threshold failure.
    expect(guide.failures.map((failure) => [failure.rule, failure.score])).toContainEqual(['fileDrop', 'structural']);
    expect(guide.regressions).toEqual([]);
  });
});

describe('the action on a pull request with two problems', () => {
  /**
   * docs/ops.md gains a 26-row settings table (L7–L34 under "## Settings", L5) and a 32-line
   * install script (L38–L71 under "## Install script", L36); with max 320 tokens the table is cut
   * into 3 pieces and the script into 2. Five regressed pieces, two problems.
   */
  const intro =
    '# Operations\n\nThis page explains how to run the agent in production, with its settings and the script that installs it. Read it before the first deploy, and again after each upgrade of the agent or its host.\n';
  const rows = Array.from({ length: 26 }, (_, n) => `| \`agent.option_${n}\` | ${n * 10} | Sets how the agent handles case ${n} when it restarts. |`).join('\n');
  const script = Array.from({ length: 32 }, (_, n) => `agentctl set option_${n} --value ${n * 10} --restart-policy on-failure`).join('\n');
  const ops = `${intro}\n## Settings\n\n| Key | Default | Meaning |\n|---|---|---|\n${rows}\n\n## Install script\n\n\`\`\`sh\n${script}\n\`\`\`\n`;

  it('posts exactly one inline comment per problem, at its first line, naming its pieces; a re-run posts none', async () => {
    const two = await makePullScenario({ '.chunkgate.yml': 'chunking: { max: 320, min: 16 }\n', 'docs/ops.md': intro }, { 'docs/ops.md': ops });
    try {
      double = await startGitHubDouble();
      const event = addPull(double, two);
      const first = await runAction({ double, workspace: two.repo.dir, event, inputs: { comment: 'both', check: 'false' } });
      expect(first.code).toBe(1);
      const report = readReport(first.outputs.report!);
      const chunks = report.files.find((file) => file.path === 'docs/ops.md')!.head!.chunks;
      // The layout above: the table's pieces start at its heading, the script's at its own.
      expect(chunks.filter((chunk) => chunk.split).map((chunk) => [chunk.split!.kind, chunk.split!.part, chunk.split!.parts, chunk.startLine, chunk.endLine])).toEqual([
        ['table', 1, 3, 5, 19],
        ['table', 2, 3, 20, 30],
        ['table', 3, 3, 31, 34],
        ['code', 1, 2, 36, 56],
        ['code', 2, 2, 57, 71],
      ]);
      expect(report.summary.gating.regressions).toBe(5);

      const comments = double.state.reviewComments[7]!;
      expect(comments.map((comment) => [comment.path, comment.line])).toEqual([
        ['docs/ops.md', 5],
        ['docs/ops.md', 36],
      ]);
      const [table, code] = comments.map((comment) => comment.body);
      expect(table).toContain('**chunkgate** · Operations › Settings (L5–L34) · table cut into 3 pieces · new · 3 pieces');
      expect(table).toMatch(/\*\*Pieces:\*\* piece 1\/3 L5–L19 \(\d+ tokens\) · piece 2\/3 L20–L30 \(\d+ tokens\) · piece 3\/3 L31–L34 \(\d+ tokens\)\n/);
      expect(code).toContain('**chunkgate** · Operations › Install script (L36–L71) · code block cut into 2 pieces');
      expect(code).toMatch(/\*\*Pieces:\*\* piece 1\/2 L36–L56 \(\d+ tokens\) · piece 2\/2 L57–L71 \(\d+ tokens\)\n/);
      expect(double.state.reviews[7]![0]!.body).toContain('chunkgate: inline comments on 2 problems.');
      // The sticky comment names the same two problems: the table split fails (its file's score
      // drop is folded into it), the code block split is listed, not in the default failOn.
      expect(double.state.issueComments[7]![0]!.body).toContain('Fails: 1 table split** in 1 of 1 changed Markdown file (with 1 code block split, not in `failOn`)');

      // The same findings again: nothing new to post.
      await runAction({ double, workspace: two.repo.dir, event, inputs: { comment: 'review', check: 'false' } });
      expect(double.requestsOf('pulls/create-review')).toHaveLength(1);
      expect(double.state.reviewComments[7]).toHaveLength(2);
    } finally {
      await two.repo.remove();
    }
  });
});

describe('the action when GitHub misbehaves', () => {
  it('retries 500 and 502, then posts one comment', async () => {
    double = await startGitHubDouble();
    const event = addPull(double, scenario);
    double.failNext('issues/create-comment', [faults.serverError(), faults.badGateway()]);
    const result = await runAction({ double, workspace: scenario.repo.dir, event, inputs: { comment: 'sticky', check: 'false' } });
    expect(result.code).toBe(1);
    expect(double.pendingFaults()).toBe(0);
    expect(double.requestsOf('issues/create-comment')).toHaveLength(3);
    expect(double.state.issueComments[7]).toHaveLength(1);
  });

  it('waits out a secondary rate limit and posts', async () => {
    double = await startGitHubDouble();
    const event = addPull(double, scenario);
    double.failNext('issues/create-comment', [faults.secondaryRateLimit(1)]);
    const result = await runAction({ double, workspace: scenario.repo.dir, event, inputs: { comment: 'sticky', check: 'false' } });
    expect(result.code).toBe(1);
    expect(double.requestsOf('issues/create-comment')).toHaveLength(2);
    expect(double.state.issueComments[7]).toHaveLength(1);
  });

  it('survives a fork PR read-only token: no crash, summary and annotations written, verdict decides the exit code', async () => {
    double = await startGitHubDouble({ tokens: { ghs_fork: { readOnly: true } } });
    const event = addPull(double, scenario, 7, { fork: true });
    const result = await runAction({ double, workspace: scenario.repo.dir, event, token: 'ghs_fork' });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('::warning::chunkgate could not post the comment: the token cannot write here');
    expect(result.stdout).toContain('::warning::chunkgate could not post the check');
    // The check run could not be created, so the annotations go out as workflow commands.
    expect(result.stdout).toMatch(/^::error title=chunkgate%3A breaks · Deploying the agent › Settings,file=docs\/deploy\.md,line=34,endLine=63::The table/m);
    expect(result.stdout).toMatch(/^::notice title=chunkgate%3A worth a look · Agent guide › Upgrading,file=docs\/guide\.md,line=12,endLine=31::Deleting the heading/m);
    expect(result.summary).toContain('chunkgate');
    expect(result.outputs.verdict).toBe('fail');
    expect(double.state.issueComments[7] ?? []).toHaveLength(0);
    expect(double.state.checkRuns).toHaveLength(0);
  });

  it('reads files through the API when the commits are not checked out, and a 404 base file means an added file', async () => {
    const { mkdtemp } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const workspace = await mkdtemp(`${tmpdir()}/chunkgate-empty-`);
    const files = { 'docs/new.md': '# New page\n\nThis page is new in the PR and explains the new settings in a few sentences.\n' };
    double = await startGitHubDouble({
      state: {
        contents: { head1: files },
        compares: { 'base1...head1': { mergeBaseSha: 'base1' } },
      },
    });
    double.state.pulls.push({ number: 9, headSha: 'head1', baseSha: 'base1', files: [{ filename: 'docs/new.md', status: 'modified', patch: '@@ -0,0 +1,3 @@\n+# New page\n+\n+This page is new.' }] });
    const full = `${double.state.owner}/${double.state.repo}`;
    const event = { pull_request: { number: 9, base: { sha: 'base1', ref: 'main', repo: { full_name: full } }, head: { sha: 'head1', repo: { full_name: full } } } };
    const result = await runAction({ double, workspace, event, inputs: { comment: 'off', check: 'false' } });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = readReport(result.outputs.report!);
    expect(report.files.map((file) => [file.path, file.status, file.base === undefined])).toEqual([['docs/new.md', 'added', true]]);
    // Contents came from the raw media type; the missing base, both configs and the golden set were 404s.
    const reads = double.requestsOf('repos/get-content');
    expect(reads.every((request) => request.headers.accept?.includes('raw'))).toBe(true);
    expect(reads.map((request) => decodeURIComponent(request.path)).sort()).toEqual([
      '/repos/acme/docs/contents/.chunkgate.yml',
      '/repos/acme/docs/contents/.chunkgate.yml',
      '/repos/acme/docs/contents/.chunkgate/golden.yml',
      '/repos/acme/docs/contents/docs/new.md',
      '/repos/acme/docs/contents/docs/new.md',
    ]);
  });

  it('keeps a comment that would exceed 65,536 characters under the limit, as valid Markdown', async () => {
    // 250 tables that each outgrow max: each is one row of "What this PR breaks" (~330 characters)
    // with a block listing its pieces — far more than 65,536 characters together.
    const row = (n: number) => `| key_${n} | ${'value words '.repeat(6)}${n} |\n`;
    const table = (t: number) => `## Table ${t}\n\n| Key | Value |\n|---|---|\n${Array.from({ length: 16 }, (_, n) => row(t * 100 + n)).join('')}`;
    const big = await makePullScenario(
      { '.chunkgate.yml': 'chunking: { max: 320, min: 16 }\n', 'docs/big.md': '# Big\n\nSmall start.\n' },
      { 'docs/big.md': `# Big\n\nSmall start.\n\n${Array.from({ length: 250 }, (_, t) => table(t)).join('\n')}` },
    );
    try {
      double = await startGitHubDouble();
      const result = await runAction({ double, workspace: big.repo.dir, event: addPull(double, big), inputs: { comment: 'sticky', check: 'false' } });
      expect(result.code).toBe(result.outputs.verdict === 'fail' ? 1 : 0);
      expect(Number(result.outputs.regressions)).toBeGreaterThan(250);
      const body = double.state.issueComments[7]![0]!.body;
      expect(body.length).toBeLessThanOrEqual(65_536);
      // The pieces blocks go first, then trailing rows, replaced by a pointer; the leading rows stay.
      // (The first table sits under "Big": its short heading section merged into the page's first.)
      const rows = body.match(/^\| `docs\/big\.md` L\d+–L\d+ · Big(?: › Table \d+)? \| The table/gm) ?? [];
      expect(rows.length).toBeGreaterThan(100);
      expect(rows.length).toBeLessThan(250);
      expect(body).toMatch(/\n… \d+ more items: see report\.json and the chunk map, linked from the job summary\n/);
      expect(body).not.toContain('the 2 pieces of the table');
      expect(body.match(/<details>/g)?.length ?? 0).toBe(body.match(/<\/details>/g)?.length ?? 0);
      expect((body.match(/^~~~+/gm)?.length ?? 0) % 2).toBe(0);
      // The job summary stays short: the verdict, 30 rows and a pointer.
      expect(result.summary.length).toBeLessThanOrEqual(16_000);
      expect(result.summary).toMatch(/\n… \d+ more items: see the HTML chunk map/);
    } finally {
      await big.repo.remove();
    }
  });
});

describe('the action with hostile docs text', () => {
  it('renders mentions, HTML, backtick runs and the marker inert and still finds its own comment', async () => {
    const hostile = [
      '# Hostile',
      '',
      'Intro paragraph that is long enough to stand as its own section in the document here.',
      '',
      '## Payload',
      '',
      `Ping @someone and <img src=x onerror=alert(1)> then ${'`'.repeat(10)} and <!-- chunkgate --> end`,
      '',
      '| A | B |',
      '|---|---|',
      ...Array.from({ length: 40 }, (_, n) => `| @someone ${n} | <b>bold</b> ${'`'.repeat(10)} <!-- chunkgate --> ${'word '.repeat(8)} |`),
      '',
    ].join('\n');
    const attack = await makePullScenario(
      { '.chunkgate.yml': 'chunking: { max: 200, min: 8 }\n', 'docs/hostile.md': '# Hostile\n\nIntro.\n' },
      { 'docs/hostile.md': hostile },
    );
    try {
      double = await startGitHubDouble();
      const event = addPull(double, attack);
      await runAction({ double, workspace: attack.repo.dir, event, inputs: { comment: 'sticky', check: 'false' } });
      await runAction({ double, workspace: attack.repo.dir, event, inputs: { comment: 'sticky', check: 'false' } });
      expect(double.state.issueComments[7]).toHaveLength(1);
      const body = double.state.issueComments[7]![0]!.body;
      expect(body.indexOf('<!-- chunkgate:chunkgate -->\n')).toBe(0);
      // Anywhere, fences included: no second marker of any form.
      expect(body.match(/<!--\s*chunkgate/g)).toHaveLength(1);
      // Outside code fences: no live mention, no raw tag.
      const outside = body.replace(/^(~{3,}|`{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
      expect(outside).not.toMatch(/@someone/);
      expect(outside).not.toMatch(/<img|<b>/);
      // Every fence is longer than the ten-backtick run it guards.
      for (const fence of body.match(/^(~{3,}|`{3,})/gm) ?? []) expect(fence.startsWith('~') || fence.length > 10).toBe(true);
    } finally {
      await attack.repo.remove();
    }
  });
});

describe('the action outside pull requests', () => {
  it('explains itself and succeeds on an event it has nothing to do for', async () => {
    double = await startGitHubDouble();
    const result = await runAction({ double, workspace: scenario.repo.dir, event: { action: 'opened', issue: { number: 3 } }, eventName: 'issues' });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('::notice::chunkgate checks pull requests and merge groups, and audits pushes, schedules and manual runs; the issues event is none of these');
    expect(double.requests).toEqual([]);
  });

  it('fails with the key and line on an invalid config at the base commit', async () => {
    const bad = await makePullScenario({ '.chunkgate.yml': 'chunking:\n  strategy: paragraphs\n', 'docs/a.md': '# A\n\nText.\n' }, { 'docs/a.md': '# A\n\nText, edited.\n' });
    try {
      double = await startGitHubDouble();
      const result = await runAction({ double, workspace: bad.repo.dir, event: addPull(double, bad) });
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/::error::.*\.chunkgate\.yml:2: chunking\.strategy/);
      expect(result.stdout).toMatch(/heading, recursive, sentence, fixed/);
    } finally {
      await bad.repo.remove();
    }
  });
});

describe('the action with a golden set', () => {
  it('shows the retrieval table in the comment and fails the MRR-drop limit', async () => {
    const goldenScenario = await makePullScenario(
      await readTree(new URL('../../fixtures/retrieval/base', import.meta.url).pathname),
      await readTree(new URL('../../fixtures/retrieval/head', import.meta.url).pathname),
    );
    try {
      double = await startGitHubDouble();
      const result = await runAction({ double, workspace: goldenScenario.repo.dir, event: addPull(double, goldenScenario), inputs: { comment: 'sticky', check: 'false' } });
      expect(result.code).toBe(1);
      const body = double.state.issueComments[7]![0]!.body;
      expect(body).toContain('### 🔎 Retrieval on the golden set');
      expect(body).toContain('| MRR | 0.96 | 0.90 | ▼0.06 ❌ |');
      expect(body).toContain('| What is the cache expiry? | A | `docs/cache.md` | 1 → 3 |');
      const report = readReport(result.outputs.report!);
      expect(report.retrieval!.failures.map((f) => f.rule)).toEqual(['mrrDrop']);
      // The PR removed "## Expiry": the merged section outgrows max 160 and splits, and the TTL sentence
      // lands in a 29-token piece holding 16% of its section (context_sufficiency) — the
      // structural drop the golden query's fall from rank 1 to 3 confirms.
      expect(report.files.flatMap((file) => file.failures.map((f) => [file.path, f.rule, f.score]))).toEqual([['docs/cache.md', 'fileDrop', 'structural']]);
      expect(result.outputs.failures).toBe('2');
    } finally {
      await goldenScenario.repo.remove();
    }
  });
});

describe('the action with an external chunker', () => {
  it("runs the base commit's script, not the PR's", async () => {
    // Base script: one chunk per paragraph. The PR rewrites it to return the whole file as one chunk.
    const script = (body: string) => ['import json, sys', 'req = json.load(sys.stdin)', 'md = req["markdown"]', body, 'print(json.dumps({"chunks": [{"text": t} for t in parts]}))', ''].join('\n');
    const perParagraph = script('parts = [p.strip() for p in md.split("\\n\\n") if p.strip()]');
    const wholeFile = script('parts = [md.strip()]');
    const doc = '# Guide\n\nFirst paragraph of the guide.\n\nSecond paragraph of the guide.\n';
    const external = await makePullScenario(
      { '.chunkgate.yml': 'chunking: { strategy: external, command: ["python3", "scripts/chunk.py"] }\n', 'scripts/chunk.py': perParagraph, 'docs/guide.md': doc },
      { 'scripts/chunk.py': wholeFile, 'docs/guide.md': `${doc}\nThird paragraph, added by the PR.\n` },
    );
    try {
      double = await startGitHubDouble();
      const result = await runAction({ double, workspace: external.repo.dir, event: addPull(double, external), inputs: { comment: 'off', check: 'false' } });
      expect(result.stderr).toBe('');
      const guide = readReport(result.outputs.report!).files.find((file) => file.path === 'docs/guide.md')!;
      // The base script cut the head file into its four paragraphs (heading included).
      expect(guide.head!.chunks.map((chunk) => chunk.text)).toEqual(['# Guide', 'First paragraph of the guide.', 'Second paragraph of the guide.', 'Third paragraph, added by the PR.']);
    } finally {
      await external.repo.remove();
    }
  });
});
