import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configNotice } from '../../src/cli/config.js';
import type { Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/git-repo.js';

const PAGE = '# Setup\n\nInstall the agent, then start it with the token from the console.\n';

describe('configNotice', () => {
  const names = { baseName: 'the base commit 1a2b3c4', headName: 'the working tree', headPath: '.chunkgate.yml' };
  it('names the base file, and the head file passed over with the flag that uses it', () => {
    expect(configNotice({ ...names, base: null, head: null })).toBeNull();
    expect(configNotice({ ...names, base: 'a: 1\n', head: 'a: 1\n' })).toBe('rules from .chunkgate.yml of the base commit 1a2b3c4 (pass --config F for other rules)');
    expect(configNotice({ ...names, base: null, head: 'a: 1\n' })).toBe(
      'default rules: the base commit 1a2b3c4 has no .chunkgate.yml; the one in the working tree is ignored (rules come from the base side, so a change cannot loosen its own gate); pass --config .chunkgate.yml to use it',
    );
    expect(configNotice({ ...names, base: 'a: 1\n', head: 'a: 2\n' })).toBe(
      'rules from .chunkgate.yml of the base commit 1a2b3c4; the changes to it in the working tree are ignored (rules come from the base side, so a change cannot loosen its own gate); pass --config .chunkgate.yml to use it',
    );
    expect(configNotice({ ...names, base: 'a: 1\n', head: null })).toBe('rules from .chunkgate.yml of the base commit 1a2b3c4, though the working tree removes it (pass --config F for other rules)');
    // A head commit's file is not on disk: the flag takes a copy.
    expect(configNotice({ ...names, headName: 'the head commit 5d6e7f8', headPath: null, base: 'a: 1\n', head: 'a: 2\n' })).toContain('the head commit 5d6e7f8 are ignored');
    expect(configNotice({ ...names, headPath: null, base: null, head: 'a: 1\n' })).toMatch(/pass --config F \(a copy of it\) to use it$/);
  });
});

describe('diff says where its rules came from, in every format', () => {
  let repo: TestRepo;
  let base: string;
  beforeAll(async () => {
    repo = await makeRepo();
    base = await repo.commit({ 'docs/setup.md': PAGE }, 'base without a config');
    await repo.git('checkout', '-q', '-b', 'feature');
    // The first adopter's change: a config in the working tree, and an edit to check.
    await repo.write({ '.chunkgate.yml': 'chunking:\n  max: 300\n', 'docs/setup.md': PAGE.replace('start it', 'then start it') });
  });
  afterAll(() => repo.remove());

  const added = () =>
    `default rules: the base commit ${base.slice(0, 7)} has no .chunkgate.yml; the one in the working tree is ignored (rules come from the base side, so a change cannot loosen its own gate); pass --config .chunkgate.yml to use it`;

  it('text and json: on standard error, the report itself unchanged', async () => {
    const text = await runCli(['diff'], { cwd: repo.dir });
    expect(text.code).toBe(0);
    expect(text.stderr).toBe(`notice: ${added()}\n`);
    const json = await runCli(['diff', '--format', 'json'], { cwd: repo.dir });
    expect(json.stderr).toBe(`notice: ${added()}\n`);
    expect((JSON.parse(json.stdout) as Report).files.map((file) => file.path)).toEqual(['docs/setup.md']);
  });

  it('markdown: in the notices, and the footer says the rules are the defaults', async () => {
    const md = await runCli(['diff', '--format', 'md'], { cwd: repo.dir });
    expect(md.stdout).toContain(`### ℹ️ Notices\n- ${added()}`);
    expect(md.stdout).toContain('default rules (no config file at the base commit)');
  });

  it('html: under the title', async () => {
    const run = await runCli(['diff', '--html', 'map.html'], { cwd: repo.dir });
    expect(run.files['map.html']).toContain(`<li>ℹ️ ${added()}</li>`);
  });

  it('with --config, says nothing: the rules are the ones named', async () => {
    const run = await runCli(['diff', '--config', '.chunkgate.yml', '--format', 'md'], { cwd: repo.dir });
    expect(run.stderr).toBe('');
    expect(run.stdout).not.toContain('### ℹ️ Notices');
  });

  it('a base config unchanged: named on standard error and in the map, the comment keeps its footer', async () => {
    const other = await makeRepo();
    try {
      const sha = await other.commit({ '.chunkgate.yml': 'chunking:\n  max: 300\n', 'docs/setup.md': PAGE });
      await other.write({ 'docs/setup.md': PAGE.replace('start it', 'then start it') });
      const notice = `rules from .chunkgate.yml of the base commit ${sha.slice(0, 7)} (pass --config F for other rules)`;
      const md = await runCli(['diff', '--base', 'HEAD', '--format', 'md', '--html', 'map.html'], { cwd: other.dir });
      expect(md.stderr).toBe(`notice: ${notice}\n`);
      expect(md.stdout).not.toContain(notice);
      expect(md.stdout).toContain('rules from <code>.chunkgate.yml</code> at the base commit');
      expect(md.files['map.html']).toContain(`<li>ℹ️ ${notice}</li>`);
    } finally {
      await other.remove();
    }
  });

  it('two folders: the base folder, and the head folder\'s file as the flag to use', async () => {
    const head = join(repo.dir, 'head');
    await repo.write({ 'old/docs/setup.md': PAGE, 'head/docs/setup.md': PAGE.replace('start it', 'then start it'), 'head/.chunkgate.yml': 'chunking:\n  max: 300\n' });
    const run = await runCli(['diff', '--base-dir', 'old', '--head-dir', 'head', '--format', 'json'], { cwd: repo.dir });
    expect(run.stderr).toBe(
      'notice: default rules: the base folder old has no .chunkgate.yml; the one in the head folder head is ignored (rules come from the base side, so a change cannot loosen its own gate); pass --config head/.chunkgate.yml to use it\n',
    );
    expect(await readFile(join(head, '.chunkgate.yml'), 'utf8')).toContain('max: 300');
  });
});
