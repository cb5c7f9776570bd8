import { chmod, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showFile } from '../../src/sources/git.js';
import { readFilesAt } from '../../src/sources/git-blobs.js';
import { makeRepo, type TestRepo } from '../helpers/git-repo.js';

describe('readFilesAt', () => {
  let repo: TestRepo;
  let base: string;
  let head: string;
  beforeAll(async () => {
    repo = await makeRepo();
    base = await repo.commit({ 'docs/same.md': '# Same\n\nUnchanged.\n', 'docs/edit.md': 'before\n', 'docs/gone.md': 'gone\n', 'docs/bom.md': '\ufeff# BOM\n', 'notes.txt': 'not docs\n', 'docs/ä ü.md': 'spaces and umlauts\n' });
    await symlink('same.md', join(repo.dir, 'docs', 'link.md'));
    await chmod(join(repo.dir, 'docs', 'edit.md'), 0o755);
    head = await repo.commit({ 'docs/edit.md': 'after\n', 'docs/gone.md': null, 'docs/new.md': 'new\n' });
  });
  afterAll(() => repo.remove());

  it('reads every wanted file of several commits as git shows them', async () => {
    const [atBase, atHead] = await readFilesAt(repo.dir, [base, head], (path) => path.endsWith('.md'));
    expect([...atBase!.keys()]).toEqual(['docs/bom.md', 'docs/edit.md', 'docs/gone.md', 'docs/same.md', 'docs/ä ü.md']);
    // The executable file is read; the symbolic link is not a document (git would show its target path).
    expect([...atHead!.keys()]).toEqual(['docs/bom.md', 'docs/edit.md', 'docs/new.md', 'docs/same.md', 'docs/ä ü.md']);
    for (const [ref, files] of [[base, atBase!], [head, atHead!]] as const) {
      for (const [path, text] of files) expect(text, path).toBe(await showFile(repo.dir, ref, path));
    }
    expect(atHead!.get('docs/edit.md')).toBe('after\n');
    expect(await repo.git('ls-tree', head, 'docs/edit.md')).toMatch(/^100755 /);
    expect(atHead!.get('docs/bom.md')).toBe('\ufeff# BOM\n');
  });

  it('reads nothing for no commit, and names a bad ref', async () => {
    expect(await readFilesAt(repo.dir, [], () => true)).toEqual([]);
    await expect(readFilesAt(repo.dir, ['no-such-ref'], () => true)).rejects.toThrow('git ls-tree -r no-such-ref failed');
  });
});
