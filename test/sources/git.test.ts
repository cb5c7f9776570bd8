import { mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changedFiles, defaultBranch, diffPatch, exportTree, hasCommit, listFilesAt, mergeBase, readDocAt, showFile } from '../../src/sources/git.js';
import { changedLinesFromPatch } from '../../src/sources/patch-lines.js';
import { isolatedGitEnv, makeRepo, openRepo, runGit, type TestRepo } from '../helpers/git-repo.js';

// The code under test runs git with process.env: keep the user's git config out of it too.
beforeAll(() => {
  for (const [key, value] of Object.entries(isolatedGitEnv)) vi.stubEnv(key, value);
});
afterAll(() => vi.unstubAllEnvs());

const repos: TestRepo[] = [];
async function newRepo(options: { branch?: string } = {}): Promise<TestRepo> {
  const repo = await makeRepo(options);
  repos.push(repo);
  return repo;
}
afterEach(async () => {
  await Promise.all(repos.splice(0).map((repo) => repo.remove()));
});

/** Ten distinct lines, so git's rename detection has content to match. */
const body = (name: string) => Array.from({ length: 10 }, (_, i) => `${name} line ${i + 1}`).join('\n') + '\n';

describe('showFile', () => {
  it('reads a file at a ref, null for a missing path or a directory, throws for an unknown ref', async () => {
    const repo = await newRepo();
    const first = await repo.commit({ 'docs/guide/intro.md': '# Título\n\n中文内容\n', 'docs/with space.md': 'x\n' });
    await repo.commit({ 'docs/guide/intro.md': '# Changed\n' });
    expect(await showFile(repo.dir, first, 'docs/guide/intro.md')).toBe('# Título\n\n中文内容\n');
    expect(await showFile(repo.dir, 'main', 'docs/guide/intro.md')).toBe('# Changed\n');
    expect(await showFile(repo.dir, 'main', 'docs/with space.md')).toBe('x\n');
    expect(await showFile(repo.dir, 'main', 'docs/missing.md')).toBeNull();
    expect(await showFile(repo.dir, 'main', 'docs/guide')).toBeNull();
    await expect(showFile(repo.dir, 'no-such-branch', 'docs/guide/intro.md')).rejects.toThrow(/Unknown git ref "no-such-branch"/);
  });

  it('returns files larger than execFile’s default 1 MB buffer whole', async () => {
    const repo = await newRepo();
    // 40,000 lines × 51 chars ("x" × 50 + "\n") = 2,040,000 chars.
    const big = `${'x'.repeat(50)}\n`.repeat(40_000);
    await repo.commit({ 'big.md': big });
    const text = await showFile(repo.dir, 'HEAD', 'big.md');
    expect(text?.length).toBe(2_040_000);
  });
});

describe('readDocAt, the guarded blob reader', () => {
  it('decodes as the folder reader does: BOM dropped, binary and invalid UTF-8 named; null when absent or a folder', async () => {
    const repo = await newRepo();
    await repo.write({ 'docs/ok.md': '\uFEFF# Título\n', 'docs/sub/x.md': 'x\n', 'docs/with space.md': 'y\n', 'docs/[a].md': 'bracket\n', 'docs/a.md': 'plain a\n' });
    await writeFile(join(repo.dir, 'docs/nul.md'), new Uint8Array([0x23, 0x0a, 0x00]));
    await writeFile(join(repo.dir, 'docs/latin1.md'), new Uint8Array([0x63, 0x61, 0x66, 0xe9]));
    await repo.commit({});
    expect(await readDocAt(repo.dir, 'main', 'docs/ok.md')).toEqual({ text: '# Título\n' });
    expect(await readDocAt(repo.dir, 'main', 'docs/with space.md')).toEqual({ text: 'y\n' });
    // Paths are literal, not patterns: "[a].md" is that file, not "a.md".
    expect(await readDocAt(repo.dir, 'main', 'docs/[a].md')).toEqual({ text: 'bracket\n' });
    expect(await readDocAt(repo.dir, 'main', 'docs/*.md')).toBeNull();
    // The blob id is the digest: the same bytes on both sides are recognised as unchanged.
    const nulId = await repo.git('rev-parse', 'main:docs/nul.md');
    expect(await readDocAt(repo.dir, 'main', 'docs/nul.md')).toEqual({
      problem: { reason: 'binary file: NUL byte at byte 2 (line 2)', hint: expect.any(String) },
      digest: nulId,
    });
    expect(await readDocAt(repo.dir, 'main', 'docs/latin1.md')).toMatchObject({ problem: { reason: 'not valid UTF-8: byte 0xe9 at byte 3 (line 1)' } });
    expect(await readDocAt(repo.dir, 'main', 'docs/missing.md')).toBeNull();
    expect(await readDocAt(repo.dir, 'main', 'docs/sub')).toBeNull();
    await expect(readDocAt(repo.dir, 'no-such-branch', 'docs/ok.md')).rejects.toThrow(/Unknown git ref "no-such-branch"/);
  });

  it('refuses a blob above maxBytes from its size alone', async () => {
    const repo = await newRepo();
    await repo.commit({ 'big.md': 'x'.repeat(101) });
    expect(await readDocAt(repo.dir, 'main', 'big.md', { maxBytes: 100 })).toMatchObject({ problem: { reason: 'too large: 101 bytes, limit 100' } });
    expect(await readDocAt(repo.dir, 'main', 'big.md', { maxBytes: 101 })).toEqual({ text: 'x'.repeat(101) });
  });

  it('follows a committed symbolic link inside the tree, and refuses one that leaves it', async () => {
    const repo = await newRepo();
    await repo.write({ 'docs/a.md': '# A\n' });
    await symlink('a.md', join(repo.dir, 'docs/alias.md'));
    await symlink('../../etc/passwd', join(repo.dir, 'docs/leak.md'));
    await symlink('/etc/passwd', join(repo.dir, 'docs/abs.md'));
    await repo.commit({});
    expect(await readDocAt(repo.dir, 'main', 'docs/alias.md')).toEqual({ text: '# A\n' });
    expect(await readDocAt(repo.dir, 'main', 'docs/leak.md')).toMatchObject({ problem: { reason: 'symbolic link to "../../etc/passwd", outside the repository; not read' } });
    expect(await readDocAt(repo.dir, 'main', 'docs/abs.md')).toMatchObject({ problem: { reason: 'symbolic link to "/etc/passwd", outside the repository; not read' } });
  });
});

