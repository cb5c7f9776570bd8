/**
 * Runs that write the same review and check run at once, against the OpenAPI-checked double:
 * its `hold` barrier lets every run list before any of them writes, the race GitHub's own
 * lists cannot prevent. GitHub deletes neither a check run nor a submitted review, so what is
 * asserted is what a reader and branch protection see: one review with the inline comments,
 * one check run with the annotations, and every other run of the name on the commit giving the
 * same verdict.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishCheckRun, type CheckAnnotation } from '../../src/sources/check-run.js';
import { electWinner, supersededBy } from '../../src/sources/check-run-race.js';
import type { TokenIdentity } from '../../src/sources/github-identity.js';
import type { GitHubClient } from '../../src/sources/octokit.js';
import { duplicateComments } from '../../src/sources/review-dedupe.js';
import { postReview, type ReviewFinding } from '../../src/sources/review.js';
import { doubleClient } from '../helpers/github-client.js';
import { startGitHubDouble, type DoubleCheckRun, type GitHubDouble, type Violation } from '../helpers/github-double.js';

const HEAD = 'a'.repeat(40);
const BASE = 'b'.repeat(40);
const ME: TokenIdentity = { login: 'github-actions[bot]', source: 'viewer' };
const NAME = 'chunkgate';
const MINUTE = 60_000;

let double: GitHubDouble;
let notices: string[];
let run = 0;

beforeEach(async () => {
  double = await startGitHubDouble();
  notices = [];
});

afterEach(async () => {
  const violations: Violation[] = double.violations.splice(0);
  await double.close();
  expect(violations).toEqual([]);
});

const client = (): GitHubClient => doubleClient(double, notices);
const annotations = (n: number): CheckAnnotation[] =>
  Array.from({ length: n }, (_, i) => ({ path: 'docs/a.md', start_line: i + 1, end_line: i + 1, annotation_level: 'failure', message: `finding ${i + 1}` }));
const check = (octokit: GitHubClient, list: CheckAnnotation[], conclusion: 'success' | 'failure' = 'failure') =>
  publishCheckRun(octokit, {
    owner: 'acme',
    repo: 'docs',
    head_sha: HEAD,
    name: NAME,
    conclusion,
    output: { title: `chunkgate ${conclusion}`, summary: `${list.length} findings` },
    annotations: list,
    externalId: `run-${++run}`,
    identity: ME,
    settleMs: 5,
  });
const writes = () => double.requests.filter((request) => request.method !== 'GET' && request.operation !== 'graphql').length;
/** What a reader sees per run: conclusion, annotations, and the run it defers to. */
const runs = () => double.state.checkRuns.map((r) => [r.id, r.status, r.conclusion, r.annotations.length, supersededBy({ id: r.id, output: r.output })]);
/** A check run as an earlier run of chunkgate left it. */
function seedRun(fields: Partial<DoubleCheckRun>): DoubleCheckRun {
  const seeded: DoubleCheckRun = {
    id: double.nextId(),
    name: NAME,
    head_sha: HEAD,
    external_id: `old-${double.nextId()}`,
    app: 'github-actions',
    status: 'completed',
    conclusion: 'failure',
    output: { title: 'chunkgate failure', summary: '3 findings', text: null },
    annotations: annotations(3),
    started_at: new Date(Date.now() - 60 * MINUTE).toISOString(),
    completed_at: new Date(Date.now() - 59 * MINUTE).toISOString(),
    ...fields,
  };
  double.state.checkRuns.push(seeded);
  return seeded;
}

