import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getFileAt, getPull, listChangedMarkdown, mergeBaseOf, openPullsFromHead } from '../../src/sources/github.js';
import { isAmbiguousWrite, isRateLimitError, requestStats, type CreateOctokitOptions, type GitHubClient } from '../../src/sources/octokit.js';
import { doubleClient } from '../helpers/github-client.js';
import { faults, startGitHubDouble, type GitHubDouble, type Violation } from '../helpers/github-double.js';

const OWNER = 'acme';
const REPO = 'docs';
const HEAD = 'a'.repeat(40);
const BASE = 'b'.repeat(40);

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

/** Octokit against the double; 5 ms per retry-after second keeps tests fast. */
function client(options: Partial<CreateOctokitOptions> = {}): GitHubClient {
  return doubleClient(double, notices, options);
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

describe('mergeBaseOf', () => {
  it('reads merge_base_commit from a comparison, null when GitHub has none', async () => {
    double.state.compares[`${BASE}...${HEAD}`] = { mergeBaseSha: 'c'.repeat(40) };
    const octokit = client();
    expect(await mergeBaseOf(octokit, { owner: OWNER, repo: REPO, base: BASE, head: HEAD })).toBe('c'.repeat(40));
    expect(await mergeBaseOf(octokit, { owner: OWNER, repo: REPO, base: HEAD, head: BASE })).toBeNull();
  });
});

describe('pull lookups', () => {
  beforeEach(() => {
    double.state.pulls.push(
      { number: 3, headSha: HEAD, baseSha: BASE, files: [], fork: true, headOwner: 'someone', headRef: 'fix-typo' },
      { number: 4, headSha: BASE, baseSha: BASE, files: [], fork: true, headOwner: 'someone', headRef: 'fix-typo', state: 'closed' },
      { number: 5, headSha: HEAD, baseSha: BASE, files: [], headRef: 'fix-typo' },
    );
  });

  it('reads a pull request with its head repository', async () => {
    expect(await getPull(client(), { owner: OWNER, repo: REPO, pull_number: 3 })).toEqual({
      number: 3,
      state: 'open',
      headSha: HEAD,
      headRef: 'fix-typo',
      headRepo: 'someone/docs',
      baseSha: BASE,
      baseRef: 'main',
      baseRepo: 'acme/docs',
    });
  });

  it('finds the open pull requests of one head owner and branch, as pulls.list with head=owner:branch', async () => {
    const found = await openPullsFromHead(client(), { owner: OWNER, repo: REPO, headOwner: 'someone', headBranch: 'fix-typo' });
    // #4 is closed, #5 has the same branch name in another owner's repository.
    expect(found.map((pull) => pull.number)).toEqual([3]);
    expect(double.requestsOf('pulls/list')[0]?.query).toEqual({ state: 'open', head: 'someone:fix-typo', per_page: '100' });
  });
});

describe('faults and the one retry layer', () => {
  beforeEach(() => {
    double.state.pulls.push({ number: 5, headSha: HEAD, baseSha: BASE, files: [{ filename: 'docs/a.md', status: 'added' }] });
    double.state.contents[HEAD] = { 'docs/a.md': 'hello\n' };
  });
  const list = (octokit: GitHubClient) => listChangedMarkdown(octokit, { owner: OWNER, repo: REPO, pull_number: 5 }, () => true);
  const read = (octokit: GitHubClient) => getFileAt(octokit, { owner: OWNER, repo: REPO, path: 'docs/a.md', ref: HEAD });
  const comment = (octokit: GitHubClient) => octokit.rest.issues.createComment({ owner: OWNER, repo: REPO, issue_number: 5, body: 'x' });
  const gap = (operation: 'repos/get-content' | 'issues/create-comment') => {
    const [first, second] = double.requestsOf(operation);
    return second!.at - first!.at;
  };

  it('retries a 500 and then a 502 before succeeding, logging endpoint and status each time', async () => {
    double.failNext('pulls/list-files', [faults.serverError(), faults.badGateway()]);
    const octokit = client();
    expect(await list(octokit)).toEqual([{ path: 'docs/a.md', status: 'added' }]);
    // 1 request + 2 retries (retries: 2), backing off 1 then 2 units; a paginated list logs its expanded path.
    expect(double.requestsOf('pulls/list-files')).toHaveLength(3);
    expect(notices).toEqual([
      'GitHub GET /repos/acme/docs/pulls/5/files answered 500; retrying in 1 s (retry 1 of 2)',
      'GitHub GET /repos/acme/docs/pulls/5/files answered 502; retrying in 2 s (retry 2 of 2)',
    ]);
    expect(requestStats(octokit)).toEqual({ requests: 3, retries: 2 });
  });

  it('gives up after `retries` retries of persistent 5xx, with a catchable RequestError', async () => {
    double.failNext('pulls/list-files', [faults.serverError(), faults.serverError(), faults.serverError(), faults.serverError()]);
    await expect(list(client({ retries: 1 }))).rejects.toMatchObject({ status: 500 });
    // retries: 1 → 2 attempts; 2 of the 4 scripted faults remain.
    expect(double.requestsOf('pulls/list-files')).toHaveLength(2);
    expect(double.pendingFaults()).toBe(2);
    expect(notices.at(-1)).toBe('GitHub GET /repos/acme/docs/pulls/5/files answered 500; not retried: gave up after 1 retry');
  });

  it('waits the retry-after of a secondary rate limit (403), once', async () => {
    double.failNext('repos/get-content', [faults.secondaryRateLimit(3)]);
    expect(await read(client({ retryAfterUnitMs: 40 }))).toBe('hello\n');
    expect(double.requestsOf('repos/get-content')).toHaveLength(2);
    // 3 GitHub seconds at 40 ms each; backoff alone would have waited 1 unit.
    expect(gap('repos/get-content')).toBeGreaterThanOrEqual(120);
    expect(notices).toEqual(['GitHub GET /repos/{owner}/{repo}/contents/{path} answered 403 (rate limit); retrying in 3 s (retry 1 of 2)']);
  });

  it('waits the retry-after of a plain 429 too, even on a POST (GitHub applied nothing)', async () => {
    double.failNext('issues/create-comment', [faults.tooManyRequests(3)]);
    await comment(client({ retryAfterUnitMs: 40 }));
    expect(double.requestsOf('issues/create-comment')).toHaveLength(2);
    expect(gap('issues/create-comment')).toBeGreaterThanOrEqual(120);
    expect(double.state.issueComments[5]).toHaveLength(1);
  });

  it('retries a primary rate limit whose reset has come, and reports one that resets in an hour as a rate limit without waiting', async () => {
    double.failNext('repos/get-content', [faults.primaryRateLimit(0)]);
    expect(await read(client())).toBe('hello\n');
    double.failNext('repos/get-content', [faults.primaryRateLimit(3600)]);
    const error = await read(client()).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403 });
    expect(isRateLimitError(error)).toBe(true);
    expect(notices.at(-1)).toMatch(/^GitHub GET \/repos\/\{owner\}\/\{repo\}\/contents\/\{path\} answered 403 \(rate limit\); not retried: GitHub asks to wait 36\d\d s, more than the 120 s chunkgate waits$/);
    expect(double.pendingFaults()).toBe(0);
  });

  it('stops when the run\'s wait budget would be exceeded', async () => {
    double.failNext('repos/get-content', [faults.secondaryRateLimit(2), faults.secondaryRateLimit(2)]);
    await expect(read(client({ budgetSeconds: 3 }))).rejects.toMatchObject({ status: 403 });
    // The first wait (2 s) fits the budget of 3 s, the second does not.
    expect(double.requestsOf('repos/get-content')).toHaveLength(2);
    expect(notices.at(-1)).toMatch(/would exceed the run's retry budget$/);
  });

  it('times out a request that never answers, logs it, and retries', async () => {
    double.failNext('repos/get-content', [faults.hang()]);
    const octokit = client({ timeoutMs: 300 });
    expect(await read(octokit)).toBe('hello\n');
    expect(notices).toEqual(['GitHub GET /repos/{owner}/{repo}/contents/{path} did not answer within 0.3 s; retrying in 1 s (retry 1 of 2)']);
    expect(gap('repos/get-content')).toBeGreaterThanOrEqual(300);
  });

  it('does not repeat a POST that ended in a 502 or a reset: GitHub may have applied it', async () => {
    double.failNext('issues/create-comment', [faults.lostResponse()]);
    const lost = await comment(client()).catch((e: unknown) => e);
    expect(lost).toMatchObject({ status: 502 });
    expect(isAmbiguousWrite(lost)).toBe(true);
    double.failNext('issues/create-comment', [faults.lostConnection()]);
    const reset = await comment(client()).catch((e: unknown) => e);
    expect(isAmbiguousWrite(reset)).toBe(true);
    // Both writes happened; neither was sent twice.
    expect(double.requestsOf('issues/create-comment')).toHaveLength(2);
    expect(double.state.issueComments[5]).toHaveLength(2);
  });

  it('surfaces 403 "Resource not accessible by integration" at once, as a permission error, not a rate limit', async () => {
    double.failNext('issues/create-comment', [faults.integrationForbidden()]);
    const error = await comment(client()).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, message: expect.stringContaining('Resource not accessible by integration') });
    expect(isRateLimitError(error)).toBe(false);
    expect(isAmbiguousWrite(error)).toBe(false);
    expect(double.requestsOf('issues/create-comment')).toHaveLength(1);
  });

  it('lets a read-only (fork) token read but not write', async () => {
    const fork = client({ token: 'fork-token' });
    expect(await read(fork)).toBe('hello\n');
    await expect(comment(fork)).rejects.toMatchObject({ status: 403 });
    expect(double.requestsOf('issues/create-comment')[0]?.headers.authorization).toBe('token fork-token');
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
    await expect(client().rest.issues.createComment({ owner: OWNER, repo: REPO, issue_number: 2, body: 'x'.repeat(65_537) })).rejects.toMatchObject({ status: 422 });
    expect(takeViolations().map((v) => v.kind)).toEqual(['semantic']);
  });
});
