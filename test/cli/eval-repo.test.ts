import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failsOn } from '../../src/cli/eval.js';
import { runCli } from '../helpers/cli.js';

const demoHead = fileURLToPath(new URL('../../fixtures/demo/head', import.meta.url));
const SENTENCE = 'The agent reads its settings from the file named in the environment and applies them at start-up without a restart.';

describe('eval on a whole repository', () => {
  it('puts the summary first: chunks by grade, the worst files, issues by rule', async () => {
    const result = await runCli(['eval'], { cwd: demoHead });
    const lines = result.stdout.split('\n');
    expect(lines.slice(0, 7)).toEqual([
      'Summary: 4 files · 13 chunks (10 pass, 0 warn, 3 fail) · 0 below a minimum',
      'Worst files:',
      '  docs/deploy.md  overall 82.1 · pass · 3 fail, 0 warn of 7 chunks',
      'Issues by rule:',
      '  table-split  3',
      '  tiny-chunk   1',
      '',
    ]);
    // The summary adds up what the file sections list below it.
    const chunkLines = lines.filter((line) => /^ {2}#\d/.test(line));
    expect(chunkLines).toHaveLength(13);
    expect(chunkLines.filter((line) => / fail {2}/.test(line))).toHaveLength(3);
    expect(lines.filter((line) => /^ {8}\S+ +table-split /.test(line))).toHaveLength(3);
    expect(lines.filter((line) => /^ {8}\S+ +tiny-chunk /.test(line))).toHaveLength(1);
    expect(lines[7]).toMatch(/^docs\/deploy\.md {2}7 chunks/);
    const md = await runCli(['eval', '--format', 'md'], { cwd: demoHead });
    expect(md.stdout).toContain('## chunkgate eval\n\n**Summary:** 4 files · 13 chunks (10 pass, 0 warn, 3 fail) · 0 below a minimum\n\n**Worst files:** `docs/deploy.md` 82.1\n');
  });

  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'chunkgate-eval-repo-'));
    // a.md passes; b.md is one line with no heading: structural 59, below the minimum of 70.
    await writeFile(join(dir, 'a.md'), '# A\n\nOne short paragraph.\n');
    await writeFile(join(dir, 'b.md'), 'hello: world\n');
    // w.md under max 100: three pieces of one section, graded warn (duplicates), nothing failing.
    await writeFile(join(dir, 'w.md'), `# Guide\n\n${Array(12).fill(SENTENCE).join(' ')}\n\n## Use\n\nRun the agent with the token. It prints its status every minute and stops on a signal.\n`);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('names the file on every "below a minimum" line, in the summary and in the file section', async () => {
    const result = await runCli(['eval', 'a.md', 'b.md'], { cwd: dir });
    expect(result.code).toBe(0);
    const message = 'structural is 59, below the minimum of 70 (`thresholds.structural`)';
    expect(result.stdout).toContain(`Below a minimum:\n  ✗ b.md: ${message}\n`);
    expect(result.stdout).toContain(`  #0   L1–L1          3 tok 100.0 pass  (no heading)\n        low    tiny-chunk L1: Unexpected 3-token chunk, expected at least 51\n  ✗ b.md: ${message}\n`);
    const md = await runCli(['eval', 'a.md', 'b.md', '--format', 'md'], { cwd: dir });
    expect(md.stdout).toContain(`**Below a minimum:**\n\n- ❌ \`b.md\`: structural is 59, below the minimum of 70`);
  });

  it('--fail-on: none exits 0 whatever the scores, error on a file below a minimum or a failing chunk, warning on a warned chunk too', async () => {
    const code = async (args: string[], config?: string) => {
      if (config !== undefined) await writeFile(join(dir, '.chunkgate.yml'), config);
      return (await runCli(['eval', ...args], { cwd: dir })).code;
    };
    // b.md is below a minimum: error and warning fail, in every format.
    expect(await code(['a.md', 'b.md'])).toBe(0);
    expect(await code(['a.md', 'b.md', '--fail-on', 'none'])).toBe(0);
    expect(await code(['a.md', 'b.md', '--fail-on', 'error'])).toBe(1);
    expect(await code(['a.md', 'b.md', '--fail-on', 'error', '--format', 'json'])).toBe(1);
    expect(await code(['a.md', '--fail-on', 'warning'])).toBe(0);
    // w.md: warned chunks only.
    expect(await code(['w.md', '--fail-on', 'error'], 'chunking:\n  max: 100\n  min: 10\n')).toBe(0);
    expect(await code(['w.md', '--fail-on', 'warning'])).toBe(1);
    expect(await code(['w.md', '--fail-on', 'warning', '--format', 'json'])).toBe(1);
    // The demo's split table: chunks graded fail.
    expect((await runCli(['eval', '--fail-on', 'error', '--format', 'json'], { cwd: demoHead })).code).toBe(1);
    const typo = await runCli(['eval', 'a.md', '--fail-on', 'eror'], { cwd: dir });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('Unexpected --fail-on "eror", expected one of: none, error, warning — did you mean error?');
  });

  it('counts the files it could not check in the summary', async () => {
    await writeFile(join(dir, 'bin.md'), '# A\n\nHello\0 world.\n');
    const result = await runCli(['eval', 'a.md', 'bin.md'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n')[0]).toBe('Summary: 2 files · 1 chunks (1 pass, 0 warn, 0 fail) · 0 below a minimum · 1 not checked');
  });

  it('failsOn weighs threshold failures and grades by level', () => {
    const nothing = { belowMinimum: 0, fail: 0, warn: 0 };
    expect(failsOn('none', { belowMinimum: 2, fail: 3, warn: 4 })).toBe(false);
    expect(failsOn('error', nothing)).toBe(false);
    expect(failsOn('error', { ...nothing, belowMinimum: 1 })).toBe(true);
    expect(failsOn('error', { ...nothing, fail: 1 })).toBe(true);
    expect(failsOn('error', { ...nothing, warn: 1 })).toBe(false);
    expect(failsOn('warning', { ...nothing, warn: 1 })).toBe(true);
  });
});
