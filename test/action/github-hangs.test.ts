/**
 * End to end (the action against the OpenAPI-checked GitHub double): a GitHub request
 * that never answers. The job's error names the endpoint in one sentence, and while any write
 * still gets through, a check run says why — failing when the run could not reach its verdict.
 * Timeouts are shrunk to 200 ms per attempt; nothing here measures time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addPull, makePullScenario, readTree, runAction, type PullScenario } from '../helpers/action-run.js';
import { faults, startGitHubDouble, type GitHubDouble } from '../helpers/github-double.js';

const demo = new URL('../../fixtures/demo/', import.meta.url).pathname;
const env = { CHUNKGATE_REQUEST_TIMEOUT_MS: '200' };
const hangs = (n: number) => Array.from({ length: n }, () => faults.hang());

let failing: PullScenario;
let passing: PullScenario;
let double: GitHubDouble;

beforeAll(async () => {
  failing = await makePullScenario(await readTree(`${demo}base`), await readTree(`${demo}head`));
  const page = (word: string) => `# Install\n\nRun the installer and follow the ${word} prompts; it sets up the agent and its service in one go.\n`;
  passing = await makePullScenario({ 'docs/install.md': page('short') }, { 'docs/install.md': page('brief') });
});

afterAll(async () => {
  await failing.repo.remove();
  await passing.repo.remove();
});

afterEach(async () => {
  expect(double.violations).toEqual([]);
  await double.close();
});

describe('a request that never answers', () => {
  it('a read: the job fails naming the endpoint, and a failing check run and the job summary give the same reason', async () => {
    double = await startGitHubDouble();
    const event = addPull(double, failing);
    double.failNext('pulls/list-files', hangs(4));
    const result = await runAction({ double, workspace: failing.repo.dir, event, env });
    const reason = 'GitHub did not answer GET /repos/acme/docs/pulls/7/files after 4 attempts of 0.2 s';
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`::error::${reason}\n`);
    expect(result.stdout).not.toContain('This operation was aborted');
    expect(double.state.checkRuns.map((run) => [run.head_sha, run.status, run.conclusion, run.output.title])).toEqual([
      [failing.headSha, 'completed', 'failure', 'chunkgate: could not check this commit'],
    ]);
    expect(double.state.checkRuns[0]!.output.summary).toContain(`~~~\n${reason}\n~~~`);
    expect(result.summary).toContain(`~~~\n${reason}\n~~~`);
    // No verdict was reached: no comment claims one.
    expect(double.state.issueComments[7] ?? []).toEqual([]);
  });

  it('a write (the comment), while check-run writes work: the check run keeps the verdict and says the comment is missing', async () => {
    double = await startGitHubDouble();
    const event = addPull(double, passing);
    double.failNext('issues/create-comment', hangs(3));
    const result = await runAction({ double, workspace: passing.repo.dir, event, env, inputs: { comment: 'sticky' } });
    const why = 'GitHub did not answer POST /repos/{owner}/{repo}/issues/{issue_number}/comments after 1 attempt of 0.2 s, and found nothing written when it looked';
    expect(result.code).toBe(0);
    expect(result.outputs.verdict).toBe('pass');
    expect(result.stdout).toContain(`::warning::chunkgate could not post the comment: ${why}`);
    expect(double.pendingFaults()).toBe(0);
    expect(double.state.issueComments[7] ?? []).toEqual([]);
    const [run] = double.state.checkRuns;
    expect([double.state.checkRuns.length, run!.conclusion]).toEqual([1, 'success']);
    const line = `- The sticky comment could not be posted: ${why.replace('_', '\\_')}`;
    expect(run!.output.summary).toContain(line);
    expect(result.summary).toContain(`### ⚠️ Not posted to GitHub\n\n${line}\n`);
  });

  it('everything: no write gets through, and the job still ends with the one-sentence reason in the log and the job summary', async () => {
    double = await startGitHubDouble();
    const event = addPull(double, failing);
    double.failNext(() => true, hangs(100));
    const result = await runAction({ double, workspace: failing.repo.dir, event, env });
    const reason = 'GitHub did not answer GET /repos/acme/docs/pulls/7/files after 4 attempts of 0.2 s';
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`::error::${reason}\n`);
    expect(result.stdout).toContain(`::warning::chunkgate could not post the check: GitHub did not answer GET /repos/acme/docs/commits/${failing.headSha}/check-runs after 4 attempts of 0.2 s`);
    expect(double.state.checkRuns).toEqual([]);
    expect(result.summary).toContain(`~~~\n${reason}\n~~~`);
  });
});
