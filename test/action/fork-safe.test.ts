/**
 * End to end (the action against the OpenAPI-checked GitHub double): the fork-safe
 * workflows. The job that can write takes the PR from the triggering event, the config from the
 * base, the PR's files as data, and decides itself — whatever an earlier run's artifact says.
 *
 * The PR is the demo change (fixtures/demo/base → head), which fails its gate: a table grew
 * past max (3 table-split regressions) and four thresholds fail.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/types.js';
import { addPull, FORK_OWNER, makePullScenario, readTree, runAction, shallowCheckout, workflowRunEvent, type Checkout, type PullScenario } from '../helpers/action-run.js';
import { startGitHubDouble, type GitHubDouble } from '../helpers/github-double.js';

const demo = new URL('../../fixtures/demo/', import.meta.url).pathname;
const OTHER_SHA = 'c'.repeat(40);

let base: Record<string, string>;
let scenario: PullScenario;
let trusted: Checkout;
let double: GitHubDouble;

beforeAll(async () => {
  base = await readTree(`${demo}base`);
  scenario = await makePullScenario(base, await readTree(`${demo}head`));
  // The trusted job's checkout: the base repository's default branch, shallow, without the PR's commits.
  trusted = await shallowCheckout(scenario);
});

afterAll(async () => {
  await trusted.remove();
  await scenario.repo.remove();
});

afterEach(async () => {
  expect(double.violations).toEqual([]);
  await double.close();
});

/** The double with the fork's PR #7 (the demo change) and another, passing PR #8 of someone else. */
async function start(): Promise<object> {
  double = await startGitHubDouble({ tokens: { ghs_fork: { readOnly: true } } });
  const event = addPull(double, scenario, 7, { fork: true });
  double.state.pulls.push({ number: 8, headSha: OTHER_SHA, baseSha: scenario.baseSha, files: [], headOwner: 'bystander', headRef: 'docs-fix' });
  return event;
}

function posted(): { comments: Record<number, number>; checks: [string, string | null][] } {
  return {
    comments: Object.fromEntries(Object.entries(double.state.issueComments).map(([number, list]) => [number, list.length])),
    checks: double.state.checkRuns.map((run) => [run.head_sha, run.conclusion]),
  };
}

describe('forged artifacts in the fork-safe workflow_run job', () => {
  it('never yield a passing check or a comment on the wrong PR: the job scores the PR itself', async () => {
    // The fork's own pull_request run (read-only token, mode: compute) writes a report folder…
    const forkEvent = await start();
    const computed = await runAction({ double, workspace: scenario.repo.dir, event: forkEvent, token: 'ghs_fork', inputs: { mode: 'compute' } });
    expect(computed.code).toBe(1);
    expect(double.requests.filter((request) => request.method !== 'GET' && request.operation !== 'graphql')).toEqual([]);
    const honest = JSON.parse(await readFile(join(scenario.repo.dir, 'chunkgate-report', 'report.json'), 'utf8')) as Report;
    expect(honest.summary.verdict).toBe('fail');
    await double.close();

    // …which a fork controls. Three forgeries, each downloaded into the trusted job's report folder.
    const cleared: Report = {
      ...honest,
      files: honest.files.map((file) => ({ ...file, failures: [], regressions: [] })),
      summary: { ...honest.summary, failures: 0, regressions: 0, verdict: 'pass' },
    };
    const forgeries: Record<string, Record<string, unknown>> = {
      'failures emptied': { 'report.json': cleared },
      'failOn: []': { 'report.json': honest, 'pull.json': { failOn: [], pull: { number: 7, headSha: scenario.headSha } } },
      "another PR's number and head": { 'report.json': cleared, 'pull.json': { failOn: [], pull: { owner: 'acme', repo: 'docs', number: 8, headSha: OTHER_SHA } } },
    };
    for (const [name, files] of Object.entries(forgeries)) {
      await start();
      const folder = join(trusted.workspace.dir, 'chunkgate-report');
      await rm(folder, { recursive: true, force: true });
      await mkdir(folder, { recursive: true });
      for (const [file, content] of Object.entries(files)) await writeFile(join(folder, file), JSON.stringify(content));
      const event = workflowRunEvent(double, scenario.headSha, { fork: true });
      const published = await runAction({ double, workspace: trusted.workspace.dir, event, eventName: 'workflow_run', inputs: { mode: 'publish' } });
      expect([name, published.code, published.outputs.verdict]).toEqual([name, 1, 'fail']);
      expect(published.stdout).toContain('chunkgate does not read it: it scores the pull request itself');
      // One failing check on the fork PR's head, one comment on PR #7, nothing on PR #8.
      expect(posted()).toEqual({ comments: { 7: 1 }, checks: [[scenario.headSha, 'failure']] });
      expect(double.state.issueComments[7]![0]!.body).toContain('| `docs/deploy.md` L34–L63 · Deploying the agent › Settings | The table');
      await double.close();
    }
    await start();
  });
});

