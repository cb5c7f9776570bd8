/**
 * The test helpers that make repositories and pull requests: a commit's sha read from `.git` is
 * git's, the identity is set, and the patches cut from one `git diff` are what `diffPatch` gives for
 * each path alone, so the GitHub double serves what GitHub would.
 */
import { describe, expect, it } from 'vitest';
import { diffPatch } from '../../src/sources/git.js';
import { makePullScenario, patchesOf } from '../helpers/action-run.js';
import { makeRepo } from '../helpers/git-repo.js';

describe('makeRepo', () => {
  it("commits as Test Author, unsigned, and gives each commit's sha as git rev-parse does, packed refs or not", async () => {
    const repo = await makeRepo();
    try {
      const first = await repo.commit({ 'a.md': 'one' }, 'one');
      expect(first).toBe(await repo.git('rev-parse', 'HEAD'));
      expect([await repo.git('config', 'user.name'), await repo.git('config', 'user.email'), await repo.git('config', 'commit.gpgsign')]).toEqual(['Test Author', 'author@example.test', 'false']);
      await repo.git('checkout', '-q', '-b', 'feature');
      const second = await repo.commit({ 'a.md': 'two' }, 'two');
      expect([second, await repo.git('rev-parse', 'main')]).toEqual([await repo.git('rev-parse', 'HEAD'), first]);
      // With every ref packed there is no loose ref file to read until the next commit writes one.
      await repo.git('pack-refs', '--all');
      await repo.git('checkout', '-q', '--detach');
      expect(await repo.commit({}, 'empty')).toBe(await repo.git('rev-parse', 'HEAD'));
    } finally {
      await repo.remove();
    }
  });
});

describe('makePullScenario', () => {
  it("cuts from one diff each file's patch as diffPatch makes it: added, modified, removed, several hunks", async () => {
    const long = Array.from({ length: 30 }, (_, n) => `Line ${n}.`).join('\n\n');
    const scenario = await makePullScenario(
      { 'docs/a.md': '# A\n\nOld text.\n', 'docs/gone.md': '# Gone\n', 'docs/long.md': `# Long\n\n${long}\n`, 'docs/mode.md': '# Mode\n' },
      { 'docs/a.md': '# A\n\nNew text.\n', 'docs/gone.md': null, 'docs/new.md': '# New\n\nAdded.\n', 'docs/long.md': `# Long\n\n${long.replace('Line 1.', 'Line one.').replace('Line 28.', 'Line 28!')}\n` },
    );
    try {
      const { baseSha, headSha, files } = scenario;
      expect(files.map((file) => [file.filename, file.status])).toEqual([
        ['docs/a.md', 'modified'],
        ['docs/gone.md', 'removed'],
        ['docs/long.md', 'modified'],
        ['docs/new.md', 'added'],
      ]);
      const alone = await Promise.all(files.map((file) => diffPatch(scenario.repo.dir, baseSha, headSha, file.filename)));
      expect(files.map((file) => file.patch)).toEqual(alone);
      // Two hunks in the long page, the first line of the removed one taken away.
      expect(files[2]!.patch!.match(/^@@ /gm)).toHaveLength(2);
      expect(files[1]!.patch).toBe('@@ -1 +0,0 @@\n-# Gone\n');
      // A rename, or a path git would quote: no cut patches (each is diffed alone).
      expect(await patchesOf(scenario.repo.dir, baseSha, headSha, [['M', 'docs/a.md'], ['R100', 'docs/b.md']])).toBeNull();
      expect(await patchesOf(scenario.repo.dir, baseSha, headSha, [['M', 'docs/a.md'], ['A', 'docs/new page.md']])).toBeNull();
    } finally {
      await scenario.repo.remove();
    }
  });
});
