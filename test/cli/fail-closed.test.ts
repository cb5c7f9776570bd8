/**
 * Files chunkgate cannot check (docs/rules.md#files-chunkgate-cannot-check) end to end through
 * the CLI, on the real filesystem and real git: a file chunkgate cannot check fails the gate
 * with its reason (never "removed", never a pass), and no symbolic link brings a file from
 * outside the root into a report.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileFinding, Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/git-repo.js';
import { deepBlockQuotes } from '../helpers/hostile.js';

const OK = '# Guide\n\nThis page explains the setup in one short paragraph.\n';
/** "# Guide" + a NUL byte on line 3. */
const NUL = new Uint8Array([...Buffer.from('# Guide\n\nText'), 0, ...Buffer.from(' more.\n')]);
/** "café" in Latin-1 on line 3: 0xE9 at byte 14 is not UTF-8. */
const LATIN1 = new Uint8Array([...Buffer.from('# Menu\n\nUn caf'), 0xe9, ...Buffer.from('.\n')]);
/** "# A" in UTF-16LE with its byte-order mark. */
const UTF16 = new Uint8Array([0xff, 0xfe, 0x23, 0x00, 0x20, 0x00, 0x41, 0x00, 0x0a, 0x00]);
/** One byte over the 2 MB limit. */
const OVERSIZE = `# Big\n\n${'word '.repeat(400_000)}`;

let sandbox: string;

