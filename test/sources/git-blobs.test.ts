import { chmod, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocText } from '../../src/sources/doc-text.js';
import { readDocAt } from '../../src/sources/git.js';
import { catBlobs, readDocsAt, readFilesAt } from '../../src/sources/git-blobs.js';
import { makeRepo, type TestRepo } from '../helpers/git-repo.js';

const textOf = (read: DocText | undefined) => (read && 'text' in read ? read.text : undefined);

describe('readFilesAt', () => {
  let repo: TestRepo;
  let base: string;
  let head: string;
  beforeAll(async () => {
    repo = await makeRepo();
    base = await repo.commit({ 'docs/same.md': '# Same\n\nUnchanged.\n', 'docs/edit.md': 'before\n', 'docs/gone.md': 'gone\n', 'docs/bom.md': '\ufeff# BOM\n', 'notes.txt': 'not docs\n', 'docs/ä ü.md': 'spaces and umlauts\n' });
    await symlink('same.md', join(repo.dir, 'docs', 'link.md'));
    await symlink('../../outside.md', join(repo.dir, 'docs', 'out.md'));
    await chmod(join(repo.dir, 'docs', 'edit.md'), 0o755);
    await writeFile(join(repo.dir, 'docs', 'binary.md'), Buffer.from([0x23, 0x20, 0x00, 0x41, 0x0a]));
    head = await repo.commit({ 'docs/edit.md': 'after\n', 'docs/gone.md': null, 'docs/new.md': 'new\n', 'docs/big.md': `${'x'.repeat(99)}\n` });
  });
  afterAll(() => repo.remove());

  it('reads every wanted file of several commits as the guarded one-file reader does', async () => {
    const [atBase, atHead] = await readFilesAt(repo.dir, [base, head], (path) => path.endsWith('.md'));
    expect([...atBase!.keys()]).toEqual(['docs/bom.md', 'docs/edit.md', 'docs/gone.md', 'docs/same.md', 'docs/ä ü.md']);
    // The executable file is read, and so is the symbolic link inside the tree (as its target).
    expect([...atHead!.keys()]).toEqual(['docs/big.md', 'docs/binary.md', 'docs/bom.md', 'docs/edit.md', 'docs/link.md', 'docs/new.md', 'docs/out.md', 'docs/same.md', 'docs/ä ü.md']);
    for (const [ref, files] of [[base, atBase!], [head, atHead!]] as const) {
      for (const [path, read] of files) {
        // A text read from a regular file's blob names the blob; otherwise the same as one file read alone.
        const { blob, ...rest } = read as { blob?: string };
        expect(rest, path).toEqual(await readDocAt(repo.dir, ref, path));
        const linked = path === 'docs/link.md';
        expect(blob, path).toBe('text' in read && !linked ? await repo.git('rev-parse', `${ref}:${path}`).then((sha) => sha.trim()) : undefined);
      }
    }
    expect(textOf(atHead!.get('docs/edit.md'))).toBe('after\n');
    expect(await repo.git('ls-tree', head, 'docs/edit.md')).toMatch(/^100755 /);
    // The byte-order mark is dropped, as every reader drops it.
    expect(textOf(atHead!.get('docs/bom.md'))).toBe('# BOM\n');
    expect(textOf(atHead!.get('docs/link.md'))).toBe('# Same\n\nUnchanged.\n');
    // A NUL byte, a link out of the repository: problems, never text.
    expect(atHead!.get('docs/binary.md')).toMatchObject({ problem: { reason: 'binary file: NUL byte at byte 2 (line 1)' } });
    expect(atHead!.get('docs/out.md')).toMatchObject({ problem: { reason: expect.stringContaining('outside the repository') as unknown } });
  });

  it('reads the named files of one commit in a batch, as one file is read; absent paths and directories are left out', async () => {
    const paths = ['docs/edit.md', 'docs/link.md', 'docs/binary.md', 'docs/gone.md', 'docs', 'docs/never.md'];
    const read = await readDocsAt(repo.dir, head, paths);
    expect([...read.keys()].sort()).toEqual(['docs/binary.md', 'docs/edit.md', 'docs/link.md']);
    for (const path of paths) {
      const one = await readDocAt(repo.dir, head, path);
      const { blob: _blob, ...rest } = (read.get(path) ?? {}) as { blob?: string };
      expect(read.has(path) ? rest : null, path).toEqual(one);
    }
    expect(textOf(read.get('docs/link.md'))).toBe('# Same\n\nUnchanged.\n');
    // Past 200 paths the whole tree is listed instead of the paths by name: the same files.
    const many = await readDocsAt(repo.dir, head, [...paths, ...Array.from({ length: 200 }, (_, at) => `docs/none-${at}.md`)]);
    expect([...many.keys()].sort()).toEqual([...read.keys()].sort());
    for (const [path, doc] of read) expect(many.get(path), path).toEqual(doc);
    expect(await readDocsAt(repo.dir, head, [])).toEqual(new Map());
    await expect(readDocsAt(repo.dir, 'no-such-ref', ['docs/edit.md'])).rejects.toThrow(/no-such-ref/);
  });

  it('does not read a blob over the size limit', async () => {
    const [atHead] = await readFilesAt(repo.dir, [head], (path) => path === 'docs/big.md' || path === 'docs/new.md', { maxBytes: 50 });
    expect(atHead!.get('docs/big.md')).toMatchObject({ problem: { reason: 'too large: 100 bytes, limit 50' } });
    expect(textOf(atHead!.get('docs/new.md'))).toBe('new\n');
  });

  it('reads many blobs with several git processes, each blob as one process reads it', async () => {
    const files = Object.fromEntries(Array.from({ length: 600 }, (_, at) => [`many/p${String(at).padStart(3, '0')}.md`, `# Page ${at}\n\n${'word '.repeat(at % 50)}\n`]));
    const many = await repo.commit(files);
    const listing = await repo.git('ls-tree', '-r', many, 'many/');
    const shas = listing.trim().split('\n').map((line) => line.split(/\s+/)[2]!);
    expect(new Set(shas).size).toBe(600);
    const alone = await catBlobs(repo.dir, shas, 1);
    for (const processes of [2, 3]) {
      const split = await catBlobs(repo.dir, shas, processes);
      expect([...split.keys()].sort()).toEqual([...alone.keys()].sort());
      for (const [sha, bytes] of alone) expect(split.get(sha)!.equals(bytes), sha).toBe(true);
    }
    expect(alone.get(shas[7]!)!.toString('utf8')).toBe(files['many/p007.md']);
    // Through readFilesAt too: every file as git shows it.
    const [atMany] = await readFilesAt(repo.dir, [many], (path) => path.startsWith('many/'));
    expect(atMany!.size).toBe(600);
    expect(textOf(atMany!.get('many/p599.md'))).toBe(files['many/p599.md']);
  });

  it('reads nothing for no commit, and names a bad ref', async () => {
    expect(await readFilesAt(repo.dir, [], () => true)).toEqual([]);
    await expect(readFilesAt(repo.dir, ['no-such-ref'], () => true)).rejects.toThrow('git ls-tree -r no-such-ref failed');
  });
});
