/**
 * End to end (the action against the OpenAPI-checked GitHub double): a required check
 * through its whole life — merge queues, pushes to the default branch, pull requests that change
 * no Markdown, and runs whose pull request moved on while they worked.
 *
 * The docs are the demo (fixtures/demo): its base passes; its head has a settings table grown
 * past max (320 tokens), cut into three pieces that each score 59 (a `table-split` piece is capped
 * below 60: grade fail) under "Deploying the agent › Settings" at L34, L47 and L57 of
 * docs/deploy.md. The demo config fails on `threshold` and `regression`, so as a snapshot those
 * three failing chunks are its only gating findings.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/types.js';
import { VERSION } from '../../src/version.js';
import { addPull, makePullScenario, readTree, runAction, shallowCheckout, type PullScenario } from '../helpers/action-run.js';
import { makeRepo, type TestRepo } from '../helpers/git-repo.js';
import { startGitHubDouble, type DoubleUser, type GitHubDouble } from '../helpers/github-double.js';

const demo = new URL('../../fixtures/demo/', import.meta.url).pathname;
const BOT: DoubleUser = { login: 'github-actions[bot]', id: 41898282, type: 'Bot' };
const SETTINGS = ['Deploying the agent', 'Settings'];

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

const readReport = async (path: string) => JSON.parse(await readFile(path, 'utf8')) as Report;
const operations = () => [...new Set(double.requests.map((request) => request.operation))].sort();

describe('merge_group', () => {
  it('compares the group’s base and head and posts the check run on the head commit, with no comment', async () => {
    double = await startGitHubDouble();
    // The merge group's branch starts at the base commit: GitHub's compare names it the merge base.
    double.state.compares[`${scenario.baseSha}...${scenario.headSha}`] = { mergeBaseSha: scenario.baseSha };
    const event = {
      action: 'checks_requested',
      merge_group: { head_sha: scenario.headSha, head_ref: 'refs/heads/gh-readonly-queue/main/pr-7-abc', base_sha: scenario.baseSha, base_ref: 'refs/heads/main' },
    };
    // What actions/checkout leaves: a shallow clone without the group's head, fetched as data.
    const checkout = await shallowCheckout(scenario);
    try {
      const result = await runAction({ double, workspace: checkout.workspace.dir, event, eventName: 'merge_group' });
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(`Fetched ${scenario.headSha.slice(0, 7)} from origin as data (not checked out)`);
      // One failing check run on the group's head; nothing on any pull request.
      expect(double.state.checkRuns.map((run) => [run.name, run.head_sha, run.conclusion])).toEqual([['chunkgate', scenario.headSha, 'failure']]);
      expect(double.state.checkRuns[0]!.output.summary).toContain('❌ **Fails: 1 table split** in 1 of 3 changed Markdown files');
      expect(double.state.issueComments).toEqual({});
      expect(operations()).toEqual(['checks/create', 'checks/list-for-ref', 'checks/update', 'graphql', 'repos/compare-commits']);
      // The same rules as the PR: the same three table pieces regressed.
      const report = await readReport(result.outputs.report!);
      const deploy = report.files.find((file) => file.path === 'docs/deploy.md')!;
      expect(deploy.regressions.map((r) => [r.head.startLine, r.newTags])).toEqual([
        [34, ['table-split']],
        [47, ['table-split']],
        [57, ['table-split']],
      ]);
      expect(report.provenance?.commits).toEqual({ base: scenario.baseSha, head: scenario.headSha });
    } finally {
      await checkout.remove();
    }
  });

  it('lists the changed files with the compare API when there is no checkout', async () => {
    const workspace = await mkdtemp(join(tmpdir(), 'chunkgate-empty-'));
    try {
      const [groupBase, groupHead] = ['2'.repeat(40), '1'.repeat(40)];
      double = await startGitHubDouble({
        state: {
          contents: { [groupHead]: { 'docs/new.md': '# New page\n\nThis page is new in the group and explains the new settings in a few sentences.\n' }, [groupBase]: {} },
          compares: {
            [`${groupBase}...${groupHead}`]: { mergeBaseSha: groupBase, files: [{ filename: 'docs/new.md', status: 'added' }, { filename: 'src/app.ts', status: 'modified' }] },
          },
        },
      });
      const event = { merge_group: { head_sha: groupHead, base_sha: groupBase, head_ref: 'refs/heads/gh-readonly-queue/main/pr-9-x', base_ref: 'refs/heads/main' } };
      const result = await runAction({ double, workspace, event, eventName: 'merge_group', inputs: { check: 'false', 'baseline-report': 'old/report.json' } });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('baseline-report is read by audits only (push, schedule, workflow_dispatch); this merge_group run does not read old/report.json.');
      const report = await readReport(result.outputs.report!);
      expect(report.files.map((file) => [file.path, file.status])).toEqual([['docs/new.md', 'added']]);
      // One compare for the merge base, one for the files.
      expect(double.requestsOf('repos/compare-commits')).toHaveLength(2);
    } finally {
      await rm(workspace, { recursive: true, force: true });
    }
  });
});

describe('push (an audit of the whole repository)', () => {
  let repo: TestRepo;
  let shas: string[];

  beforeAll(async () => {
    repo = await makeRepo();
    // 1: the demo base (no gating finding); 2: the demo head (three failing table pieces);
    // 3: the head with a typo-sized edit of the FAQ (nothing new).
    shas = [await repo.commit(base, 'base'), await repo.commit(head, 'head')];
    shas.push(await repo.commit({ 'docs/faq.md': head['docs/faq.md']!.replace('agent', 'agent ') }, 'faq'));
  });

  afterAll(async () => {
    await repo.remove();
  });

  const push = (index: number) => ({ ref: 'refs/heads/main', before: index > 0 ? shas[index - 1] : '0'.repeat(40), after: shas[index] });

  it('evaluates every included file at the pushed commit, writes the report, the summary and a check run on the commit', async () => {
    double = await startGitHubDouble();
    const result = await runAction({ double, workspace: repo.dir, event: push(1), eventName: 'push' });
    expect(result.code).toBe(0);
    const report = await readReport(result.outputs.report!);
    expect(report.files.map((file) => [file.path, file.status, file.head?.chunks.length])).toEqual([
      ['docs/deploy.md', 'added', 7],
      ['docs/faq.md', 'added', 1],
      ['docs/guide.md', 'added', 3],
      ['docs/zh/install.md', 'added', 2],
    ]);
    expect(report.provenance?.commits).toEqual({ base: null, head: shas[1] });
    const html = await readFile(join(repo.dir, 'chunkgate-report', 'report.html'), 'utf8');
    expect(html).toContain(`<title>chunkgate audit · ${shas[1]!.slice(0, 7)}</title>`);
    expect(html).toContain(`<p class="muted">commit <code>${shas[1]!.slice(0, 7)}</code></p>`);
    // No baseline: the gating finding (the table's three pieces are one) is reported, and nothing fails.
    expect(result.outputs).toMatchObject({ verdict: 'pass', 'new-findings': '' });
    const [run] = double.state.checkRuns;
    expect([run!.head_sha, run!.conclusion, run!.output.title]).toEqual([shas[1], 'neutral', 'chunkgate audit passes: 1 gating finding in 4 files']);
    expect(run!.annotations.map((a) => [a.path, a.start_line, a.annotation_level])).toEqual([
      ['docs/deploy.md', 34, 'warning'],
    ]);
    // The job summary: where the docs stand (4 files, 13 chunks: 10 pass, 0 warn, 3 fail) and the worst chunks first.
    const { summary } = result;
    expect(summary).toContain('## 🧩 chunkgate audit — where the docs stand');
    expect(summary).toContain('ℹ️ **1 gating finding** in 4 Markdown files; with no baseline to compare with, this audit only reports');
    expect(summary).toContain(`\`${shas[1]!.slice(0, 7)}\` on \`refs/heads/main\` (push)`);
    expect(summary).toContain(`- \`docs/deploy.md\` L34 · ${SETTINGS.join(' › ')} · \`chunk:new-failing-chunk\`: failing chunk: score 59 · table-split (3 pieces)`);
    expect(summary).toMatch(/\| 4 \| 13 \| [\d.]+ \| [\d.]+ \| [\d.]+ \| 10 \(77%\) \/ 0 \(0%\) \/ 3 \(23%\) \|/);
    const worst = summary.slice(summary.indexOf('### 🔻 Worst chunks')).split('\n').slice(3, 6);
    expect(worst.map((row) => row.split(' | ')[0])).toEqual(['| `docs/deploy.md` L34–L46', '| `docs/deploy.md` L47–L56', '| `docs/deploy.md` L57–L63']);
    expect(worst.every((row) => row.includes('| 59 ❌ |') && row.includes('`table-split`'))).toBe(true);
    expect(double.state.issueComments).toEqual({});
  });

  it('with baseline-report: fails when gating findings are new since the restored report, passes when none are', async () => {
    double = await startGitHubDouble();
    const inputs = { 'baseline-report': 'chunkgate-report/report.json' };
    await rm(join(repo.dir, 'chunkgate-report'), { recursive: true, force: true });
    // Run 1, the demo base, finds no report at the path (a cache miss): nothing to compare, it passes.
    const first = await runAction({ double, workspace: repo.dir, event: push(0), eventName: 'push', inputs });
    expect(first.code).toBe(0);
    expect(first.summary).toContain('No baseline report at `chunkgate-report/report.json`');
    // Run 2 reads run 1's report at that path before writing its own there: one new finding (the split table).
    const second = await runAction({ double, workspace: repo.dir, event: push(1), eventName: 'push', inputs });
    expect(second.code).toBe(1);
    expect(second.stdout).toContain('::error::chunkgate audit fails — 4 files, 13 chunks, 1 gating finding, 1 new since the baseline');
    expect(second.outputs).toMatchObject({ verdict: 'fail', 'new-findings': '1' });
    expect(second.summary).toContain('❌ **Fails: 1 new gating finding** since the baseline in 4 Markdown files');
    expect(second.summary).toContain('### ❌ New since the baseline (1)');
    const failing = double.state.checkRuns.find((run) => run.head_sha === shas[1])!;
    expect(failing.conclusion).toBe('failure');
    expect(failing.annotations.map((a) => a.annotation_level)).toEqual(['failure']);
    // Run 3 against run 2's report: the same finding (by file, kind and heading path), none new.
    const third = await runAction({ double, workspace: repo.dir, event: push(2), eventName: 'push', inputs });
    expect(third.code).toBe(0);
    expect(third.outputs).toMatchObject({ verdict: 'pass', 'new-findings': '0' });
    expect(third.summary).toContain('Against the baseline `chunkgate-report/report.json`: 0 new gating findings, 0 resolved, 1 unchanged.');
    expect(double.state.checkRuns.find((run) => run.head_sha === shas[2])!.conclusion).toBe('success');
  });

  it('fails with the reason on a baseline that is not a report, and still writes this run’s report in its place', async () => {
    double = await startGitHubDouble();
    const path = join(repo.dir, 'chunkgate-report', 'report.json');
    await mkdir(join(repo.dir, 'chunkgate-report'), { recursive: true });
    await writeFile(path, '{"files": "corrupt"}');
    const result = await runAction({ double, workspace: repo.dir, event: push(2), eventName: 'push', inputs: { 'baseline-report': 'chunkgate-report/report.json' } });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('::error::chunkgate audit: chunkgate-report/report.json: not a chunkgate JSON report (files: ');
    expect(double.state.checkRuns[0]!.conclusion).toBe('failure');
    expect((await readReport(path)).summary.files).toBe(4);
  });

  it('audits the workflow commit of a schedule', async () => {
    double = await startGitHubDouble();
    const result = await runAction({ double, workspace: repo.dir, event: { schedule: '0 3 * * *' }, eventName: 'schedule', env: { GITHUB_SHA: shas[0]!, GITHUB_REF: 'refs/heads/main' }, inputs: { check: 'false' } });
    expect(result.code).toBe(0);
    expect(result.summary).toContain('✅ **No gating finding** in 4 Markdown files');
    expect(result.summary).toContain('(schedule)');
    expect(double.requests).toEqual([]);
  });
});

describe('a pull request that changes no Markdown', () => {
  it('gets a success check run without a git fetch, a file read or any scoring, and updates an earlier comment', async () => {
    const workspace = await mkdtemp(join(tmpdir(), 'chunkgate-nogit-'));
    try {
      double = await startGitHubDouble();
      double.state.pulls.push({ number: 5, headSha: 'f'.repeat(40), baseSha: 'e'.repeat(40), files: [{ filename: 'src/app.ts', status: 'modified' }, { filename: 'README.txt', status: 'added' }] });
      const full = `${double.state.owner}/${double.state.repo}`;
      const event = { pull_request: { number: 5, base: { sha: 'e'.repeat(40), ref: 'main', repo: { full_name: full } }, head: { sha: 'f'.repeat(40), repo: { full_name: full } } } };
      // No earlier comment: none is created.
      const first = await runAction({ double, workspace, event });
      expect(first.code).toBe(0);
      expect(first.outputs).toMatchObject({ verdict: 'pass', report: '', regressions: '0', failures: '0', problems: '0', headline: 'nothing to check: no changed Markdown files' });
      expect(first.summary).toContain('no Markdown file changed (2 files changed, none `.md` or `.mdx`)');
      expect(double.state.checkRuns.map((run) => [run.head_sha, run.conclusion, run.output.title])).toEqual([['f'.repeat(40), 'success', 'chunkgate: no Markdown changed']]);
      expect(double.state.issueComments[5] ?? []).toEqual([]);
      // Only listings and the check run: no contents, no compare, nothing written to the workspace.
      expect(operations()).toEqual(['checks/create', 'checks/list-for-ref', 'graphql', 'issues/list-comments', 'pulls/get', 'pulls/list-files']);
      expect(await readTree(workspace)).toEqual({});

      // A comment from an earlier head (which changed Markdown) is rewritten to say there is nothing to check now.
      double.state.issueComments[5] = [{ id: 77, body: '<!-- chunkgate:chunkgate -->\n❌ **Fails: 1 threshold**', user: BOT, created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z' }];
      const second = await runAction({ double, workspace, event });
      expect(second.code).toBe(0);
      expect(double.state.issueComments[5].map((comment) => comment.body)).toEqual([
        `<!-- chunkgate:chunkgate -->\n## 🧩 chunkgate — RAG chunk quality\n\n➖ **Nothing to check**: no Markdown file changed (2 files changed, none \`.md\` or \`.mdx\`) · head \`fffffff\`\n\n<sub>chunkgate ${VERSION}</sub>\n`,
      ]);
      // The re-run finds its check run saying the same: nothing written.
      expect(double.requestsOf('checks/create')).toHaveLength(1);
    } finally {
      await rm(workspace, { recursive: true, force: true });
    }
  });
});

describe('a run whose pull request moved on', () => {
  it('names the head commit in its comment, and leaves a newer head’s comment alone when it finishes late', async () => {
    double = await startGitHubDouble();
    const event = addPull(double, scenario);
    const current = await runAction({ double, workspace: scenario.repo.dir, event, inputs: { comment: 'sticky' } });
    expect(current.code).toBe(1);
    const [comment] = double.state.issueComments[7]!;
    expect(comment!.body).toContain(`\`${scenario.baseSha.slice(0, 7)}\` → \`${scenario.headSha.slice(0, 7)}\``);

    // A push moves the PR to a new head, whose run writes its comment; then the old run finishes.
    const newer = '9'.repeat(40);
    double.state.pulls[0]!.headSha = newer;
    comment!.body = `<!-- chunkgate:chunkgate -->\n✅ **Passes** · head \`${newer.slice(0, 7)}\``;
    const late = await runAction({ double, workspace: scenario.repo.dir, event, inputs: { comment: 'both' } });
    expect(late.code).toBe(1);
    expect(late.stdout).toContain(`PR #7 moved on to 9999999 while this run checked ${scenario.headSha.slice(0, 7)}: the comment and review are left to the run for 9999999`);
    expect(double.state.issueComments[7]!.map((c) => c.body)).toEqual([`<!-- chunkgate:chunkgate -->\n✅ **Passes** · head \`9999999\``]);
    expect(double.requestsOf('issues/update-comment')).toEqual([]);
    expect(double.requestsOf('pulls/create-review')).toEqual([]);
    // Its check run stays on the commit it checked.
    expect(double.state.checkRuns.map((run) => [run.head_sha, run.conclusion])).toEqual([[scenario.headSha, 'failure']]);
  });
});
