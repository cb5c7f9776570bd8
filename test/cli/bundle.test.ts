import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The bundle is what users run (the action from a checkout of this repo, which has no
// node_modules; the CLI from npm): it must need nothing outside dist/ (and package.json, which
// makes dist/*.js ES modules), and a run that only counts tokens loads only the packed rank table
// (dist/tokenizer/<name>.ranks.cjs), never the library's encoder (scripts/build.mjs).

const repo = join(import.meta.dirname, '..', '..');
const run = async (cli: string, args: string[]) => (await promisify(execFile)(process.execPath, [cli, ...args], { cwd: repo, maxBuffer: 64 * 1024 * 1024 })).stdout;

describe.skipIf(!existsSync(join(repo, 'dist', 'cli.js')))('the bundle (dist/)', () => {
  const temps: string[] = [];
  afterAll(async () => {
    for (const temp of temps) await rm(temp, { recursive: true, force: true });
  });

  it('runs from a folder with no node_modules, and counts without the encoders, in one thread or two', async () => {
    const temp = await mkdtemp(join(tmpdir(), 'chunkgate-bundle-'));
    temps.push(temp);
    await cp(join(repo, 'package.json'), join(temp, 'package.json'));
    await cp(join(repo, 'dist'), join(temp, 'dist'), { recursive: true });
    // Counting must not need them: without them, a run that loaded one would fail.
    await rm(join(temp, 'dist', 'tokenizer', 'o200k_base.cjs'));
    await rm(join(temp, 'dist', 'tokenizer', 'cl100k_base.cjs'));
    const args = ['eval', 'fixtures/demo/head', '--format', 'json'];
    const expected = await run(join(repo, 'dist', 'cli.js'), args);
    expect(JSON.parse(expected).files.length).toBeGreaterThan(0);
    expect(await run(join(temp, 'dist', 'cli.js'), [...args, '--jobs', '1'])).toBe(expected);
    expect(await run(join(temp, 'dist', 'cli.js'), [...args, '--jobs', '2'])).toBe(expected);
  });
});
