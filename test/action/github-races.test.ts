/**
 * End to end (the action against the OpenAPI-checked GitHub double): two or three runs
 * of the action on one PR at once — a `synchronize` delivered twice, a re-run beside the first.
 * The double's barriers hold each kind of create until every run has sent its own, so every run
 * has listed before any writes: the race that GitHub's lists cannot prevent. GitHub deletes
 * neither a check run nor a submitted review, so the assertions are what GitHub shows: one
 * comment, one review with the inline comments, one check run with the annotations, and every
 * other run of the check name on the head giving the same verdict. A next run then writes nothing;
 * and what a race of an earlier version left (everything doubled) is cleaned by the next run.
 *
 * The PR is the demo change (fixtures/demo/base → head): it fails, with one problem on added
 * lines (a table split into 3 pieces: one inline comment, so a review) and 3 annotations.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { supersededBy } from '../../src/sources/check-run-race.js';
import { addPull, makePullScenario, readTree, runAction, type PullScenario } from '../helpers/action-run.js';
import { startGitHubDouble, type GitHubDouble } from '../helpers/github-double.js';

const demo = new URL('../../fixtures/demo/', import.meta.url).pathname;
// Three bundled runs at once on a shared machine: no time limit (the e2e project sets none), not a speed assertion.
const LONG = { timeout: 0 };

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

/** What GitHub shows on PR #7 and its head. */
function shown() {
  const comments = double.state.reviewComments[7] ?? [];
  const reviews = (double.state.reviews[7] ?? []).map((review) => ({ id: review.id, comments: comments.filter((c) => c.pull_request_review_id === review.id).length, body: review.body }));
  const checks = double.state.checkRuns.map((run) => ({ id: run.id, status: run.status, conclusion: run.conclusion, annotations: run.annotations.length, supersededBy: supersededBy({ id: run.id, output: run.output }) }));
  return { stickies: (double.state.issueComments[7] ?? []).length, reviews, checks };
}

/** One review holds the inline comment; any other says where it is. One check run holds the 3 annotations; any other repeats its failure. */
function expectOneOfEach(): void {
  const { stickies, reviews, checks } = shown();
  expect(stickies).toBe(1);
  const [kept, ...duplicates] = reviews;
  expect(kept!.comments).toBe(1);
  for (const duplicate of duplicates) {
    expect(duplicate.comments).toBe(0);
    expect(duplicate.body).toContain(`another run posted the same inline comments at the same time, in [review #${kept!.id}]`);
  }
  const holder = checks.filter((check) => check.supersededBy === null);
  expect(holder.map((check) => [check.status, check.conclusion, check.annotations])).toEqual([['completed', 'failure', 2]]);
  for (const other of checks.filter((check) => check.supersededBy !== null)) {
    expect([other.status, other.conclusion, other.annotations, other.supersededBy]).toEqual(['completed', 'failure', 0, holder[0]!.id]);
  }
  // The latest run of the name, which branch protection reads, fails like the holder.
  expect(double.state.checkRuns.at(-1)!.conclusion).toBe('failure');
}

const writes = () => double.requests.filter((request) => request.method !== 'GET' && request.operation !== 'graphql').length;

describe('runs started together on one PR', () => {
  for (const count of [2, 3]) {
    it(
      `${count} runs leave one comment, one review with the inline comments and one check run with the annotations; the next run writes nothing`,
      LONG,
      async () => {
        double = await startGitHubDouble();
        const event = addPull(double, scenario);
        for (const create of ['issues/create-comment', 'pulls/create-review', 'checks/create'] as const) double.hold(create, count);
        const together = await Promise.all(Array.from({ length: count }, () => runAction({ double, workspace: scenario.repo.dir, event, bundle: true })));
        for (const result of together) expect([result.code, result.outputs.verdict]).toEqual([1, 'fail']);
        // Every run did write: the race happened.
        expect(['issues/create-comment', 'pulls/create-review', 'checks/create'].map((op) => double.requestsOf(op as 'checks/create').length)).toEqual([count, count, count]);
        const { reviews, checks } = shown();
        expect([reviews.length, checks.length]).toEqual([count, count]);
        expectOneOfEach();

        const before = writes();
        const next = await runAction({ double, workspace: scenario.repo.dir, event });
        expect(next.code).toBe(1);
        expect(writes()).toBe(before);
        expectOneOfEach();
      },
    );
  }

  it(
    'what a race of an earlier version left — two reviews with every inline comment, two check runs with every annotation — is cleaned by the next run',
    LONG,
    async () => {
      double = await startGitHubDouble();
      const event = addPull(double, scenario);
      await runAction({ double, workspace: scenario.repo.dir, event });
      // Double everything as two runs of the old version did.
      const [review] = double.state.reviews[7]!;
      const copy = { ...review!, id: double.nextId() };
      double.state.reviews[7]!.push(copy);
      for (const comment of [...double.state.reviewComments[7]!]) double.state.reviewComments[7]!.push({ ...comment, id: double.nextId(), pull_request_review_id: copy.id });
      const [run] = double.state.checkRuns;
      double.state.checkRuns.push({ ...run!, id: double.nextId(), external_id: 'old-race', annotations: [...run!.annotations] });
      expect(shown().reviews.map((r) => r.comments)).toEqual([1, 1]);
      expect(shown().checks.map((c) => [c.annotations, c.supersededBy])).toEqual([
        [2, null],
        [2, null],
      ]);

      const next = await runAction({ double, workspace: scenario.repo.dir, event });
      expect(next.code).toBe(1);
      expect(next.stdout).toContain('removed 1 inline comment that another run had posted too');
      expect(shown().reviews.map((r) => r.comments)).toEqual([1, 0]);
      // GitHub cannot remove the older run's annotations; it now repeats the newer run's verdict and points to it.
      expect(shown().checks.map((c) => [c.conclusion, c.annotations, c.supersededBy])).toEqual([
        ['failure', 2, double.state.checkRuns[1]!.id],
        ['failure', 2, null],
      ]);
      const before = writes();
      await runAction({ double, workspace: scenario.repo.dir, event });
      expect(writes()).toBe(before);
    },
  );
});