describe('check runs written at once', () => {
  for (const count of [2, 3]) {
    it(`${count} runs: the first created holds the annotations, the others repeat its verdict, and a next run writes nothing`, async () => {
      double.hold('checks/create', count);
      const results = await Promise.all(Array.from({ length: count }, () => check(client(), annotations(3))));
      const [first, ...others] = double.state.checkRuns;
      expect(runs()).toEqual([[first!.id, 'completed', 'failure', 3, null], ...others.map((r) => [r.id, 'completed', 'failure', 0, first!.id])]);
      // The others read the same as the first: title and, after the pointer, its summary.
      for (const other of others) expect([other.output.title, other.output.summary?.endsWith('\n\n3 findings')]).toEqual(['chunkgate failure', true]);
      expect(results.filter((result) => result.supersededBy === undefined).map((result) => result.id)).toEqual([first!.id]);
      expect(results.filter((result) => result.supersededBy).map((result) => result.supersededBy!.id)).toEqual(others.map(() => first!.id));

      const before = writes();
      expect(await check(client(), annotations(3))).toMatchObject({ id: first!.id, action: 'unchanged', aligned: 0 });
      expect(writes()).toBe(before);
    });
  }

  it('two runs a race of an earlier version left, both with the annotations: the next run keeps the newest and aligns the other', async () => {
    const older = seedRun({});
    const newer = seedRun({});
    expect(await check(client(), annotations(3))).toMatchObject({ id: newer.id, action: 'unchanged', aligned: 1 });
    expect(runs()).toEqual([
      [older.id, 'completed', 'failure', 3, newer.id],
      [newer.id, 'completed', 'failure', 3, null],
    ]);
    const before = writes();
    await check(client(), annotations(3));
    expect(writes()).toBe(before);
  });

  it('a new verdict on the same commit: the new run holds it, and the older run now says the same, pointing to it', async () => {
    const older = seedRun({});
    const result = await check(client(), [], 'success');
    expect(result).toMatchObject({ action: 'created', aligned: 1 });
    expect(runs()).toEqual([
      [older.id, 'completed', 'success', 3, result.id],
      [result.id, 'completed', 'success', 0, null],
    ]);
  });

  it('a run another live run is writing is left to it; one left in progress by a dead job is finished', async () => {
    const live = seedRun({ status: 'in_progress', conclusion: null, annotations: [], started_at: new Date().toISOString(), completed_at: null });
    const lost = await check(client(), annotations(3));
    expect(lost.supersededBy?.id).toBe(live.id);
    expect(double.state.checkRuns.find((r) => r.id === live.id)).toMatchObject({ status: 'in_progress', annotations: [] });

    double.state.checkRuns = [];
    const dead = seedRun({ status: 'in_progress', conclusion: null, annotations: [], completed_at: null });
    expect(await check(client(), annotations(3))).toMatchObject({ id: dead.id, action: 'updated', sent: 3 });
    expect(runs()).toEqual([[dead.id, 'completed', 'failure', 3, null]]);
  });
});

describe('electWinner', () => {
  const listed = (id: number, status = 'completed', startedMinutesAgo = 60) => ({ id, status, started_at: new Date(Date.now() - startedMinutesAgo * MINUTE).toISOString() });
  it('is the lowest id among this run and the runs created meanwhile or still being written, never an older finished one', () => {
    const now = Date.now();
    expect(electWinner(12, [listed(3)], [listed(3), listed(12), listed(14)], now)).toBe(12);
    expect(electWinner(14, [listed(3)], [listed(3), listed(12), listed(14)], now)).toBe(12);
    expect(electWinner(14, [listed(3, 'in_progress', 1)], [listed(3, 'in_progress', 1), listed(14)], now)).toBe(3);
    expect(electWinner(14, [listed(3, 'in_progress', 16)], [listed(3, 'in_progress', 16), listed(14)], now)).toBe(14);
  });
});

