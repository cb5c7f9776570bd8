import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';
import { readTree } from '../helpers/action-run.js';
import { makeRepo, type TestRepo } from '../helpers/git-repo.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const demoArgs = ['diff', '--base-dir', 'fixtures/demo/base', '--head-dir', 'fixtures/demo/head'];

describe('chunkgate diff on two folders', () => {
  it('prints exactly the PR comment with --format md and exits 1 on a failing verdict', async () => {
    const result = await runCli([...demoArgs, '--format', 'md'], { cwd: root });
    expect(result.code).toBe(1);
    expect(result.stdout.startsWith('<!-- chunkgate -->\n## 🧩 chunkgate — RAG chunk quality')).toBe(true);
    // deploy.md: the table grown past `max` (3 pieces; the file drops only restate it); guide.md: the
    // deleted "Diagnostics" heading, listed, not gating — the retrieval probes measured no passage of
    // the page harder to find; faq.md: a typo fix, nothing to report.
    expect(result.stdout).toContain('❌ **Fails: 1 table split** in 1 of 3 changed Markdown files');
    expect(result.stdout).toContain('- `docs/guide.md` L12–L31 · Agent guide › Upgrading: Deleting the heading “Diagnostics” merged its section into “Upgrading”');
    expect(result.stdout).toContain('<sub>1 other changed file: scores unchanged (typo and wording edits)');
    // The unchanged Chinese page is not a changed file.
    expect(result.stdout).not.toContain('docs/zh/install.md');
  });

  it('exits 0 with --no-fail, and follows --fail-on', async () => {
    expect((await runCli([...demoArgs, '--no-fail'], { cwd: root })).code).toBe(0);
    // With only partial failing the run, the demo (no LLM) passes.
    const result = await runCli([...demoArgs, '--fail-on', 'partial', '--format', 'json'], { cwd: root });
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as Report).summary.verdict).toBe('pass');
    expect((await runCli([...demoArgs, '--fail-on', 'everything'], { cwd: root })).code).toBe(2);
  });

  it('rejects half a folder pair', async () => {
    const result = await runCli(['diff', '--base-dir', 'fixtures/demo/base'], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--base-dir and --head-dir go together');
  });

  it('asks for a key before reading anything when the llm scorer has none', async () => {
    const result = await runCli([...demoArgs, '--scorer', 'llm'], { cwd: root, env: {} });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('set OPENAI_API_KEY');
  });
});

describe('chunkgate diff in a git repository', () => {
  let repo: TestRepo;
  beforeAll(async () => {
    repo = await makeRepo();
    await repo.commit(await readTree(`${root}fixtures/demo/base`), 'base');
    await repo.git('checkout', '-q', '-b', 'feature');
  });
  afterAll(() => repo.remove());

  it('compares the merge base with the default branch against the working tree', async () => {
    const head = await readTree(`${root}fixtures/demo/head`);
    await repo.write({ 'docs/faq.md': head['docs/faq.md']! });
    const result = await runCli(['diff', '--format', 'json'], { cwd: repo.dir });
    expect(result.stderr).toBe(`notice: rules from .chunkgate.yml of the base commit ${(await repo.git('rev-parse', 'main')).slice(0, 7)} (pass --config F for other rules)\n`);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.files.map((file) => [file.path, file.status, file.regressions.length])).toEqual([['docs/faq.md', 'modified', 0]]);
    expect(result.code).toBe(0);
  });

  it('compares two commits, following renames, with the base side config', async () => {
    const head = await readTree(`${root}fixtures/demo/head`);
    const before = await repo.git('rev-parse', 'main');
    const after = await repo.commit({ ...head, 'docs/guide.md': null, 'docs/handbook.md': head['docs/guide.md']!, '.chunkgate.yml': 'chunking: { max: 4000 }\n' });
    const result = await runCli(['diff', '--base', before, '--head', after, '--format', 'md'], { cwd: repo.dir });
    // The head raises max to 4000, but the rules come from the base: the table still splits.
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('`table-split`');
    expect(result.stdout).toContain('This PR edits `.chunkgate.yml`: rules come from the base commit');
    const json = JSON.parse((await runCli(['diff', '--base', before, '--head', after, '--format', 'json'], { cwd: repo.dir })).stdout) as Report;
    const renamed = json.files.find((file) => file.path === 'docs/handbook.md')!;
    expect(renamed).toMatchObject({ status: 'renamed', previousPath: 'docs/guide.md' });
  });
});

describe('the README quick start', () => {
  it('runs the bundled CLI on the demo with no key and prints the comment', async () => {
    const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(process.execPath, ['dist/cli.js', ...demoArgs, '--format', 'md'], { cwd: root, env: { PATH: process.env.PATH ?? '' } }, (error, stdout) =>
        resolve({ code: error ? Number(error.code) : 0, stdout }),
      );
    });
    expect(code).toBe(1);
    expect(stdout.startsWith('<!-- chunkgate -->')).toBe(true);
    expect(stdout).toContain('| `docs/deploy.md` L34–L63 · Deploying the agent › Settings | The table');
  });
});

describe('chunkgate diff errors', () => {
  it('names a missing --config file in one line and exits 2', async () => {
    const result = await runCli([...demoArgs, '--config', 'nope.yml'], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^chunkgate diff: ENOENT: no such file or directory, open '.*nope\.yml'\n$/);
  });
});
