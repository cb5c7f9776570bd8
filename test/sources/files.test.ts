import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { defaultConfig } from '../../src/config/schema.js';
import { discoverFiles, docReader, readDocFile } from '../../src/sources/files.js';

let sandbox: string;
let root: string;
const defaults = defaultConfig();

/** The repository under test: Markdown in and out of scope, plus files readDocFile must skip. */
const FILES: Record<string, string | Uint8Array> = {
  'README.md': '# Read me\n',
  'docs/a.md': '# A\n',
  'docs/b.mdx': '# B\n',
  'docs/notes.txt': 'not markdown\n',
  'docs/sub/c.md': '# C\n',
  'docs/archive/old.md': '# Old\n',
  'docs/.vitepress/theme.md': '# Theme\n',
  '.github/CONTRIBUTING.md': '# Contributing\n',
  'node_modules/pkg/README.md': '# Package\n',
  'packages/x/node_modules/dep/README.md': '# Nested package\n',
  // PNG signature followed by NUL bytes, with a .md name.
  'docs/image.md': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]),
  // "café" in Latin-1: 0xE9 alone is not valid UTF-8.
  'docs/latin1.md': new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]),
  // A byte-order mark before "# BOM\n".
  'docs/bom.md': new Uint8Array([0xef, 0xbb, 0xbf, 0x23, 0x20, 0x42, 0x4f, 0x4d, 0x0a]),
  'docs/big.md': 'x'.repeat(100),
  // "# A" in UTF-16 with a byte-order mark, both byte orders.
  'docs/utf16le.md': new Uint8Array([0xff, 0xfe, 0x23, 0x00, 0x20, 0x00, 0x41, 0x00]),
  'docs/utf16be.md': new Uint8Array([0xfe, 0xff, 0x00, 0x23, 0x00, 0x20, 0x00, 0x41]),
};