describe('reviews posted at once', () => {
  // Head lines in the diff: hunk +1,4 → 1..4.
  const patch = '@@ -1,3 +1,4 @@\n a\n+b\n c\n d';
  beforeEach(() => {
    double.state.pulls.push({ number: 9, headSha: HEAD, baseSha: BASE, files: [{ filename: 'docs/a.md', status: 'modified', patch }] });
  });
  const finding = (line: number): ReviewFinding => ({ path: 'docs/a.md', line, body: `Chunk at line ${line} regressed` });
  const review = (octokit: GitHubClient, comments: ReviewFinding[]) =>
    postReview(octokit, { owner: 'acme', repo: 'docs', pull_number: 9, commit_id: HEAD, body: 'chunkgate found regressions', comments, nonce: `run-${++run}`, identity: ME, settleMs: 5 });
  /** Per review: its id, how many inline comments it still has, and its body. */
  const reviews = () =>
    (double.state.reviews[9] ?? []).map((r) => [r.id, (double.state.reviewComments[9] ?? []).filter((c) => c.pull_request_review_id === r.id).length, r.body.split('\n', 1)[0]]);
  const pointer = (id: number) =>
    `chunkgate: another run posted the same inline comments at the same time, in [review #${id}](https://github.example/acme/docs/pull/9#pullrequestreview-${id}); this review's copies were removed.`;

  for (const count of [2, 3]) {
    it(`${count} runs: the first review keeps the comments, the others lose theirs and point to it, and a next run writes nothing`, async () => {
      double.hold('pulls/create-review', count);
      const results = await Promise.all(Array.from({ length: count }, () => review(client(), [finding(2), finding(3), finding(4)])));
      const [first, ...others] = double.state.reviews[9]!;
      expect(reviews()).toEqual([[first!.id, 3, 'chunkgate found regressions'], ...others.map((r) => [r.id, 0, pointer(first!.id)])]);
      // Which run's create arrived first is up to the scheduler; exactly one posted the kept review.
      expect(results.map((result) => result?.duplicateOf?.id).sort()).toEqual([...others.map(() => first!.id), undefined]);

      const before = writes();
      expect(await review(client(), [finding(2), finding(3), finding(4)])).toBeNull();
      expect(writes()).toBe(before);
    });
  }

  it('two reviews a race of an earlier version left, every comment doubled: the next run removes the later copies', async () => {
    await review(client(), [finding(2), finding(3)]);
    const [kept] = double.state.reviews[9]!;
    const copy = { ...kept!, id: double.nextId() };
    double.state.reviews[9]!.push(copy);
    for (const comment of [...double.state.reviewComments[9]!]) double.state.reviewComments[9]!.push({ ...comment, id: double.nextId(), pull_request_review_id: copy.id });

    expect(await review(client(), [finding(2), finding(3)])).toBeNull();
    expect(reviews()).toEqual([
      [kept!.id, 2, 'chunkgate found regressions'],
      [copy.id, 0, pointer(kept!.id)],
    ]);
    expect(notices).toEqual([]);
  });

  it('runs that share only some findings: each finding keeps its first comment, and a review that keeps one keeps its body', async () => {
    double.hold('pulls/create-review', 2);
    await Promise.all([review(client(), [finding(2), finding(3)]), review(client(), [finding(3), finding(4)])]);
    const [a, b] = double.state.reviews[9]!;
    // The first keeps both its comments; the second keeps the one finding only it has.
    expect(reviews()).toEqual([
      [a!.id, 2, 'chunkgate found regressions'],
      [b!.id, 1, 'chunkgate found regressions'],
    ]);
    expect(double.state.reviewComments[9]!.map((c) => c.line).sort()).toEqual([2, 3, 4]);
  });
});

describe('duplicateComments', () => {
  it('removes all but the lowest id of each fingerprint, and names each emptied review’s keeper', () => {
    const plan = duplicateComments([
      { id: 5, fingerprint: 'x', reviewId: 2 },
      { id: 1, fingerprint: 'x', reviewId: 1 },
      { id: 6, fingerprint: 'y', reviewId: 2 },
      { id: 7, fingerprint: 'z', reviewId: 3 },
      { id: 8, fingerprint: 'y', reviewId: 3 },
    ]);
    expect(plan.remove.map((c) => c.id)).toEqual([5, 8]);
    // Review 2 keeps y (6); review 3 keeps z (7): none is emptied.
    expect([...plan.emptied]).toEqual([]);
    expect([...duplicateComments([{ id: 1, fingerprint: 'x', reviewId: 1 }, { id: 2, fingerprint: 'x', reviewId: 4 }]).emptied]).toEqual([[4, 1]]);
  });
});
