/** Fetching a PR's commits into a shallow checkout as data, with real git. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchCommits, hasCommit, isShallowRepository, showFile } from '../../src/sources/git.js';
import { makePullScenario, shallowCheckout, type Checkout, type PullScenario } from '../helpers/action-run.js';

let scenario: PullScenario;
let checkout: Checkout;

beforeAll(async () => {
  scenario = await makePullScenario({ 'docs/a.md': '# A\n\nBase text.\n' }, { 'docs/a.md': '# A\n\nHead text.\n', 'docs/b.md': '# B\n' });
  checkout = await shallowCheckout(scenario);
});

afterAll(async () => {
  await checkout.remove();
  await scenario.repo.remove();
});

describe('fetchCommits', () => {
  it('brings a commit served only as refs/pull/N/head into a shallow clone without touching the working tree', async () => {
    const dir = checkout.workspace.dir;
    expect(await isShallowRepository(dir)).toBe(true);
    expect(await hasCommit(dir, scenario.headSha)).toBe(false);
    expect(await fetchCommits(dir, [scenario.headSha])).toEqual({ ok: true });
    expect(await hasCommit(dir, scenario.headSha)).toBe(true);
    expect(await showFile(dir, scenario.headSha, 'docs/b.md')).toBe('# B\n');
    // Still shallow, still on main with the base text, nothing staged or changed.
    expect(await isShallowRepository(dir)).toBe(true);
    expect(await readFile(join(dir, 'docs/a.md'), 'utf8')).toBe('# A\n\nBase text.\n');
    expect(await checkout.workspace.git('status', '--porcelain')).toBe('');
  });

  it('reports git’s reason instead of throwing for an unknown commit or a folder without a repository', async () => {
    const unknown = await fetchCommits(checkout.workspace.dir, ['0'.repeat(40)]);
    expect(unknown.ok).toBe(false);
    const none = await fetchCommits('/', [scenario.headSha]);
    expect(none).toMatchObject({ ok: false, error: expect.stringMatching(/not a git repository/) });
    expect(await isShallowRepository('/')).toBe(false);
  });
});
