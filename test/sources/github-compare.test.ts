/** Listing a pull request's and a comparison's changed files, against the OpenAPI-checked double. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPARE_FILE_LIMIT, listChangedBetween, listPullFiles } from '../../src/sources/github.js';
import { doubleClient } from '../helpers/github-client.js';
import { startGitHubDouble, type GitHubDouble } from '../helpers/github-double.js';

const BASE = 'b'.repeat(40);
const HEAD = 'a'.repeat(40);

let double: GitHubDouble;

beforeEach(async () => {
  double = await startGitHubDouble();
});

afterEach(async () => {
  expect(double.violations).toEqual([]);
  await double.close();
});

const files = [
  { filename: 'docs/a.md', status: 'modified' as const, patch: '@@ -1 +1 @@\n-a\n+b' },
  { filename: 'src/app.ts', status: 'changed' as const },
  { filename: 'docs/new.md', status: 'copied' as const },
  { filename: 'docs/b.md', status: 'renamed' as const, previous_filename: 'docs/old.md' },
  { filename: 'docs/same.md', status: 'unchanged' as const },
];

const expected = [
  { path: 'docs/a.md', status: 'modified', patch: '@@ -1 +1 @@\n-a\n+b' },
  { path: 'src/app.ts', status: 'modified' },
  { path: 'docs/new.md', status: 'added' },
  { path: 'docs/b.md', previousPath: 'docs/old.md', status: 'renamed' },
];

describe('listPullFiles', () => {
  it('lists every changed file, Markdown or not, with statuses mapped and unchanged files dropped', async () => {
    double.state.pulls.push({ number: 4, headSha: HEAD, baseSha: BASE, files });
    expect(await listPullFiles(doubleClient(double, []), { owner: 'acme', repo: 'docs', pull_number: 4 })).toEqual(expected);
  });
});

describe('listChangedBetween', () => {
  it('lists a comparison’s files with one compare request, mapped the same way', async () => {
    double.state.compares[`${BASE}...${HEAD}`] = { mergeBaseSha: BASE, files };
    expect(await listChangedBetween(doubleClient(double, []), { owner: 'acme', repo: 'docs', base: BASE, head: HEAD })).toEqual(expected);
    expect(double.requestsOf('repos/compare-commits').map((request) => request.path)).toEqual([`/repos/acme/docs/compare/${BASE}...${HEAD}`]);
    expect(double.requestsOf('repos/compare-commits')[0]!.query).toEqual({ per_page: '100', page: '1' });
  });

  it('reads the files page by page, 100 at a time, until a short page', async () => {
    double.state.compares[`${BASE}...${HEAD}`] = {
      mergeBaseSha: BASE,
      files: Array.from({ length: 250 }, (_, i) => ({ filename: `docs/${String(i).padStart(3, '0')}.md`, status: 'modified' as const })),
    };
    const listed = await listChangedBetween(doubleClient(double, []), { owner: 'acme', repo: 'docs', base: BASE, head: HEAD });
    expect(listed.map((file) => file.path)).toEqual(Array.from({ length: 250 }, (_, i) => `docs/${String(i).padStart(3, '0')}.md`));
    expect(double.requestsOf('repos/compare-commits').map((request) => request.query)).toEqual([
      { per_page: '100', page: '1' },
      { per_page: '100', page: '2' },
      { per_page: '100', page: '3' },
    ]);
  });

  it('refuses a list at the compare API’s 300-file cap, where files may be missing', async () => {
    double.state.compares[`${BASE}...${HEAD}`] = {
      mergeBaseSha: BASE,
      files: Array.from({ length: COMPARE_FILE_LIMIT }, (_, i) => ({ filename: `docs/${i}.md`, status: 'modified' as const })),
    };
    await expect(listChangedBetween(doubleClient(double, []), { owner: 'acme', repo: 'docs', base: BASE, head: HEAD })).rejects.toThrow(
      'The compare API lists at most 300 changed files, and bbbbbbb...aaaaaaa reaches that limit, so some may be missing; check out the repository (actions/checkout) so chunkgate lists them with git instead.',
    );
  });
});
