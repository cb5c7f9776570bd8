import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argsProblem, parseCommandArgs, UsageError } from '../../src/cli/args.js';
import { runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/git-repo.js';

/** What parseCommandArgs throws for `argv`, as its message. */
function problemOf(argv: string[]): string {
  try {
    parseCommandArgs(argv, { format: { type: 'string' }, out: { type: 'string' }, 'no-fail': { type: 'boolean' } });
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('no usage error');
}

describe('usage errors in one line', () => {
  it('names the option meant for a typo, and a missing or unwanted value in our words', () => {
    expect(problemOf(['--foramt', 'json'])).toBe('unknown option --foramt — did you mean --format?');
    expect(problemOf(['--foramt=json'])).toBe('unknown option --foramt — did you mean --format?');
    expect(problemOf(['--no-fial'])).toBe('unknown option --no-fial — did you mean --no-fail?');
    // Nothing close: no guess.
    expect(problemOf(['--verbose'])).toBe('unknown option --verbose');
    expect(problemOf(['-x'])).toBe('unknown option -x');
    expect(problemOf(['--out'])).toBe('--out needs a value');
    expect(problemOf(['--no-fail=yes'])).toBe('--no-fail takes no value');
    expect(argsProblem(new Error('something else\nsecond line'), [])).toBe('something else');
  });

  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'chunkgate-usage-'));
    await writeFile(join(dir, 'a.md'), '# A\n\nOne short paragraph.\n');
    await writeFile(join(dir, 'notes.txt'), 'hello: world\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('prints the problem and where the options are, not the whole usage', async () => {
    const result = await runCli(['eval', '--foramt', 'json', 'a.md'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('chunkgate eval: unknown option --foramt — did you mean --format?\nRun `chunkgate eval --help` for its options.\n');
    const value = await runCli(['eval', '--format', 'jsno', 'a.md'], { cwd: dir });
    expect(value.stderr).toBe('chunkgate eval: Unexpected --format "jsno", expected one of: text, json, md — did you mean json?\nRun `chunkgate eval --help` for its options.\n');
  });

  it('offers the command or subcommand meant', async () => {
    const command = await runCli(['evla', 'a.md'], { cwd: dir });
    expect(command.code).toBe(2);
    expect(command.stderr).toBe('chunkgate: unknown command "evla" — did you mean `chunkgate eval`?\nRun `chunkgate --help` for the commands.\n');
    const sub = await runCli(['golden', 'chekc'], { cwd: dir });
    expect(sub.code).toBe(2);
    expect(sub.stderr).toBe(
      'chunkgate golden: Unexpected golden subcommand "chekc", expected check or suggest — did you mean `chunkgate golden check`?\nRun `chunkgate golden --help` for its options.\n',
    );
    expect((await runCli(['calibrate'], { cwd: dir })).stderr).toBe('chunkgate calibrate: missing subcommand: sample or score\nRun `chunkgate calibrate --help` for its options.\n');
  });

  it('warns about a file named explicitly that is not Markdown, and still scores it', async () => {
    const result = await runCli(['eval', 'notes.txt', 'a.md', '--format', 'json'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('warning: notes.txt is not a Markdown file (.md, .mdx): scored as Markdown anyway\n');
    expect((JSON.parse(result.stdout) as { files: { path: string }[] }).files.map((file) => file.path)).toEqual(['a.md', 'notes.txt']);
    // Markdown files alone: no warning.
    expect((await runCli(['eval', 'a.md', '--format', 'json'], { cwd: dir })).stderr).toBe('');
  });

  it('outside a git repository, diff advises what works there instead of --base', async () => {
    const result = await runCli(['diff'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'chunkgate diff: this folder is not a git repository: compare two folders with --base-dir DIR --head-dir DIR, score files as they are with `chunkgate eval <files>`, or run `git init` and commit a base first\nRun `chunkgate diff --help` for its options.\n',
    );
    // Following that advice works: eval scores the files here.
    expect((await runCli(['eval', 'a.md'], { cwd: dir })).code).toBe(0);
  });
});

describe('diff refs', () => {
  let repo: TestRepo;
  let first: string;
  let second: string;
  beforeAll(async () => {
    repo = await makeRepo();
    first = await repo.commit({ 'docs/a.md': '# A\n\nOne short paragraph about tokens.\n' }, 'first');
    second = await repo.commit({ 'docs/a.md': '# A\n\nOne short paragraph about tokens, longer now.\n' }, 'second');
  });
  afterAll(() => repo.remove());

  it('names the flag and the ref that names no commit', async () => {
    const result = await runCli(['diff', '--base', 'mian'], { cwd: repo.dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`chunkgate diff: --base mian: no such commit in ${repo.dir} (name a branch, tag or commit; see \`git log --oneline\`)\nRun \`chunkgate diff --help\` for its options.\n`);
  });

  it('shows a ref like <sha>~1 as the commit it resolves to', async () => {
    const result = await runCli(['diff', '--base', `${second}~1`, '--head', second, '--format', 'md', '--no-fail'], { cwd: repo.dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`\`${first.slice(0, 7)}\` → \`${second.slice(0, 7)}\``);
    const json = await runCli(['diff', '--base', 'HEAD~1', '--head', 'HEAD', '--format', 'json', '--no-fail'], { cwd: repo.dir });
    expect((JSON.parse(json.stdout) as { provenance: { commits: unknown } }).provenance.commits).toEqual({ base: first, head: second });
  });
});

describe('diff in a repository with no commit yet', () => {
  it('says to commit a base first, not to pass --base', async () => {
    const repo = await makeRepo();
    try {
      const result = await runCli(['diff'], { cwd: repo.dir });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('the repository has no commit yet: commit a base first, or score the files as they are with `chunkgate eval <files>`');
    } finally {
      await repo.remove();
    }
  });
});