describe('mergeBase and hasCommit', () => {
  it('finds the fork point of two branches, null for unrelated histories, throws for a bad ref', async () => {
    const repo = await newRepo();
    const root = await repo.commit({ 'a.md': 'a\n' }, 'root');
    await repo.git('checkout', '-q', '-b', 'feature');
    const featureTip = await repo.commit({ 'b.md': 'b\n' }, 'feature');
    await repo.git('checkout', '-q', 'main');
    await repo.commit({ 'c.md': 'c\n' }, 'main moves on');
    expect(await mergeBase(repo.dir, 'main', 'feature')).toBe(root);
    expect(await mergeBase(repo.dir, root, featureTip)).toBe(root);

    await repo.git('checkout', '-q', '--orphan', 'unrelated');
    await repo.commit({ 'z.md': 'z\n' }, 'orphan');
    expect(await mergeBase(repo.dir, 'main', 'unrelated')).toBeNull();
    await expect(mergeBase(repo.dir, 'main', 'nope')).rejects.toThrow(/merge-base/);
  });

  it('tells present commits from absent ones and from non-commit objects', async () => {
    const repo = await newRepo();
    const sha = await repo.commit({ 'a.md': 'a\n' });
    const blob = await repo.git('rev-parse', 'HEAD:a.md');
    expect(await hasCommit(repo.dir, sha)).toBe(true);
    expect(await hasCommit(repo.dir, 'deadbeef'.repeat(5))).toBe(false);
    expect(await hasCommit(repo.dir, blob)).toBe(false);
  });
});

describe('changedFiles', () => {
  it('lists added, modified, removed and renamed files between two commits, sorted by path', async () => {
    const repo = await newRepo();
    const base = await repo.commit({
      'docs/a.md': body('a'),
      'docs/b.md': body('b'),
      'docs/c.md': body('c'),
      'docs/same.md': body('same'),
    });
    const head = await repo.commit({
      'docs/a.md': body('a') + 'one more line\n',
      'docs/b.md': null,
      'docs/c.md': null,
      'docs/renamed.md': body('c'),
      'docs/with space.md': 'new\n',
      'docs/ü.md': 'new\n',
    });
    expect(await changedFiles(repo.dir, base, head)).toEqual([
      { path: 'docs/a.md', status: 'modified' },
      { path: 'docs/b.md', status: 'removed' },
      { path: 'docs/renamed.md', previousPath: 'docs/c.md', status: 'renamed' },
      { path: 'docs/with space.md', status: 'added' },
      { path: 'docs/ü.md', status: 'added' },
    ]);
  });

  it('uses the working tree as head when head is omitted: tracked edits and non-ignored untracked files', async () => {
    const repo = await newRepo();
    const base = await repo.commit({ '.gitignore': 'build/\n', 'docs/a.md': 'a\n', 'docs/b.md': 'b\n' });
    await repo.write({ 'docs/a.md': 'a changed\n', 'docs/b.md': null, 'docs/new.md': 'new\n', 'build/out.md': 'ignored\n' });
    expect(await changedFiles(repo.dir, base)).toEqual([
      { path: 'docs/a.md', status: 'modified' },
      { path: 'docs/b.md', status: 'removed' },
      { path: 'docs/new.md', status: 'added' },
    ]);
    expect(await changedFiles(repo.dir, base, null)).toHaveLength(3);
  });

  it('returns nothing when nothing changed', async () => {
    const repo = await newRepo();
    const sha = await repo.commit({ 'a.md': 'a\n' });
    expect(await changedFiles(repo.dir, sha, sha)).toEqual([]);
  });
});

