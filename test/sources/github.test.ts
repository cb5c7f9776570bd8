import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCheckRun, getFileAt, listChangedMarkdown, mergeBaseOf, postReview, upsertStickyComment, type CheckAnnotation } from '../../src/sources/github.js';
import { createOctokit, type CreateOctokitOptions, type GitHubClient } from '../../src/sources/octokit.js';
import { faults, startGitHubDouble, type DoubleUser, type GitHubDouble, type Violation } from '../helpers/github-double.js';

const OWNER = 'acme';
const REPO = 'docs';
const HEAD = 'a'.repeat(40);
const BASE = 'b'.repeat(40);
const MARKER = '<!-- chunkgate -->';
const alice: DoubleUser = { login: 'alice', id: 1, type: 'User' };

let double: GitHubDouble;
let notices: string[];

beforeEach(async () => {
  double = await startGitHubDouble({ owner: OWNER, repo: REPO, tokens: { 'fork-token': { readOnly: true } } });
  notices = [];
});

afterEach(async () => {
  // Every request chunkgate made must match GitHub's OpenAPI description and rules.
  const violations = double.violations.splice(0);
  await double.close();
  expect(violations).toEqual([]);
});

/** Octokit against the double; throttling off and 5 ms per retry-after second keep tests fast. */
function client(options: Partial<CreateOctokitOptions> = {}): GitHubClient {
  return createOctokit({
    token: 'test-token',
    baseUrl: double.url,
    retries: 2,
    retryAfterUnitMs: 5,
    throttle: false,
    onNotice: (message) => notices.push(message),
    ...options,
  });
}

/** Takes the violations a test provoked on purpose, so `afterEach` sees only unexpected ones. */
function takeViolations(): Violation[] {
  return double.violations.splice(0);
}

