/**
 * chunkgate's writes to GitHub — the sticky comment, the review, the check run — against the
 * OpenAPI-checked double, with lost answers, concurrent runs and other people's comments.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishCheckRun, type CheckAnnotation } from '../../src/sources/check-run.js';
import { isOwnApp, isOwnLogin, tokenIdentity, type TokenIdentity } from '../../src/sources/github-identity.js';
import type { CreateOctokitOptions, GitHubClient } from '../../src/sources/octokit.js';
import { postReview, type ReviewFinding } from '../../src/sources/review.js';
import { upsertStickyComment } from '../../src/sources/sticky-comment.js';
import { doubleClient } from '../helpers/github-client.js';
import { faults, startGitHubDouble, type DoubleComment, type DoubleUser, type GitHubDouble, type Violation } from '../helpers/github-double.js';

const OWNER = 'acme';
const REPO = 'docs';
const HEAD = 'a'.repeat(40);
const BASE = 'b'.repeat(40);
const MARKER = '<!-- chunkgate:chunkgate -->';
const LEGACY = '<!-- chunkgate -->';
const bot: DoubleUser = { login: 'github-actions[bot]', id: 41898282, type: 'Bot' };
const alice: DoubleUser = { login: 'alice', id: 1, type: 'User' };
const appBot: DoubleUser = { login: 'docs-bot[bot]', id: 900, type: 'Bot' };
const ME: TokenIdentity = { login: 'github-actions[bot]', source: 'viewer' };

let double: GitHubDouble;
let notices: string[];

beforeEach(async () => {
  double = await startGitHubDouble({ owner: OWNER, repo: REPO, tokens: { 'app-token': { user: appBot } } });
  notices = [];
});

afterEach(async () => {
  const violations: Violation[] = double.violations.splice(0);
  await double.close();
  expect(violations).toEqual([]);
});

function client(options: Partial<CreateOctokitOptions> = {}): GitHubClient {
  return doubleClient(double, notices, options);
}

function seeded(body: string, user: DoubleUser): DoubleComment {
  const at = new Date(Date.parse('2023-06-01T00:00:00Z') + double.nextId() * 1000).toISOString();
  return { id: double.nextId(), body, user, created_at: at, updated_at: at };
}

describe('tokenIdentity', () => {
  it('asks GraphQL viewer, which answers for app installation tokens too', async () => {
    expect(await tokenIdentity(client({ token: 'app-token' }))).toEqual({ login: 'docs-bot[bot]', source: 'viewer' });
    expect(double.requestsOf('graphql')).toHaveLength(1);
  });

  it('falls back to the GITHUB_TOKEN bot, saying why, when the lookup fails', async () => {
    double.failNext('graphql', [faults.integrationForbidden()]);
    const why: string[] = [];
    expect(await tokenIdentity(client(), (reason) => why.push(reason))).toEqual({ login: 'github-actions[bot]', source: 'convention' });
    expect(why[0]).toMatch(/Resource not accessible by integration/);
  });

  it('compares logins case-insensitively with or without [bot], and apps by slug', () => {
    expect(isOwnLogin(ME, 'GitHub-Actions[bot]')).toBe(true);
    expect(isOwnLogin(ME, 'github-actions')).toBe(true);
    expect(isOwnLogin(ME, 'alice')).toBe(false);
    expect(isOwnLogin(ME, null)).toBe(false);
    expect(isOwnApp(ME, 'github-actions')).toBe(true);
    expect(isOwnApp(ME, 'docs-bot')).toBe(false);
    // A personal token cannot write check runs, so it owns none.
    expect(isOwnApp({ login: 'alice', source: 'viewer' }, 'alice')).toBe(false);
  });
});

describe('upsertStickyComment', () => {
  beforeEach(() => {
    double.state.pulls.push({ number: 5, headSha: HEAD, baseSha: BASE, files: [] });
  });
  const upsert = (octokit: GitHubClient, body: string, identity: TokenIdentity = ME) =>
    upsertStickyComment(octokit, { owner: OWNER, repo: REPO, issue_number: 5, body, marker: MARKER, legacyMarkers: [LEGACY], identity, settleMs: 5, onNotice: (m) => notices.push(m) });
  const bodies = () => (double.state.issueComments[5] ?? []).map((c) => c.body);

  it('creates once, then updates in place, then leaves an identical body alone: one comment after three upserts', async () => {
    const octokit = client();
    const first = await upsert(octokit, '## chunkgate: pass');
    const second = await upsert(octokit, '## chunkgate: fail');
    const third = await upsert(octokit, '## chunkgate: fail');
    expect([first.action, second.action, third.action]).toEqual(['created', 'updated', 'unchanged']);
    expect([second.id, third.id]).toEqual([first.id, first.id]);
    expect(first.url).toBe(`https://github.example/acme/docs/pull/5#issuecomment-${first.id}`);
    expect(bodies()).toEqual([`${MARKER}\n## chunkgate: fail`]);
    expect(double.requestsOf('issues/create-comment')).toHaveLength(1);
    expect(double.requestsOf('issues/update-comment')).toHaveLength(1);
    // 2 lists for the create (before, and after to catch a concurrent one) + 1 per later upsert.
    expect(double.requestsOf('issues/list-comments')).toHaveLength(4);
  });

  it('finds its comment on a later page', async () => {
    // 150 chatter comments first → ours is #151, on page 2 at per_page 100.
    double.state.issueComments[5] = Array.from({ length: 150 }, (_, i) => seeded(`chatter ${i}`, alice));
    const octokit = client();
    const created = await upsert(octokit, 'report v1');
    const updated = await upsert(octokit, 'report v2');
    expect(updated).toMatchObject({ id: created.id, action: 'updated', removed: 0 });
    expect(bodies().filter((body) => body.startsWith(MARKER))).toEqual([`${MARKER}\nreport v2`]);
  });

  it('never adopts a contributor’s comment, even with the marker on its first line, nor quotes of it', async () => {
    const copied = seeded(`${MARKER}\ncopied by a contributor`, alice);
    double.state.issueComments[5] = [copied, seeded(`> ${MARKER}\n> old report`, bot), seeded(`Why ${MARKER}?`, bot)];
    const result = await upsert(client(), 'report');
    expect(result.action).toBe('created');
    expect(bodies()).toEqual([`${MARKER}\ncopied by a contributor`, `> ${MARKER}\n> old report`, `Why ${MARKER}?`, `${MARKER}\nreport`]);
    expect(double.requestsOf('issues/delete-comment')).toHaveLength(0);
  });

  it('adopts only the token’s own identity: an app token leaves the GITHUB_TOKEN bot’s comment alone', async () => {
    double.state.issueComments[5] = [seeded(`${MARKER}\nwritten by github-actions`, bot)];
    const octokit = client({ token: 'app-token' });
    const identity = await tokenIdentity(octokit);
    await upsert(octokit, 'from the app', identity);
    expect((double.state.issueComments[5] ?? []).map((c) => [c.user.login, c.body])).toEqual([
      ['github-actions[bot]', `${MARKER}\nwritten by github-actions`],
      ['docs-bot[bot]', `${MARKER}\nfrom the app`],
    ]);
  });

  it('keeps the oldest of its duplicates, deletes the others and updates it', async () => {
    const oldest = seeded(`${MARKER}\nrun 1`, bot);
    double.state.issueComments[5] = [oldest, seeded('chatter', alice), seeded(`${MARKER}\nrun 2`, bot), seeded(`${LEGACY}\nrun 0 of an older version`, bot)];
    const result = await upsert(client(), 'run 3');
    expect(result).toMatchObject({ id: oldest.id, action: 'updated', removed: 2 });
    expect(bodies()).toEqual([`${MARKER}\nrun 3`, 'chatter']);
  });

  it('adopts the marker of an older version and rewrites it with the new one', async () => {
    const legacy = seeded(`${LEGACY}\nold`, bot);
    double.state.issueComments[5] = [legacy];
    expect(await upsert(client(), 'new')).toMatchObject({ id: legacy.id, action: 'updated' });
    expect(bodies()).toEqual([`${MARKER}\nnew`]);
  });

  it('does not post twice when the create’s answer is lost: it looks first and finds the comment', async () => {
    double.failNext('issues/create-comment', [faults.lostResponse()]);
    const result = await upsert(client(), 'report');
    expect(result.action).toBe('created');
    expect(bodies()).toEqual([`${MARKER}\nreport`]);
    expect(double.requestsOf('issues/create-comment')).toHaveLength(1);
    expect(notices).toContain('the sticky comment had been created; not creating it again');
  });

  it('creates again when the lost create had not been applied after all', async () => {
    double.failNext('issues/create-comment', [faults.badGateway()]);
    await upsert(client(), 'report');
    expect(bodies()).toEqual([`${MARKER}\nreport`]);
    expect(double.requestsOf('issues/create-comment')).toHaveLength(2);
  });

  it('converges on one comment when two runs create at the same moment', async () => {
    // Both list before either creates: the double answers the two lists first.
    const [a, b] = await Promise.all([upsert(client(), 'run A'), upsert(client(), 'run B')]);
    expect(double.requestsOf('issues/create-comment')).toHaveLength(2);
    const left = double.state.issueComments[5] ?? [];
    expect(left).toHaveLength(1);
    expect([a.id, b.id]).toEqual([left[0]!.id, left[0]!.id]);
    expect(a.removed + b.removed).toBe(1);
  });
});

describe('postReview', () => {
  // Head lines in the diff: hunk +1,4 → 1..4 and hunk +20,3 → 20..22.
  const patch = '@@ -1,3 +1,4 @@\n a\n+b\n c\n d\n@@ -18,3 +20,3 @@\n x\n-y\n+z\n w';
  beforeEach(() => {
    double.state.pulls.push({ number: 9, headSha: HEAD, baseSha: BASE, files: [{ filename: 'docs/a.md', status: 'modified', patch }] });
  });
  let run = 0;
  const review = (octokit: GitHubClient, comments: ReviewFinding[]) =>
    postReview(octokit, { owner: OWNER, repo: REPO, pull_number: 9, commit_id: HEAD, body: 'chunkgate found regressions', comments, nonce: `run-${++run}`, identity: ME, settleMs: 5 });

  it('posts once per finding across re-runs (fingerprint dedupe), with one createReview per run that has news', async () => {
    const octokit = client();
    const one = { path: 'docs/a.md', line: 2, body: 'Chunk 1 dropped 12 points' };
    const two = { path: 'docs/a.md', start_line: 20, line: 22, body: 'Table split' };
    expect(await review(octokit, [one, two])).toMatchObject({ posted: 2, skipped: 0, url: expect.stringMatching(/#pullrequestreview-\d+$/) });
    // Re-run: same findings (one moved by a line) plus a new one, and a duplicate of it.
    const three = { path: 'docs/a.md', line: 4, body: 'New failing chunk' };
    expect(await review(octokit, [{ ...one, line: 3 }, two, three, three])).toMatchObject({ posted: 1, skipped: 3 });
    expect(await review(octokit, [one, two, three])).toBeNull();

    expect(double.requestsOf('pulls/create-review')).toHaveLength(2);
    const comments = double.state.reviewComments[9] ?? [];
    expect(comments.map((c) => [c.line, c.start_line, c.side, c.start_side])).toEqual([
      [2, null, 'RIGHT', null],
      [22, 20, 'RIGHT', 'RIGHT'],
      [4, null, 'RIGHT', null],
    ]);
    expect(comments.every((c) => /<!-- chunkgate:finding:[0-9a-f]{16} -->$/.test(c.body))).toBe(true);
    expect(double.state.reviews[9]?.map((r) => r.body)).toEqual(['chunkgate found regressions\n\n<!-- chunkgate:review:run-1 -->', 'chunkgate found regressions\n\n<!-- chunkgate:review:run-2 -->']);
  });

  it('does not let a contributor’s comment carrying a fingerprint suppress a finding', async () => {
    const octokit = client();
    await review(octokit, [{ path: 'docs/a.md', line: 2, body: 'Real finding' }]);
    const posted = double.state.reviewComments[9]![0]!;
    // A contributor replies by copying the bot's whole comment, fingerprint included; the bot's own comment is gone.
    double.state.reviewComments[9] = [{ ...posted, id: double.nextId(), user: alice }];
    expect(await review(octokit, [{ path: 'docs/a.md', line: 2, body: 'Real finding' }])).toMatchObject({ posted: 1 });
  });

  it('leaves one review when the create’s answer is lost, found by its nonce', async () => {
    double.failNext('pulls/create-review', [faults.lostConnection()]);
    expect(await review(client(), [{ path: 'docs/a.md', line: 2, body: 'x' }])).toMatchObject({ posted: 1 });
    expect(double.state.reviews[9]).toHaveLength(1);
    expect(double.requestsOf('pulls/list-reviews')).toHaveLength(1);
  });

  it('makes no request when there is nothing to post', async () => {
    expect(await review(client(), [])).toBeNull();
    expect(double.requestsOf('pulls/create-review')).toHaveLength(0);
  });

  it('is rejected by the double like by GitHub when a line is outside the diff', async () => {
    await expect(review(client(), [{ path: 'docs/a.md', line: 10, body: 'outside' }])).rejects.toMatchObject({ status: 422 });
    expect(double.violations.splice(0).map((v) => v.kind)).toEqual(['semantic']);
  });
});

describe('publishCheckRun', () => {
  const annotations = (n: number, from = 1): CheckAnnotation[] =>
    Array.from({ length: n }, (_, i) => ({ path: 'docs/a.md', start_line: from + i, end_line: from + i, annotation_level: 'warning', message: `finding ${from + i}` }));
  const SUMMARY = 'full summary '.repeat(100);
  let run = 0;
  const check = (octokit: GitHubClient, list: CheckAnnotation[], delivered: CheckAnnotation[] = []) =>
    publishCheckRun(octokit, {
      owner: OWNER,
      repo: REPO,
      head_sha: HEAD,
      name: 'chunkgate',
      conclusion: 'failure',
      output: { title: '3 regressions', summary: SUMMARY, text: 'details' },
      annotations: list,
      externalId: `run-${++run}`,
      identity: ME,
      onDelivered: (batch) => delivered.push(...batch),
      settleMs: 5,
    });
  const sent = (request: { body: unknown }) => (request.body as { output: { annotations: unknown[]; summary: string } }).output;

  it('sends 120 annotations in 3 updates of 50, 50, 20 after a create without them, and the full summary once, with the conclusion, last', async () => {
    const delivered: CheckAnnotation[] = [];
    const result = await check(client(), annotations(120), delivered);
    expect(result).toMatchObject({ action: 'created', sent: 120, url: `https://github.example/acme/docs/runs/${result.id}` });
    const [create] = double.requestsOf('checks/create');
    const updates = double.requestsOf('checks/update');
    expect([sent(create!).annotations, ...updates.map((u) => sent(u).annotations.length)]).toEqual([undefined, 50, 50, 20]);
    expect([create!, ...updates].map((r) => sent(r).summary === SUMMARY)).toEqual([false, false, false, true]);
    expect((create!.body as { status: string }).status).toBe('in_progress');
    const [stored] = double.state.checkRuns;
    expect([stored?.status, stored?.conclusion, stored?.output.summary, stored?.output.text]).toEqual(['completed', 'failure', SUMMARY, 'details']);
    expect(stored?.annotations.map((a) => a.start_line)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(delivered).toHaveLength(120);
  });

  it('needs one create and one update for at most 50 annotations: they are added only once no other run created one meanwhile', async () => {
    await check(client(), annotations(50));
    expect(double.requestsOf('checks/update')).toHaveLength(1);
    expect(double.requestsOf('checks/list-for-ref')).toHaveLength(2);
    expect(double.state.checkRuns.map((c) => [c.status, c.conclusion, c.annotations.length])).toEqual([['completed', 'failure', 50]]);
  });

  it('needs a single completed create without annotations', async () => {
    await check(client(), []);
    expect(double.requestsOf('checks/update')).toHaveLength(0);
    expect(double.state.checkRuns.map((c) => [c.status, c.conclusion, c.output.summary])).toEqual([['completed', 'failure', SUMMARY]]);
  });

  it('reuses its run on a re-run: nothing written when nothing changed, only the missing annotations otherwise', async () => {
    const octokit = client();
    await check(octokit, annotations(60));
    const writes = () => double.requests.filter((r) => r.method !== 'GET' && r.operation !== 'graphql').length;
    const before = writes();
    expect(await check(octokit, annotations(60))).toMatchObject({ action: 'unchanged', sent: 0 });
    expect(writes()).toBe(before);
    expect(await check(octokit, annotations(61))).toMatchObject({ action: 'updated', sent: 1 });
    expect(double.state.checkRuns).toHaveLength(1);
    expect(double.state.checkRuns[0]!.annotations).toHaveLength(61);
  });

  it('creates a new run when the old one holds an annotation that no longer applies (GitHub cannot remove it)', async () => {
    const octokit = client();
    await check(octokit, annotations(3));
    expect(await check(octokit, annotations(2))).toMatchObject({ action: 'created' });
    expect(double.state.checkRuns.map((c) => c.annotations.length)).toEqual([3, 2]);
  });

  it('does not reuse a run written by another app', async () => {
    await check(client({ token: 'app-token' }), annotations(1));
    expect(await check(client(), annotations(1))).toMatchObject({ action: 'created' });
    expect(double.state.checkRuns.map((c) => c.app)).toEqual(['docs-bot', 'github-actions']);
  });

  it('leaves one run, annotations sent once, when the create’s answer is lost', async () => {
    double.failNext('checks/create', [faults.lostResponse()]);
    await check(client(), annotations(70));
    expect(double.state.checkRuns).toHaveLength(1);
    expect(double.state.checkRuns[0]!.annotations).toHaveLength(70);
    expect(double.state.checkRuns[0]!.conclusion).toBe('failure');
  });

  it('reports what reached GitHub when an update fails part-way', async () => {
    let updates = 0;
    double.failNext((request) => request.operation === 'checks/update' && ++updates === 2, [faults.integrationForbidden()]);
    const delivered: CheckAnnotation[] = [];
    await expect(check(client(), annotations(120), delivered)).rejects.toMatchObject({ status: 403 });
    expect(delivered.map((a) => a.start_line)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});
