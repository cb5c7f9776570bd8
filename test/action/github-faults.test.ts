/**
 * End to end (the action against the OpenAPI-checked GitHub double): GitHub's faults.
 * Lost answers and concurrent runs leave one comment, one review and one check run; waits
 * follow `retry-after`; a request that never answers times out with a log line.
 *
 * The PR is the demo change (fixtures/demo/base → head): it fails, with 3 regressed chunks on
 * added lines (so a review) and 7 annotations.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addPull, makePullScenario, readTree, runAction, type PullScenario } from '../helpers/action-run.js';
import { faults, startGitHubDouble, type GitHubDouble } from '../helpers/github-double.js';

const demo = new URL('../../fixtures/demo/', import.meta.url).pathname;

let scenario: PullScenario;
let double: GitHubDouble;

beforeAll(async () => {
  scenario = await makePullScenario(await readTree(`${demo}base`), await readTree(`${demo}head`));
});

afterAll(async () => {
  await scenario.repo.remove();
});

afterEach(async () => {
  expect(double.violations).toEqual([]);
  await double.close();
});

describe('lost answers', () => {
  it('a POST applied by GitHub whose answer is lost leaves exactly one comment, review and check run after the next run', async () => {
    double = await startGitHubDouble();
    const event = addPull(double, scenario);
    double.failNext('issues/create-comment', [faults.lostResponse()]);
    double.failNext('pulls/create-review', [faults.lostConnection()]);
    double.failNext('checks/create', [faults.lostResponse()]);
    const first = await runAction({ double, workspace: scenario.repo.dir, event });
    expect(double.pendingFaults()).toBe(0);
    for (const what of ['sticky comment', 'review', 'check run']) expect(first.stdout).toContain(`the ${what} had been created; not creating it again`);
    const second = await runAction({ double, workspace: scenario.repo.dir, event });
    for (const result of [first, second]) expect(result.code).toBe(1);
    expect(double.state.issueComments[7]).toHaveLength(1);
    expect(double.state.reviews[7]).toHaveLength(1);
    expect(double.state.reviewComments[7]).toHaveLength(1); // one per problem: the split table
    expect(double.state.checkRuns.map((run) => [run.conclusion, run.annotations.length])).toEqual([['failure', 2]]); // one per item: the split table and the guide's lost heading (listed, not gating; the drop it drives is folded into it)
    // Each create was sent once: the lost answers were looked for, not re-posted.
    expect(['issues/create-comment', 'pulls/create-review', 'checks/create'].map((op) => double.requestsOf(op as 'checks/create').length)).toEqual([1, 1, 1]);
  });
});

describe('concurrent runs', () => {
  it('two runs started together leave one sticky comment after the next run', async () => {
    double = await startGitHubDouble();
    const event = addPull(double, scenario);
    const inputs = { comment: 'sticky', check: 'false' };
    const together = await Promise.all([runAction({ double, workspace: scenario.repo.dir, event, inputs, bundle: true }), runAction({ double, workspace: scenario.repo.dir, event, inputs, bundle: true })]);
    for (const result of together) expect(result.code).toBe(1);
    await runAction({ double, workspace: scenario.repo.dir, event, inputs });
    expect(double.state.issueComments[7]).toHaveLength(1);
    expect(double.state.issueComments[7]![0]!.body.startsWith('<!-- chunkgate:chunkgate -->\n')).toBe(true);
  });

  it('two chunkgate jobs with different check names keep one comment each', async () => {
    double = await startGitHubDouble();
    const event = addPull(double, scenario);
    for (const name of ['docs-tokens', 'docs-chars', 'docs-tokens']) {
      await runAction({ double, workspace: scenario.repo.dir, event, inputs: { comment: 'sticky', check: 'false', 'check-name': name } });
    }
    expect(double.state.issueComments[7]!.map((comment) => comment.body.split('\n', 1)[0])).toEqual(['<!-- chunkgate:docs-tokens -->', '<!-- chunkgate:docs-chars -->']);
  });
});

describe('waits and timeouts', () => {
  it('honours the retry-after of a plain 429, logging endpoint and status', async () => {
    double = await startGitHubDouble();
    const event = addPull(double, scenario);
    double.failNext('issues/create-comment', [faults.tooManyRequests(3)]);
    const result = await runAction({ double, workspace: scenario.repo.dir, event, inputs: { comment: 'sticky', check: 'false' }, env: { CHUNKGATE_RETRY_UNIT_MS: '100' } });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('GitHub POST /repos/{owner}/{repo}/issues/{issue_number}/comments answered 429 (rate limit); retrying in 3 s (retry 1 of 3)');
    const [first, second] = double.requestsOf('issues/create-comment');
    // 3 GitHub seconds at 100 ms each; the old quadratic backoff waited 1 unit.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(300);
    expect(double.state.issueComments[7]).toHaveLength(1);
  });

  it('times out a request that never answers, says so in the log, and carries on', async () => {
    double = await startGitHubDouble();
    const event = addPull(double, scenario);
    double.failNext('pulls/list-files', [faults.hang()]);
    const result = await runAction({ double, workspace: scenario.repo.dir, event, inputs: { comment: 'sticky', check: 'false' }, env: { CHUNKGATE_REQUEST_TIMEOUT_MS: '500' } });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('GitHub GET /repos/acme/docs/pulls/7/files did not answer within 0.5 s; retrying in 1 s (retry 1 of 3)');
    expect(double.state.issueComments[7]).toHaveLength(1);
  });

  it('reports an exhausted rate limit as a rate limit, not as a read-only token, and still fails on the verdict', async () => {
    double = await startGitHubDouble();
    const event = addPull(double, scenario);
    double.failNext('issues/create-comment', [faults.primaryRateLimit(3600)]);
    const result = await runAction({ double, workspace: scenario.repo.dir, event, inputs: { comment: 'sticky', check: 'false' } });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/::warning::chunkgate could not post the comment: GitHub's rate limit for this token stopped it at POST \/repos\/\{owner\}\/\{repo\}\/issues\/\{issue_number\}\/comments/);
    expect(result.stdout).not.toContain('read-only token');
    expect(result.outputs.verdict).toBe('fail');
  });
});