describe('finding the pull request of a workflow_run', () => {
  it('finds a fork’s PR by head owner and branch when pull_requests is empty, and checks it is still at that head', async () => {
    await start();
    // A PR from another owner's branch of the same name must not be picked.
    double.state.pulls.push({ number: 9, headSha: 'd'.repeat(40), baseSha: scenario.baseSha, files: [], headOwner: 'bystander', headRef: 'feature' });
    const event = workflowRunEvent(double, scenario.headSha, { fork: true });
    const result = await runAction({ double, workspace: trusted.workspace.dir, event, eventName: 'workflow_run', inputs: { comment: 'sticky' } });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`Pull request from the open pull requests from ${FORK_OWNER}:feature (#7, head ${scenario.headSha.slice(0, 7)})`);
    expect(double.requestsOf('pulls/list').map((request) => request.query.head)).toEqual([`${FORK_OWNER}:feature`]);
    expect(posted()).toEqual({ comments: { 7: 1 }, checks: [[scenario.headSha, 'failure']] });
  });

  it('uses workflow_run.pull_requests for a same-repository PR, without a lookup by branch', async () => {
    double = await startGitHubDouble();
    addPull(double, scenario, 7);
    const event = workflowRunEvent(double, scenario.headSha, { pullRequests: [7] });
    const result = await runAction({ double, workspace: trusted.workspace.dir, event, eventName: 'workflow_run', inputs: { comment: 'off' } });
    expect(result.code).toBe(1);
    expect(double.requestsOf('pulls/list')).toEqual([]);
    expect(double.requestsOf('pulls/get')).toHaveLength(1);
    expect(posted().checks).toEqual([[scenario.headSha, 'failure']]);
  });

  it('posts nothing when the PR has moved on to another head: the newer run reports', async () => {
    await start();
    double.state.pulls[0]!.headSha = 'e'.repeat(40);
    const event = workflowRunEvent(double, scenario.headSha, { fork: true, pullRequests: [7] });
    const result = await runAction({ double, workspace: trusted.workspace.dir, event, eventName: 'workflow_run' });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/::notice::no open pull request of acme\/docs has head [0-9a-f]{7} \(looked at workflow_run.pull_requests\)/);
    expect(double.requests.every((request) => request.method === 'GET')).toBe(true);
  });
});

describe('pull_request_target', () => {
  it('scores the PR’s head as data: fetched into the base checkout, never checked out', async () => {
    const event = await start();
    const fresh = await shallowCheckout(scenario);
    try {
      const head = await fresh.workspace.git('rev-parse', 'HEAD');
      const result = await runAction({ double, workspace: fresh.workspace.dir, event, eventName: 'pull_request_target' });
      expect(result.code).toBe(1);
      // The merge base is the base branch's tip, already checked out: only the head is fetched.
      expect(result.stdout).toContain(`Fetched ${scenario.headSha.slice(0, 7)} from origin as data (not checked out)`);
      // The head's files were scored (its grown table is what regressed)…
      const report = JSON.parse(await readFile(result.outputs.report!, 'utf8')) as Report;
      expect(report.files.find((file) => file.path === 'docs/deploy.md')!.regressions.map((r) => r.newTags)).toEqual([['table-split'], ['table-split'], ['table-split']]);
      // …read by git, not through the API, and the working tree still holds the base branch.
      expect(double.requestsOf('repos/get-content')).toEqual([]);
      expect(await fresh.workspace.git('rev-parse', 'HEAD')).toBe(head);
      expect(await fresh.workspace.git('status', '--porcelain', '--untracked-files=no')).toBe('');
      expect(await readFile(join(fresh.workspace.dir, 'docs/deploy.md'), 'utf8')).toBe(base['docs/deploy.md']);
      expect(posted()).toEqual({ comments: { 7: 1 }, checks: [[scenario.headSha, 'failure']] });
    } finally {
      await fresh.remove();
    }
  });

  it('fails closed when the config names an external chunker and the base commit cannot be had locally', async () => {
    const workspace = await mkdtemp(join(tmpdir(), 'chunkgate-nocheckout-'));
    try {
      const config = 'chunking: { strategy: external, command: ["python3", "scripts/chunk.py"] }\n';
      double = await startGitHubDouble({
        state: {
          contents: { base1: { '.chunkgate.yml': config, 'docs/a.md': '# A\n\nText.\n' }, head1: { '.chunkgate.yml': config, 'docs/a.md': '# A\n\nText, edited.\n' } },
          compares: { 'base1...head1': { mergeBaseSha: 'base1' } },
        },
      });
      double.state.pulls.push({ number: 3, headSha: 'head1', baseSha: 'base1', files: [{ filename: 'docs/a.md', status: 'modified', patch: '@@ -3 +3 @@\n-Text.\n+Text, edited.' }] });
      const full = `${double.state.owner}/${double.state.repo}`;
      const event = { pull_request: { number: 3, base: { sha: 'base1', ref: 'main', repo: { full_name: full } }, head: { sha: 'head1', repo: { full_name: 'someone/docs' } } } };
      const result = await runAction({ double, workspace, event, eventName: 'pull_request_target' });
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/::error::The config's external chunker runs only from a copy of the base commit base1, which is not in the checkout/);
      // No verdict, so no comment; the check run fails with the reason rather than never coming.
      expect(posted()).toEqual({ comments: {}, checks: [['head1', 'failure']] });
      expect(double.state.checkRuns[0]!.output.title).toBe('chunkgate: could not check this commit');
      expect(double.state.checkRuns[0]!.output.summary).toContain("The config's external chunker runs only from a copy of the base commit base1");
    } finally {
      await rm(workspace, { recursive: true, force: true });
    }
  });
});