describe('listChangedMarkdown', () => {
  it('follows Link pagination across 3 pages (250 files, per_page 100) and keeps only included Markdown', async () => {
    // i % 5 === 4 → an image (50 of 250), the other 200 are Markdown.
    const files = Array.from({ length: 250 }, (_, i) => ({
      filename: i % 5 === 4 ? `img/${i}.png` : `docs/${String(i).padStart(3, '0')}.md`,
      status: 'modified' as const,
      patch: '@@ -1 +1 @@\n-a\n+b',
    }));
    double.state.pulls.push({ number: 7, headSha: HEAD, baseSha: BASE, files });
    const changed = await listChangedMarkdown(client(), { owner: OWNER, repo: REPO, pull_number: 7 }, () => true);
    expect(changed).toHaveLength(200);
    expect(changed[0]).toEqual({ path: 'docs/000.md', status: 'modified', patch: '@@ -1 +1 @@\n-a\n+b' });
    expect(changed.at(-1)?.path).toBe('docs/248.md');
    const pages = double.requestsOf('pulls/list-files');
    // ceil(250 / 100) = 3 requests; pages 2 and 3 come from GitHub's Link URLs (/repositories/<id>/…).
    expect(pages.map((r) => [r.path, r.query])).toEqual([
      ['/repos/acme/docs/pulls/7/files', { per_page: '100' }],
      ['/repositories/1296269/pulls/7/files', { per_page: '100', page: '2' }],
      ['/repositories/1296269/pulls/7/files', { per_page: '100', page: '3' }],
    ]);
  });

  it('writes Link headers the way GitHub does', async () => {
    double.state.pulls.push({ number: 7, headSha: HEAD, baseSha: BASE, files: Array.from({ length: 250 }, (_, i) => ({ filename: `${i}.md`, status: 'added' as const })) });
    const response = await fetch(`${double.url}/repos/acme/docs/pulls/7/files?per_page=100&page=2`);
    const at = (page: number) => `<${double.url}/repositories/1296269/pulls/7/files?per_page=100&page=${page}>`;
    expect(response.headers.get('link')).toBe(`${at(1)}; rel="prev", ${at(3)}; rel="next", ${at(3)}; rel="last", ${at(1)}; rel="first"`);
    expect(((await response.json()) as unknown[]).length).toBe(100);
    const single = await fetch(`${double.url}/repos/acme/docs/pulls/7/files?per_page=100&page=3`);
    expect(single.headers.get('link')).toBe(`${at(2)}; rel="prev", ${at(1)}; rel="first"`);
    expect(((await single.json()) as unknown[]).length).toBe(50);
  });

  it('follows renames and maps GitHub statuses', async () => {
    double.state.pulls.push({
      number: 3,
      headSha: HEAD,
      baseSha: BASE,
      files: [
        { filename: 'docs/a.md', previous_filename: 'docs/old-a.md', status: 'renamed', patch: '@@ -1 +1 @@\n-x\n+y' },
        { filename: 'docs/b.md', previous_filename: 'archive/b.md', status: 'renamed' },
        { filename: 'archive/c.md', previous_filename: 'docs/c.md', status: 'renamed' },
        { filename: 'docs/d.txt', previous_filename: 'docs/d.md', status: 'renamed' },
        { filename: 'docs/e.mdx', status: 'copied' },
        { filename: 'docs/f.md', status: 'changed' },
        { filename: 'docs/g.md', status: 'unchanged' },
        { filename: 'docs/h.md', status: 'removed' },
        { filename: 'docs/i.MD', status: 'added' },
        { filename: 'archive/j.md', status: 'modified' },
      ],
    });
    const notArchived = (path: string) => !path.startsWith('archive/');
    expect(await listChangedMarkdown(client(), { owner: OWNER, repo: REPO, pull_number: 3 }, notArchived)).toEqual([
      { path: 'docs/a.md', previousPath: 'docs/old-a.md', status: 'renamed', patch: '@@ -1 +1 @@\n-x\n+y' },
      { path: 'docs/b.md', status: 'added' },
      { path: 'docs/c.md', status: 'removed' },
      { path: 'docs/d.md', status: 'removed' },
      { path: 'docs/e.mdx', status: 'added' },
      { path: 'docs/f.md', status: 'modified' },
      { path: 'docs/h.md', status: 'removed' },
      { path: 'docs/i.MD', status: 'added' },
    ]);
  });
});

describe('getFileAt', () => {
  beforeEach(() => {
    double.state.contents[HEAD] = { 'docs/guide/intro.md': '# Título\n\n中文内容 ✓\n', 'docs/guide/more.md': 'more\n' };
  });

  it('fetches raw UTF-8 text at a ref through nested paths', async () => {
    const octokit = client();
    expect(await getFileAt(octokit, { owner: OWNER, repo: REPO, path: 'docs/guide/intro.md', ref: HEAD })).toBe('# Título\n\n中文内容 ✓\n');
    const [request] = double.requestsOf('repos/get-content');
    expect(request?.headers.accept).toMatch(/application\/vnd\.github(\.v3)?\.raw/);
    expect(request?.query).toEqual({ ref: HEAD });
  });

  it('returns null for a missing path, a missing ref and a directory', async () => {
    const octokit = client();
    expect(await getFileAt(octokit, { owner: OWNER, repo: REPO, path: 'docs/nope.md', ref: HEAD })).toBeNull();
    expect(await getFileAt(octokit, { owner: OWNER, repo: REPO, path: 'docs/guide/intro.md', ref: BASE })).toBeNull();
    expect(await getFileAt(octokit, { owner: OWNER, repo: REPO, path: 'docs/guide', ref: HEAD })).toBeNull();
    // 404s are answers, not failures: no retries.
    expect(double.requestsOf('repos/get-content')).toHaveLength(3);
  });

  it('serves base64 JSON without the raw media type (double matches GitHub)', async () => {
    const { data } = await client().rest.repos.getContent({ owner: OWNER, repo: REPO, path: 'docs/guide/intro.md', ref: HEAD });
    expect(Array.isArray(data) ? null : data.type).toBe('file');
    const content = Array.isArray(data) || data.type !== 'file' ? '' : data.content;
    expect(Buffer.from(content, 'base64').toString('utf8')).toBe('# Título\n\n中文内容 ✓\n');
  });
});

