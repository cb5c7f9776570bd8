import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CLI_ENTRY, runCli } from '../helpers/cli.js';

const repo = new URL('../../', import.meta.url).pathname;

describe('chunkgate eval --jobs', () => {
  it('writes the same report bytes on worker threads as in one thread', async () => {
    const one = await runCli(['eval', 'fixtures', 'test/fixtures', '--format', 'json', '--jobs', '1'], { cwd: repo });
    const two = await runCli(['eval', 'fixtures', 'test/fixtures', '--format', 'json', '--jobs', '2'], { cwd: repo, workerUrl: CLI_ENTRY });
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(JSON.parse(one.stdout).files.length).toBeGreaterThan(10);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr).toBe(one.stderr);
  });

  it('runs its worker threads from the bundle: dist/cli.js is its own worker entry', async () => {
    const one = await runCli(['eval', 'fixtures', 'test/fixtures', '--format', 'json', '--jobs', '1'], { cwd: repo });
    const { stdout } = await promisify(execFile)(process.execPath, ['dist/cli.js', 'eval', 'fixtures', 'test/fixtures', '--format', 'json', '--jobs', '2'], {
      cwd: repo,
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(stdout).toBe(one.stdout);
  });
});