async function write(root: string, files: Record<string, string | Uint8Array>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

function findingsOf(report: Report): Record<string, FileFinding[]> {
  return Object.fromEntries(report.files.map((file) => [file.path, file.findings]));
}

beforeAll(async () => {
  sandbox = await mkdtemp(join(tmpdir(), 'chunkgate-fail-closed-'));
});

afterAll(async () => {
  await rm(sandbox, { recursive: true, force: true });
});

describe('chunkgate diff --base-dir/--head-dir with files it cannot check', () => {
  let base: string;
  let head: string;
  beforeAll(async () => {
    base = join(sandbox, 'folders/base');
    head = join(sandbox, 'folders/head');
    const config = 'thresholds:\n  failOn: [threshold, regression, partial]\n';
    await write(base, { '.chunkgate.yml': config, 'docs/nul.md': OK, 'docs/utf16.md': OK, 'docs/same.md': NUL });
    await write(head, {
      '.chunkgate.yml': config,
      'docs/nul.md': NUL,
      'docs/latin1.md': LATIN1,
      'docs/utf16.md': UTF16,
      'docs/big.md': OVERSIZE,
      // Byte-identical on both sides: unchanged, so not the change's to answer for.
      'docs/same.md': NUL,
    });
  });

  it('fails the gate whatever failOn says, naming each file and the reason; nothing is "removed"', async () => {
    for (const failOn of [[], ['--fail-on', 'threshold,regression,partial']]) {
      const { code, stdout } = await runCli(['diff', '--base-dir', base, '--head-dir', head, '--format', 'json', ...failOn], { cwd: sandbox });
      expect(code).toBe(1);
      const report = JSON.parse(stdout) as Report;
      expect(report.summary.verdict).toBe('fail');
      expect(report.files.map((file) => [file.path, file.status])).toEqual([
        ['docs/big.md', 'added'],
        ['docs/latin1.md', 'added'],
        ['docs/nul.md', 'modified'],
        ['docs/utf16.md', 'modified'],
      ]);
      const messages = Object.fromEntries(report.files.map((file) => [file.path, file.findings.map((finding) => [finding.message, finding.gating, finding.origin])]));
      expect(messages).toEqual({
        'docs/big.md': [[`Not checked: too large: ${OVERSIZE.length} bytes, limit 2000000`, true, 'new']],
        'docs/latin1.md': [['Not checked: not valid UTF-8: byte 0xe9 at byte 14 (line 3)', true, 'new']],
        'docs/nul.md': [['Not checked: binary file: NUL byte at byte 13 (line 3)', true, 'new']],
        'docs/utf16.md': [['Not checked: UTF-16 text (little-endian byte-order mark), expected UTF-8', true, 'new']],
      });
    }
  });

  it('says so in the PR comment and on the terminal', async () => {
    const md = await runCli(['diff', '--base-dir', base, '--head-dir', head, '--format', 'md', '--fail-on', ''], { cwd: sandbox });
    expect(md.stdout).toContain('❌ **Fails: 4 files not checked** in 4 of 4 changed Markdown files');
    expect(md.stdout).toContain('| `docs/nul.md` | Not checked: binary file: NUL byte at byte 13 (line 3) | — | Remove the NUL byte');
    expect(md.stdout).not.toContain('Scores of');
    const text = await runCli(['diff', '--base-dir', base, '--head-dir', head], { cwd: sandbox });
    expect(text.stdout).toContain('FAIL: 4 files not checked');
    expect(text.stdout).toContain('  docs/utf16.md\n    Not checked: UTF-16 text (little-endian byte-order mark), expected UTF-8 — Re-save the file as UTF-8');
    expect(text.stdout).not.toContain('[modified]  chunks — → —');
  });

  it('lets thresholds.unchecked: warn report them without failing', async () => {
    await writeFile(join(sandbox, 'warn.yml'), 'thresholds:\n  unchecked: warn\n  failOn: [partial]\n');
    const { code, stdout } = await runCli(['diff', '--base-dir', base, '--head-dir', head, '--format', 'json', '--config', 'warn.yml'], { cwd: sandbox });
    const report = JSON.parse(stdout) as Report;
    expect([code, report.summary.verdict]).toEqual([0, 'pass']);
    expect(Object.values(findingsOf(report)).flat().map((finding) => finding.gating)).toEqual([false, false, false, false]);
  });

  it('a missing --base-dir or --head-dir is a usage error, not an empty side', async () => {
    const missingHead = await runCli(['diff', '--base-dir', base, '--head-dir', join(sandbox, 'nope')], { cwd: sandbox });
    expect(missingHead.code).toBe(2);
    expect(missingHead.stderr).toContain(`--head-dir ${join(sandbox, 'nope')}: no such directory`);
    const missingBase = await runCli(['diff', '--base-dir', 'nope', '--head-dir', head], { cwd: sandbox });
    expect(missingBase.code).toBe(2);
    expect(missingBase.stderr).toContain('--base-dir nope: no such directory');
  });

  it('names a file the parser cannot take (10,000 nested quotes) and scores the others', async () => {
    const deepBase = join(sandbox, 'deep/base');
    const deepHead = join(sandbox, 'deep/head');
    await write(deepBase, { 'docs/ok.md': OK });
    await write(deepHead, { 'docs/ok.md': `${OK}\nOne more sentence.\n`, 'docs/deep.md': deepBlockQuotes(10_000) });
    const { code, stdout } = await runCli(['diff', '--base-dir', deepBase, '--head-dir', deepHead, '--format', 'json'], { cwd: sandbox });
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as Report;
    expect(findingsOf(report)['docs/deep.md']).toEqual([expect.objectContaining({ kind: 'unchecked', gating: true, message: 'Not checked: lists and block quotes nested 10,000 levels deep, over the limit of 100 (from line 1)' })]);
    expect(report.files.find((file) => file.path === 'docs/ok.md')!.head!.chunks).toHaveLength(1);
  });
});

describe('chunkgate diff in a git repository', () => {
  let repo: TestRepo;
  let outside: string;
  beforeAll(async () => {
    repo = await makeRepo();
    outside = join(sandbox, 'passwd');
    await writeFile(outside, 'root:x:0:0:SECRET-ROOT-LINE:/root:/bin/bash\n');
    await repo.commit({ 'docs/guide.md': OK, 'docs/bom.md': `\uFEFF${OK}` }, 'base');
    await repo.git('branch', 'base');
    await repo.commit({ 'docs/guide.md': NUL as unknown as string }, 'head: a NUL byte');
  });
  afterAll(() => repo.remove());

  it('fails on a committed file with a NUL byte (commits: --base REF --head REF)', async () => {
    const { code, stdout } = await runCli(['diff', '--base', 'base', '--head', 'main', '--format', 'json'], { cwd: repo.dir });
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as Report;
    expect(findingsOf(report)).toEqual({
      'docs/guide.md': [expect.objectContaining({ kind: 'unchecked', gating: true, message: 'Not checked: binary file: NUL byte at byte 13 (line 3)' })],
    });
  });

  it('never follows a working-tree symbolic link out of the repository (--base REF, no --head)', async () => {
    await symlink(outside, join(repo.dir, 'docs/leak.md'));
    try {
      const { code, stdout } = await runCli(['diff', '--base', 'main', '--format', 'json'], { cwd: repo.dir });
      expect(stdout).not.toContain('SECRET-ROOT-LINE');
      expect(code).toBe(1);
      const report = JSON.parse(stdout) as Report;
      expect(findingsOf(report)['docs/leak.md']).toEqual([
        expect.objectContaining({ kind: 'unchecked', gating: true, message: 'Not checked: outside the repository (path or symbolic link); not read' }),
      ]);
      const html = await runCli(['diff', '--base', 'main', '--format', 'md', '--html', 'map.html'], { cwd: repo.dir });
      expect(html.stdout).not.toContain('SECRET-ROOT-LINE');
      expect(html.files['map.html']).not.toContain('SECRET-ROOT-LINE');
    } finally {
      await rm(join(repo.dir, 'docs/leak.md'));
    }
  });

  it('drops a UTF-8 byte-order mark in git mode as the folder reader does', async () => {
    const folder = join(sandbox, 'bom');
    await write(folder, { 'base/docs/bom.md': '# Other\n', 'head/docs/bom.md': `\uFEFF${OK}` });
    const fromFolders = JSON.parse((await runCli(['diff', '--base-dir', 'bom/base', '--head-dir', 'bom/head', '--format', 'json', '--no-fail'], { cwd: sandbox })).stdout) as Report;
    await repo.commit({ 'docs/bom.md': '# Other\n' }, 'bom: other');
    const otherSha = await repo.git('rev-parse', 'HEAD');
    await repo.commit({ 'docs/bom.md': `\uFEFF${OK}` }, 'bom: back');
    const fromGit = JSON.parse((await runCli(['diff', '--base', otherSha, '--head', 'main', '--format', 'json', '--no-fail'], { cwd: repo.dir })).stdout) as Report;
    const head = (report: Report) => report.files.find((file) => file.path === 'docs/bom.md')!.head!.chunks.map((chunk) => [chunk.text, chunk.startOffset, chunk.id]);
    expect(head(fromGit)).toEqual(head(fromFolders));
    expect(head(fromGit)[0]![0]).toBe(OK.trim());
  });
});

describe('chunkgate eval', () => {
  it('evaluates an absolute path from another working directory', async () => {
    const docs = join(sandbox, 'elsewhere/docs');
    await write(docs, { 'guide.md': OK, 'sub/more.md': OK.replace('Guide', 'More') });
    const cwd = join(sandbox, 'somewhere-else');
    await mkdir(cwd, { recursive: true });
    const { code, stdout, stderr } = await runCli(['eval', docs, '--format', 'json'], { cwd });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Report;
    expect(report.files.map((file) => file.path)).toEqual([`${docs}/guide.md`, `${docs}/sub/more.md`]);
    expect(report.files.every((file) => file.head!.chunks.length === 1)).toBe(true);
    // A relative path out of the working directory works the same, shown relative.
    const relative = await runCli(['eval', '../elsewhere/docs/guide.md', '--format', 'json'], { cwd });
    expect((JSON.parse(relative.stdout) as Report).files.map((file) => file.path)).toEqual(['../elsewhere/docs/guide.md']);
  });

  it('advise takes an absolute path from another working directory too', async () => {
    const docs = join(sandbox, 'elsewhere/docs');
    await write(docs, { 'guide.md': OK, 'sub/more.md': OK.replace('Guide', 'More') });
    const cwd = join(sandbox, 'somewhere-else');
    await mkdir(cwd, { recursive: true });
    const { code, stdout } = await runCli(['advise', docs, '--format', 'json'], { cwd });
    expect(code).toBe(0);
    const advice = JSON.parse(stdout) as { sections: { path: string }[] };
    expect([...new Set(advice.sections.map((section) => section.path))]).toEqual([`${docs}/guide.md`, `${docs}/sub/more.md`]);
  });

  it('refuses a symbolic link out of the folder named, and exits 1 for it', async () => {
    const docs = join(sandbox, 'linked/docs');
    await write(docs, { 'guide.md': OK });
    await writeFile(join(sandbox, 'linked/secret.md'), '# SECRET-NEXT-DOOR\n');
    await symlink(join(sandbox, 'linked/secret.md'), join(docs, 'secret.md'));
    const { code, stdout } = await runCli(['eval', join(docs, 'secret.md'), join(docs, 'guide.md'), '--format', 'json'], { cwd: sandbox });
    expect(stdout).not.toContain('SECRET-NEXT-DOOR');
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as Report;
    // Inside the working directory paths show relative to it, as always.
    expect(findingsOf(report)['linked/docs/secret.md']).toEqual([expect.objectContaining({ gating: true, message: 'Not checked: outside the repository (path or symbolic link); not read' })]);
  });

  it('exits 1 when a file cannot be checked and 2 when nothing is evaluated', async () => {
    const dir = join(sandbox, 'eval-codes');
    await write(dir, { 'ok.md': OK, 'bad.md': NUL });
    const bad = await runCli(['eval', 'bad.md', 'ok.md'], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('Not checked:\n  bad.md: Not checked: binary file: NUL byte at byte 13 (line 3)');
    const nothing = await runCli(['eval', 'missing.md'], { cwd: dir });
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('notice: missing.md: skipped (no such file or directory)');
    expect(nothing.stderr).toContain('nothing to evaluate: no Markdown file in the given paths');
    const empty = join(sandbox, 'eval-empty');
    await mkdir(empty, { recursive: true });
    expect((await runCli(['eval'], { cwd: empty })).code).toBe(2);
  });

  it('rejects a malformed glob argument with the place of the problem', async () => {
    const { code, stderr } = await runCli(['eval', 'docs/{a,b'], { cwd: sandbox });
    expect(code).toBe(2);
    expect(stderr).toContain('Unexpected glob "docs/{a,b": unclosed "{" at character 6');
  });
});

describe('chunkgate golden check', () => {
  it('does not read evidence through a symbolic link out of the repository', async () => {
    const dir = join(sandbox, 'golden');
    await write(dir, {
      'docs/a.md': OK,
      '.chunkgate/golden.yml': 'queries:\n  - id: leak\n    query: What is in it?\n    type: A\n    evidence: [{ file: docs/leak.md, text: SECRET-GOLDEN }]\n',
    });
    await writeFile(join(sandbox, 'golden-secret.md'), 'SECRET-GOLDEN is here\n');
    await symlink(join(sandbox, 'golden-secret.md'), join(dir, 'docs/leak.md'));
    const { code, stdout } = await runCli(['golden', 'check'], { cwd: dir });
    expect(code).toBe(1);
    expect(stdout).toContain('leak  docs/leak.md: file not read: outside the repository (path or symbolic link); not read: "SECRET-GOLDEN"');
  });
});
