import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedGitEnv, makeRepo, runGit, type TestRepo } from '../helpers/git-repo.js';

const SCRIPT = join(import.meta.dirname, '..', '..', 'scripts', 'move-major-tag.mjs');

/** Runs the script in `cwd`; resolves to its exit code and output. */
function moveTag(cwd: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], { cwd, env: { ...process.env, ...isolatedGitEnv } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

const version = (v: string) => ({ 'package.json': `${JSON.stringify({ name: 'chunkgate', version: v })}\n` });

describe('scripts/move-major-tag.mjs (real git, a bare remote)', () => {
  let remote: string;
  let repo: TestRepo;
  const remoteTag = (name: string) => runGit(remote, ['rev-parse', '--verify', '--quiet', `refs/tags/${name}^{commit}`]).catch(() => null);

  beforeAll(async () => {
    remote = await mkdtemp(join(tmpdir(), 'chunkgate-remote-'));
    await runGit(remote, ['init', '-q', '--bare']);
    repo = await makeRepo();
    await repo.git('remote', 'add', 'origin', remote);
  });
  afterAll(async () => {
    await repo.remove();
    await rm(remote, { recursive: true, force: true });
  });

  it('points v0 at the release, then moves it to the next one', async () => {
    const first = await repo.commit(version('0.1.0'));
    await repo.git('tag', 'v0.1.0');
    expect(await moveTag(repo.dir, 'v0.1.0')).toMatchObject({ code: 0, stdout: `v0 → v0.1.0 (${first.slice(0, 12)})\n` });
    expect(await remoteTag('v0')).toBe(first);

    const second = await repo.commit(version('0.1.1'));
    await repo.git('tag', 'v0.1.1');
    expect((await moveTag(repo.dir, 'v0.1.1')).code).toBe(0);
    expect(await remoteTag('v0')).toBe(second);
  });

  it('refuses a tag that disagrees with package.json, and leaves v0 where it was', async () => {
    const before = await remoteTag('v0');
    await repo.commit({ 'README.md': 'no bump\n' });
    await repo.git('tag', 'v0.2.0');
    const result = await moveTag(repo.dir, 'v0.2.0');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("v0.2.0 does not match package.json's version 0.1.1");
    expect(await remoteTag('v0')).toBe(before);
  });

  it('leaves a prerelease alone, and rejects what is not a version tag', async () => {
    const before = await remoteTag('v0');
    await repo.commit(version('0.3.0-rc.1'));
    await repo.git('tag', 'v0.3.0-rc.1');
    expect(await moveTag(repo.dir, 'v0.3.0-rc.1')).toMatchObject({ code: 0, stdout: 'v0.3.0-rc.1 is a prerelease: v0 stays where it is\n' });
    expect(await remoteTag('v0')).toBe(before);
    const bad = await moveTag(repo.dir, 'release-1');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('usage: move-major-tag.mjs vMAJOR.MINOR.PATCH');
  });
});