describe('diffPatch', () => {
  it('returns only the hunks (GitHub patch shape) whose head lines changedLinesFromPatch reads back', async () => {
    const repo = await newRepo();
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
    const base = await repo.commit({ 'doc.md': lines.join('\n') + '\n' });
    const edited = [...lines];
    edited[9] = 'line 10 edited';
    const head = await repo.commit({ 'doc.md': edited.join('\n') + '\n' });
    const patch = await diffPatch(repo.dir, base, head, 'doc.md');
    expect(patch.startsWith('@@ -7,7 +7,7 @@')).toBe(true);
    // One edited line (10) with 3 lines of context either side: head lines 7..13.
    expect([...changedLinesFromPatch(patch)]).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(await diffPatch(repo.dir, head, head, 'doc.md')).toBe('');
  });

  it('diffs a renamed file against its previous path, and the working tree when head is null', async () => {
    const repo = await newRepo();
    const base = await repo.commit({ 'old.md': body('r') });
    const head = await repo.commit({ 'old.md': null, 'new.md': body('r').replace('r line 5', 'r line five') });
    const patch = await diffPatch(repo.dir, base, head, 'new.md', { previousPath: 'old.md' });
    // Line 5 changed: context 2..8 on both sides → hunk "@@ -2,7 +2,7 @@" (git may append
    // a function-context line after it). Without previousPath it would be "@@ -0,0 +1,10 @@".
    expect(patch.startsWith('@@ -2,7 +2,7 @@')).toBe(true);
    expect(patch).toContain('-r line 5\n+r line five');

    await repo.write({ 'new.md': 'just one line\n' });
    const working = await diffPatch(repo.dir, head, null, 'new.md');
    expect(working).toContain('+just one line');
  });
});

describe('defaultBranch', () => {
  it('prefers origin/HEAD, then main, then master; null when none exists', async () => {
    const origin = await newRepo();
    await origin.commit({ 'a.md': 'a\n' });
    expect(await defaultBranch(origin.dir)).toBe('main');

    const cloneDir = join(origin.dir, '..', `${origin.dir.split('/').pop()}-clone`);
    await runGit(join(origin.dir, '..'), ['clone', '-q', origin.dir, cloneDir]);
    const clone = openRepo(cloneDir);
    repos.push(clone);
    expect(await defaultBranch(clone.dir)).toBe('origin/main');

    const legacy = await newRepo({ branch: 'master' });
    await legacy.commit({ 'a.md': 'a\n' });
    expect(await defaultBranch(legacy.dir)).toBe('master');

    const trunk = await newRepo({ branch: 'trunk' });
    await trunk.commit({ 'a.md': 'a\n' });
    expect(await defaultBranch(trunk.dir)).toBeNull();
  });
});

describe('listFilesAt', () => {
  it('lists every file of a commit, nested and with spaces, sorted', async () => {
    const repo = await makeRepo();
    try {
      const first = await repo.commit({ 'b.md': 'b', 'docs/a b.md': 'a', 'docs/zh/c.md': 'c' });
      await repo.commit({ 'b.md': null, 'd.md': 'd' });
      expect(await listFilesAt(repo.dir, first)).toEqual(['b.md', 'docs/a b.md', 'docs/zh/c.md']);
      expect(await listFilesAt(repo.dir, 'HEAD')).toEqual(['d.md', 'docs/a b.md', 'docs/zh/c.md']);
    } finally {
      await repo.remove();
    }
  });
});

describe('exportTree', () => {
  it('writes the tree of a commit into a folder without touching the work tree', async () => {
    const repo = await makeRepo();
    try {
      const first = await repo.commit({ 'scripts/run.py': 'print(1)\n', 'a.md': '# A\n' });
      await repo.commit({ 'scripts/run.py': 'print(2)\n' });
      const dir = await mkdtemp(join(tmpdir(), 'chunkgate-tree-'));
      await exportTree(repo.dir, first, dir);
      expect(await readFile(join(dir, 'scripts/run.py'), 'utf8')).toBe('print(1)\n');
      expect((await readdir(dir)).sort()).toEqual(['a.md', 'scripts']);
      expect(await readFile(join(repo.dir, 'scripts/run.py'), 'utf8')).toBe('print(2)\n');
    } finally {
      await repo.remove();
    }
  });
});
