import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useColor } from '../../src/cli/color.js';
import { runCli } from '../helpers/cli.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const demo = ['diff', '--base-dir', 'fixtures/demo/base', '--head-dir', 'fixtures/demo/head'];
const RED_FAIL = '\u001b[31mFAIL\u001b[39m';

describe('useColor', () => {
  const tty = { isTTY: true };
  const pipe = { isTTY: false };

  it('colours a terminal and nothing else by default', () => {
    expect(useColor({}, tty)).toBe(true);
    expect(useColor({}, pipe)).toBe(false);
    expect(useColor({}, {})).toBe(false);
  });

  it('never colours a report written to a file', () => {
    expect(useColor({ FORCE_COLOR: '1' }, null)).toBe(false);
  });

  it('turns colour off with a non-empty NO_COLOR or TERM=dumb', () => {
    expect(useColor({ NO_COLOR: '1' }, tty)).toBe(false);
    expect(useColor({ NO_COLOR: '' }, tty)).toBe(true);
    expect(useColor({ TERM: 'dumb' }, tty)).toBe(false);
  });

  it('forces colour through a pipe with FORCE_COLOR, over NO_COLOR, as Node reads it', () => {
    expect(useColor({ FORCE_COLOR: '1' }, pipe)).toBe(true);
    expect(useColor({ FORCE_COLOR: '' }, pipe)).toBe(true);
    expect(useColor({ FORCE_COLOR: '3', NO_COLOR: '1' }, pipe)).toBe(true);
    expect(useColor({ FORCE_COLOR: '0' }, tty)).toBe(false);
    expect(useColor({ FORCE_COLOR: 'false' }, tty)).toBe(false);
  });
});

describe('colour in the CLI', () => {
  it('colours diff on a terminal, not with NO_COLOR, not into --out', async () => {
    const onTerminal = await runCli(demo, { cwd: root, tty: true });
    expect(onTerminal.code).toBe(1);
    expect(onTerminal.stdout).toContain(RED_FAIL);
    expect(onTerminal.stdout).toContain('\u001b[31mWhat this change breaks:\u001b[39m');

    const noColor = await runCli(demo, { cwd: root, tty: true, env: { NO_COLOR: '1' } });
    expect(noColor.stdout).not.toContain('\u001b[');
    expect(noColor.stdout).toContain('FAIL: ');

    const toFile = await runCli([...demo, '--out', 'report.txt'], { cwd: root, tty: true });
    expect(toFile.files['report.txt']).toContain('FAIL: ');
    expect(toFile.files['report.txt']).not.toContain('\u001b[');
  });

  it('colours eval on a terminal', async () => {
    const { stdout } = await runCli(['eval', 'fixtures/demo/head'], { cwd: root, tty: true });
    // eslint-disable-next-line no-control-regex
    expect(stdout).toMatch(/verdict \u001b\[3[12]m(pass|fail)\u001b\[39m/);
  });

  it.skipIf(!existsSync(join(root, 'dist/cli.js')))('the bundled CLI colours a pipe only with FORCE_COLOR', async () => {
    const run = (env: Record<string, string>) =>
      new Promise<string>((resolve) => {
        execFile(process.execPath, ['dist/cli.js', ...demo], { cwd: root, env: { PATH: process.env.PATH ?? '', ...env } }, (_error, stdout) => resolve(stdout));
      });
    expect(await run({})).not.toContain('\u001b[');
    expect(await run({ FORCE_COLOR: '1' })).toContain(RED_FAIL);
  });
});
