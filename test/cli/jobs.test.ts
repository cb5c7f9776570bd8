import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/types.js';
import { writeBoilerplateSite } from '../helpers/boilerplate-site.js';
import { CLI_ENTRY, runCli } from '../helpers/cli.js';
import { FIXTURE_DOCS } from '../helpers/fixture-docs.js';

const repo = new URL('../../', import.meta.url).pathname;

describe('chunkgate eval --jobs', () => {
  /** The report of one thread on the fixtures, made once for the tests that compare with it. */
  let one: Awaited<ReturnType<typeof runCli>>;
  beforeAll(async () => void (one = await runCli(['eval', ...FIXTURE_DOCS, '--format', 'json', '--jobs', '1'], { cwd: repo })));

  it('writes the same report bytes on worker threads as in one thread', async () => {
    const two = await runCli(['eval', ...FIXTURE_DOCS, '--format', 'json', '--jobs', '2'], { cwd: repo, workerUrl: CLI_ENTRY });
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(JSON.parse(one.stdout).files.length).toBeGreaterThan(10);
    expect(two.stdout).toBe(one.stdout);
    expect(two.stderr).toBe(one.stderr);
  });

  it('gives the files of worker threads the cross-file findings and unchecked files of one thread', async () => {
    const site = await writeBoilerplateSite(70);
    try {
      // A file that cannot be checked is an unchecked finding from a worker too (exit 1 either way).
      await writeFile(join(site, 'docs', 'binary.md'), Buffer.from([0x23, 0x20, 0x00, 0x0a]));
      const argv = ['eval', '--format', 'json'];
      const single = await runCli([...argv, '--jobs', '1'], { cwd: site });
      const two = await runCli([...argv, '--jobs', '2'], { cwd: site, workerUrl: CLI_ENTRY });
      expect(single.code).toBe(1);
      expect(two.code).toBe(1);
      expect(two.stdout).toBe(single.stdout);
      const report = JSON.parse(single.stdout) as Report;
      expect(report.files.find((file) => file.path === 'docs/binary.md')!.findings).toEqual([expect.objectContaining({ kind: 'unchecked', gating: true })]);
      expect(report.files.filter((file) => file.head?.chunks.some((chunk) => chunk.issues.some((issue) => issue.tag === 'boilerplate')))).toHaveLength(70);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it('runs its worker threads from the bundle: dist/cli.js is its own worker entry', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['dist/cli.js', 'eval', ...FIXTURE_DOCS, '--format', 'json', '--jobs', '2'], {
      cwd: repo,
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(stdout).toBe(one.stdout);
  });
});