beforeAll(async () => {
  sandbox = await mkdtemp(join(tmpdir(), 'chunkgate-files-'));
  root = join(sandbox, 'repo');
  for (const [path, content] of Object.entries(FILES)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  await writeFile(join(sandbox, 'secret.md'), 'outside the repository\n');
  // A link inside the repository pointing outside it (a PR could add one).
  await symlink(join(sandbox, 'secret.md'), join(root, 'docs/leak.md'));
  // A link to a file inside the repository is fine.
  await symlink(join(root, 'docs/a.md'), join(root, 'docs/alias.md'));
});

afterAll(async () => {
  await rm(sandbox, { recursive: true, force: true });
});

// Symbolic links (docs/alias.md, docs/leak.md) are not crawled.
const IN_SCOPE = [
  'README.md',
  'docs/a.md',
  'docs/archive/old.md',
  'docs/b.mdx',
  'docs/big.md',
  'docs/bom.md',
  'docs/image.md',
  'docs/latin1.md',
  'docs/sub/c.md',
  'docs/utf16be.md',
  'docs/utf16le.md',
];

describe('discoverFiles without patterns', () => {
  it('finds every .md/.mdx outside node_modules and dot-folders, sorted and repo-relative', async () => {
    expect(await discoverFiles(root, defaults)).toEqual({ files: IN_SCOPE, skipped: [] });
  });

  it('uses include and exclude from the config', async () => {
    const config = parseConfig('include: ["docs/**/*.md"]\nexclude: ["docs/archive/**", "**/.*/**"]', 'c.yml');
    const { files } = await discoverFiles(root, config);
    expect(files).toEqual(IN_SCOPE.filter((path) => path.startsWith('docs/') && path.endsWith('.md') && !path.startsWith('docs/archive/')));
  });

  it('reaches dot-folders when the user clears exclude', async () => {
    const { files } = await discoverFiles(root, parseConfig('include: ["**/CONTRIBUTING.md", "docs/.vitepress/*.md"]\nexclude: []', 'c.yml'));
    expect(files).toEqual(['.github/CONTRIBUTING.md', 'docs/.vitepress/theme.md']);
  });
});

describe('discoverFiles with patterns', () => {
  it('a directory means every .md/.mdx under it, still filtered by exclude', async () => {
    expect(await discoverFiles(root, defaults, ['docs/sub'])).toEqual({ files: ['docs/sub/c.md'], skipped: [] });
    const { files } = await discoverFiles(root, defaults, ['.']);
    expect(files).toEqual(IN_SCOPE);
  });

  it('a glob keeps what it matches, minus exclude', async () => {
    expect((await discoverFiles(root, defaults, ['docs/*.mdx', 'docs/*.txt'])).files).toEqual(['docs/b.mdx', 'docs/notes.txt']);
    expect((await discoverFiles(root, defaults, ['**/README.md'])).files).toEqual(['README.md']);
  });

  it('a symbolic link named as an argument is taken (readDocFile decides whether it may be read)', async () => {
    expect((await discoverFiles(root, defaults, ['docs/alias.md', 'docs/leak.md'])).files).toEqual(['docs/alias.md', 'docs/leak.md']);
  });

  it('a file is taken as named, merged and de-duplicated with the rest', async () => {
    const result = await discoverFiles(root, defaults, ['docs/sub/c.md', './README.md', 'docs/sub']);
    expect(result).toEqual({ files: ['README.md', 'docs/sub/c.md'], skipped: [] });
  });

  it('reports what it cannot use, with a reason', async () => {
    const result = await discoverFiles(root, defaults, ['node_modules/pkg/README.md', 'missing.md', '../secret.md', 'docs/*.rst', 'node_modules']);
    expect(result.files).toEqual([]);
    expect(result.skipped).toEqual([
      { path: 'node_modules/pkg/README.md', reason: 'excluded by config (exclude: **/node_modules/**)' },
      { path: 'missing.md', reason: 'no such file or directory' },
      { path: '../secret.md', reason: 'outside the repository root' },
      { path: 'docs/*.rst', reason: 'no files match (after exclude)' },
      { path: 'node_modules', reason: 'no .md or .mdx files (after exclude)' },
    ]);
  });

  it('resolves patterns against cwd but returns root-relative paths', async () => {
    const result = await discoverFiles(root, defaults, ['c.md', '*.md', '../a.md'], { cwd: join(root, 'docs/sub') });
    expect(result).toEqual({ files: ['docs/a.md', 'docs/sub/c.md'], skipped: [] });
  });
});

describe('readDocFile, the guarded reader', () => {
  const reason = async (path: string, options: { maxBytes?: number } = {}) => {
    const read = await readDocFile(root, path, options);
    return 'problem' in read ? read.problem.reason : `text: ${read.text}`;
  };

  it('reads UTF-8 text', async () => {
    expect(await readDocFile(root, 'docs/a.md')).toEqual({ text: '# A\n' });
  });

  it('drops a byte-order mark', async () => {
    expect(await readDocFile(root, 'docs/bom.md')).toEqual({ text: '# BOM\n' });
  });

  it('refuses a binary file, naming the first NUL byte and its line, with a hint and the bytes\' digest', async () => {
    // Bytes 0–7 are the PNG signature, \x89PNG\r\n \x1a\n (two line ends); the first 0x00 is at byte 8, line 3.
    const read = await readDocFile(root, 'docs/image.md');
    expect(read).toMatchObject({ problem: { reason: 'binary file: NUL byte at byte 8 (line 3)', hint: expect.stringContaining('exclude') } });
    // sha256 of the 10 bytes, so identical unreadable files on both sides are told apart from a change.
    expect('digest' in read && read.digest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses invalid UTF-8, naming the bad byte', async () => {
    // "caf" then 0xE9 (Latin-1 é) at byte 3 with no continuation byte.
    expect(await reason('docs/latin1.md')).toBe('not valid UTF-8: byte 0xe9 at byte 3 (line 1)');
  });

  it('says UTF-16 rather than binary, for either byte order', async () => {
    expect(await reason('docs/utf16le.md')).toBe('UTF-16 text (little-endian byte-order mark), expected UTF-8');
    expect(await reason('docs/utf16be.md')).toBe('UTF-16 text (big-endian byte-order mark), expected UTF-8');
  });

  it('refuses files above maxBytes (100 bytes > 99) before reading them, and reads them at the limit', async () => {
    expect(await reason('docs/big.md', { maxBytes: 99 })).toBe('too large: 100 bytes, limit 99');
    expect(await readDocFile(root, 'docs/big.md', { maxBytes: 100 })).toEqual({ text: 'x'.repeat(100) });
  });

  it('says why for missing files and directories', async () => {
    expect(await reason('docs/missing.md')).toBe('unreadable (ENOENT)');
    expect(await reason('docs/sub')).toBe('not a regular file');
  });

  it('never reads outside the repository, by path or through a symbolic link', async () => {
    expect(await reason('../secret.md')).toBe('outside the repository (path or symbolic link); not read');
    expect(await reason('docs/leak.md')).toBe('outside the repository (path or symbolic link); not read');
    expect(await readDocFile(root, 'docs/alias.md')).toEqual({ text: '# A\n' });
  });
});

describe('docReader', () => {
  it('reads many files under one root as readDocFile does, refusing the same ones with the same reasons', async () => {
    const read = docReader(root);
    for (const path of ['docs/a.md', 'docs/bom.md', 'docs/image.md', 'docs/latin1.md', 'docs/missing.md', 'docs/sub', '../secret.md', 'docs/leak.md', 'docs/alias.md']) {
      expect(await read(path)).toEqual(await readDocFile(root, path));
    }
    expect(await read('docs/big.md', { maxBytes: 99 })).toEqual(await readDocFile(root, 'docs/big.md', { maxBytes: 99 }));
  });

  it('resolves a root reached through a symbolic link, and still refuses a link out of it', async () => {
    const linked = join(sandbox, 'linked-repo');
    await symlink(root, linked);
    const read = docReader(linked);
    expect(await read('docs/a.md')).toEqual({ text: '# A\n' });
    expect(await read('docs/leak.md')).toMatchObject({ problem: { reason: 'outside the repository (path or symbolic link); not read' } });
  });

  it('does not remember a root it could not resolve: a root created later is read', async () => {
    const later = join(sandbox, 'later');
    const read = docReader(later);
    expect(await read('a.md')).toMatchObject({ problem: { reason: 'unreadable (ENOENT)' } });
    await mkdir(later);
    await writeFile(join(later, 'a.md'), '# Later\n');
    expect(await read('a.md')).toEqual({ text: '# Later\n' });
  });

  it.skipIf(process.platform === 'win32')('refuses a FIFO without opening it (opening would wait for a writer)', async () => {
    execFileSync('mkfifo', [join(root, 'docs/pipe.md')]);
    try {
      expect(await docReader(root)('docs/pipe.md')).toMatchObject({ problem: { reason: 'not a regular file' } });
    } finally {
      await rm(join(root, 'docs/pipe.md'));
    }
  });
});