describe('upsertStickyComment', () => {
  beforeEach(() => {
    double.state.pulls.push({ number: 5, headSha: HEAD, baseSha: BASE, files: [] });
  });
  const upsert = (octokit: GitHubClient, body: string) =>
    upsertStickyComment(octokit, { owner: OWNER, repo: REPO, issue_number: 5, body, marker: MARKER });
  const ours = () => (double.state.issueComments[5] ?? []).filter((c) => c.body.startsWith(MARKER));

  it('creates once, then updates in place, then leaves an identical body alone: one comment after three upserts', async () => {
    const octokit = client();
    const first = await upsert(octokit, '## chunkgate: pass');
    const second = await upsert(octokit, '## chunkgate: fail');
    const third = await upsert(octokit, '## chunkgate: fail');
    expect([first.action, second.action, third.action]).toEqual(['created', 'updated', 'unchanged']);
    expect(second.id).toBe(first.id);
    expect(third.id).toBe(first.id);
    expect(ours()).toHaveLength(1);
    expect(ours()[0]?.body).toBe(`${MARKER}\n## chunkgate: fail`);
    expect(double.requestsOf('issues/create-comment')).toHaveLength(1);
    expect(double.requestsOf('issues/update-comment')).toHaveLength(1);
  });

  it('finds its comment on a later page', async () => {
    // 150 chatter comments first → ours is #151, on page 2 at per_page 100.
    double.state.issueComments[5] = Array.from({ length: 150 }, (_, i) => ({ id: double.nextId(), body: `chatter ${i}`, user: alice, created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-01T00:00:00Z' }));
    const octokit = client();
    const created = await upsert(octokit, 'report v1');
    const updated = await upsert(octokit, 'report v2');
    expect(updated).toEqual({ id: created.id, action: 'updated' });
    expect(ours()).toHaveLength(1);
    expect(double.requestsOf('issues/list-comments')).toHaveLength(4);
  });

  it('ignores user comments quoting the marker mid-body or in a quote', async () => {
    const at = '2024-01-01T00:00:00Z';
    double.state.issueComments[5] = [
      { id: 11, body: `Why does the bot write ${MARKER}?\n${MARKER}`, user: alice, created_at: at, updated_at: at },
      { id: 12, body: `> ${MARKER}\n> old report\n\nI disagree`, user: alice, created_at: at, updated_at: at },
    ];
    const result = await upsert(client(), 'report');
    expect(result.action).toBe('created');
    expect(double.state.issueComments[5]?.map((c) => c.body)).toEqual([
      `Why does the bot write ${MARKER}?\n${MARKER}`,
      `> ${MARKER}\n> old report\n\nI disagree`,
      `${MARKER}\nreport`,
    ]);
  });

  it('prefers a bot comment over a user’s copy with the marker on its first line, and never duplicates', async () => {
    const at = '2024-01-01T00:00:00Z';
    const bot: DoubleUser = { login: 'github-actions[bot]', id: 41898282, type: 'Bot' };
    double.state.issueComments[5] = [
      { id: 21, body: `${MARKER}\ncopied by a user`, user: alice, created_at: at, updated_at: at },
      { id: 22, body: `${MARKER}\nold report`, user: bot, created_at: at, updated_at: at },
      { id: 23, body: `${MARKER}\nolder duplicate`, user: bot, created_at: at, updated_at: at },
    ];
    expect(await upsert(client(), 'new report')).toEqual({ id: 22, action: 'updated' });
    expect(double.state.issueComments[5]?.map((c) => c.body)).toEqual([
      `${MARKER}\ncopied by a user`,
      `${MARKER}\nnew report`,
      `${MARKER}\nolder duplicate`,
    ]);
  });
});

describe('postReview', () => {
  // Head lines in the diff: hunk +1,4 → 1..4 and hunk +20,3 → 20..22.
  const patch = '@@ -1,3 +1,4 @@\n a\n+b\n c\n d\n@@ -18,3 +20,3 @@\n x\n-y\n+z\n w';
  beforeEach(() => {
    double.state.pulls.push({ number: 9, headSha: HEAD, baseSha: BASE, files: [{ filename: 'docs/a.md', status: 'modified', patch }] });
  });
  const review = (octokit: GitHubClient, comments: { path: string; line: number; start_line?: number; body: string }[]) =>
    postReview(octokit, { owner: OWNER, repo: REPO, pull_number: 9, commit_id: HEAD, body: 'chunkgate found regressions', comments });

  it('posts once per finding across re-runs (fingerprint dedupe), with one createReview per run that has news', async () => {
    const octokit = client();
    const one = { path: 'docs/a.md', line: 2, body: 'Chunk 1 dropped 12 points' };
    const two = { path: 'docs/a.md', start_line: 20, line: 22, body: 'Table split' };
    expect(await review(octokit, [one, two])).toEqual({ posted: 2, skipped: 0 });
    // Re-run: same findings (one moved by a line) plus a new one, and a duplicate of it.
    const three = { path: 'docs/a.md', line: 4, body: 'New failing chunk' };
    expect(await review(octokit, [{ ...one, line: 3 }, two, three, three])).toEqual({ posted: 1, skipped: 3 });
    expect(await review(octokit, [one, two, three])).toBeNull();

    expect(double.requestsOf('pulls/create-review')).toHaveLength(2);
    const comments = double.state.reviewComments[9] ?? [];
    expect(comments.map((c) => [c.line, c.start_line, c.side, c.start_side])).toEqual([
      [2, null, 'RIGHT', null],
      [22, 20, 'RIGHT', 'RIGHT'],
      [4, null, 'RIGHT', null],
    ]);
    expect(comments.every((c) => /<!-- chunkgate:finding:[0-9a-f]{16} -->$/.test(c.body))).toBe(true);
    expect(double.state.reviews[9]?.map((r) => [r.state, r.commit_id])).toEqual([
      ['COMMENTED', HEAD],
      ['COMMENTED', HEAD],
    ]);
  });

  it('makes no request when there is nothing to post', async () => {
    expect(await review(client(), [])).toBeNull();
    expect(double.requestsOf('pulls/create-review')).toHaveLength(0);
  });

  it('is rejected by the double like by GitHub when a line is outside the diff', async () => {
    await expect(review(client(), [{ path: 'docs/a.md', line: 10, body: 'outside' }])).rejects.toMatchObject({ status: 422 });
    expect(takeViolations().map((v) => v.kind)).toEqual(['semantic']);
  });
});

describe('createCheckRun', () => {
  const annotations = (n: number): CheckAnnotation[] =>
    Array.from({ length: n }, (_, i) => ({ path: 'docs/a.md', start_line: i + 1, end_line: i + 1, annotation_level: 'warning', message: `finding ${i + 1}` }));
  const run = (octokit: GitHubClient, n: number) =>
    createCheckRun(octokit, {
      owner: OWNER,
      repo: REPO,
      head_sha: HEAD,
      name: 'chunkgate',
      conclusion: 'failure',
      output: { title: '3 regressions', summary: 'summary', text: 'details' },
      annotations: annotations(n),
    });

  it('sends 120 annotations as 1 create (50) + 2 updates (50, 20)', async () => {
    const { id } = await run(client(), 120);
    expect(double.requestsOf('checks/create').map((r) => (r.body as { output: { annotations: unknown[] } }).output.annotations.length)).toEqual([50]);
    expect(double.requestsOf('checks/update').map((r) => (r.body as { output: { annotations: unknown[] } }).output.annotations.length)).toEqual([50, 20]);
    const [check] = double.state.checkRuns;
    expect(check?.id).toBe(id);
    expect([check?.status, check?.conclusion, check?.output.title, check?.output.text]).toEqual(['completed', 'failure', '3 regressions', 'details']);
    expect(check?.annotations.map((a) => a.start_line)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
  });

  it('needs no update for at most 50 annotations, one for 51', async () => {
    const octokit = client();
    await run(octokit, 0);
    await run(octokit, 50);
    await run(octokit, 51);
    expect(double.requestsOf('checks/create')).toHaveLength(3);
    expect(double.requestsOf('checks/update')).toHaveLength(1);
    expect(double.state.checkRuns.map((c) => c.annotations.length)).toEqual([0, 50, 51]);
  });
});

describe('mergeBaseOf', () => {
  it('reads merge_base_commit from a comparison, null when GitHub has none', async () => {
    double.state.compares[`${BASE}...${HEAD}`] = { mergeBaseSha: 'c'.repeat(40) };
    const octokit = client();
    expect(await mergeBaseOf(octokit, { owner: OWNER, repo: REPO, base: BASE, head: HEAD })).toBe('c'.repeat(40));
    expect(await mergeBaseOf(octokit, { owner: OWNER, repo: REPO, base: HEAD, head: BASE })).toBeNull();
  });
});

describe('faults', () => {
  beforeEach(() => {
    double.state.pulls.push({ number: 5, headSha: HEAD, baseSha: BASE, files: [{ filename: 'docs/a.md', status: 'added' }] });
    double.state.contents[HEAD] = { 'docs/a.md': 'hello\n' };
  });
  const list = (octokit: GitHubClient) => listChangedMarkdown(octokit, { owner: OWNER, repo: REPO, pull_number: 5 }, () => true);
  const read = (octokit: GitHubClient) => getFileAt(octokit, { owner: OWNER, repo: REPO, path: 'docs/a.md', ref: HEAD });

  it('retries a 500 and then a 502 before succeeding', async () => {
    double.failNext('pulls/list-files', [faults.serverError(), faults.badGateway()]);
    expect(await list(client())).toEqual([{ path: 'docs/a.md', status: 'added' }]);
    // 1 request + 2 retries (retries: 2).
    expect(double.requestsOf('pulls/list-files')).toHaveLength(3);
    expect(double.pendingFaults()).toBe(0);
  });

  it('gives up after `retries` retries of persistent 5xx, with a catchable RequestError', async () => {
    double.failNext('pulls/list-files', [faults.serverError(), faults.serverError(), faults.serverError(), faults.serverError()]);
    await expect(list(client({ retries: 1 }))).rejects.toMatchObject({ status: 500 });
    // retries: 1 → 2 attempts; 2 of the 4 scripted faults remain.
    expect(double.requestsOf('pulls/list-files')).toHaveLength(2);
    expect(double.pendingFaults()).toBe(2);
  });

  it('honours a secondary rate limit’s retry-after, then succeeds', async () => {
    double.failNext('repos/get-content', [faults.secondaryRateLimit(2)]);
    expect(await read(client({ throttle: true }))).toBe('hello\n');
    expect(double.requestsOf('repos/get-content')).toHaveLength(2);
    expect(notices).toEqual(['GitHub secondary rate limit on GET /repos/{owner}/{repo}/contents/{path}; retrying after 2s (retry 1 of 2)']);
  });

  it('retries a primary rate limit, and stops after rateLimitRetries', async () => {
    double.failNext('repos/get-content', [faults.primaryRateLimit(0)]);
    expect(await read(client({ throttle: true }))).toBe('hello\n');
    expect(notices[0]).toMatch(/primary rate limit/);

    double.failNext('repos/get-content', [faults.secondaryRateLimit(1), faults.secondaryRateLimit(1), faults.secondaryRateLimit(1)]);
    await expect(read(client({ throttle: true, rateLimitRetries: 1 }))).rejects.toMatchObject({ status: 403 });
    // 1 + 1 retry = 2 of the 3 scripted limits used; the last notice says it gave up.
    expect(double.pendingFaults()).toBe(1);
    expect(notices.at(-1)).toMatch(/giving up after 1 retries/);
  });

  it('surfaces 403 "Resource not accessible by integration" at once, as an error the caller can catch', async () => {
    double.failNext('issues/create-comment', [faults.integrationForbidden()]);
    const error = await upsertStickyComment(client({ throttle: true }), { owner: OWNER, repo: REPO, issue_number: 5, body: 'x', marker: MARKER }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, message: expect.stringContaining('Resource not accessible by integration') });
    expect(double.requestsOf('issues/create-comment')).toHaveLength(1);
  });

  it('lets a read-only (fork) token read but not write', async () => {
    const fork = client({ token: 'fork-token' });
    expect(await read(fork)).toBe('hello\n');
    await expect(
      createCheckRun(fork, { owner: OWNER, repo: REPO, head_sha: HEAD, name: 'chunkgate', conclusion: 'neutral', output: { title: 't', summary: 's' }, annotations: [] }),
    ).rejects.toMatchObject({ status: 403 });
    expect(double.requestsOf('checks/create')[0]?.headers.authorization).toBe('token fork-token');
  });

  it('turns a scripted 404 into null', async () => {
    double.failNext('repos/get-content', [faults.notFound()]);
    expect(await read(client())).toBeNull();
  });
});

describe('request validation by the double', () => {
  it('catches malformed requests: bad path param, unknown query param, bad body, unknown route, wrong repo', async () => {
    const octokit = client();
    // Untyped routes, so the type checker lets the malformed requests through to the double.
    const raw = (route: string, params: Record<string, unknown>) => octokit.request(route, params);
    double.state.pulls.push({ number: 1, headSha: HEAD, baseSha: BASE, files: [] });
    await expect(raw('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', { owner: OWNER, repo: REPO, pull_number: 'one' })).rejects.toMatchObject({ status: 422 });
    await expect(raw('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', { owner: OWNER, repo: REPO, pull_number: 1, perPage: 100 })).rejects.toMatchObject({ status: 422 });
    await expect(raw('POST /repos/{owner}/{repo}/check-runs', { owner: OWNER, repo: REPO, name: 'no head_sha' })).rejects.toMatchObject({ status: 422 });
    await expect(
      raw('POST /repos/{owner}/{repo}/check-runs', { owner: OWNER, repo: REPO, name: 'x', head_sha: HEAD, output: { title: 't', summary: 's', annotations: Array.from({ length: 51 }, () => ({ path: 'a', start_line: 1, end_line: 1, annotation_level: 'warning', message: 'm' })) } }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(raw('GET /repos/{owner}/{repo}/nonsense', { owner: OWNER, repo: REPO })).rejects.toMatchObject({ status: 404 });
    await expect(raw('GET /repos/{owner}/{repo}/pulls/{pull_number}', { owner: 'other', repo: REPO, pull_number: 1 })).rejects.toMatchObject({ status: 404 });
    expect(takeViolations().map((v) => v.kind)).toEqual(['invalid-params', 'invalid-params', 'invalid-body', 'invalid-body', 'unknown-route', 'unknown-repo']);
  });

  it('rejects comment bodies over 65,536 characters, as GitHub does', async () => {
    double.state.pulls.push({ number: 2, headSha: HEAD, baseSha: BASE, files: [] });
    await expect(upsertStickyComment(client(), { owner: OWNER, repo: REPO, issue_number: 2, body: 'x'.repeat(65_537), marker: MARKER })).rejects.toMatchObject({ status: 422 });
    expect(takeViolations().map((v) => v.kind)).toEqual(['semantic']);
  });
});
