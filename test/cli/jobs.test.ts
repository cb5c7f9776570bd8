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
});
