import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createProgress, NO_PROGRESS } from '../../src/cli/progress.js';
import { runCli } from '../helpers/cli.js';

function terminal(columns?: number) {
  const writes: string[] = [];
  return { writes, target: { write: (text: string) => void writes.push(text), columns } };
}

describe('createProgress', () => {
  it('draws nothing without a terminal or for a short run', () => {
    expect(createProgress(null, { total: 500, noun: 'files' })).toBe(NO_PROGRESS);
    const { writes, target } = terminal();
    const progress = createProgress(target, { total: 19, noun: 'files' });
    for (let i = 0; i < 19; i++) progress.tick(`f${i}.md`);
    progress.done();
    expect(writes).toEqual([]);
  });

  it('redraws in place at most every interval, always for the last item, and erases at the end', () => {
    const { writes, target } = terminal();
    let time = 0;
    const progress = createProgress(target, { total: 2000, noun: 'files', now: () => time, intervalMs: 100 });
    progress.tick('a.md'); // t=0: drawn (first)
    time = 50;
    progress.tick('b.md'); // 50 ms later: skipped
    time = 100;
    progress.tick('c.md'); // 100 ms after the last draw: drawn
    for (let i = 4; i < 2000; i++) progress.tick('x.md'); // same instant: skipped
    progress.tick('last.md'); // the 2,000th: drawn
    progress.done();
    expect(writes).toEqual([
      '\r\u001b[2Kchunkgate: 1/2,000 files · a.md',
      '\r\u001b[2Kchunkgate: 3/2,000 files · c.md',
      '\r\u001b[2Kchunkgate: 2,000/2,000 files · last.md',
      '\r\u001b[2K',
    ]);
  });

  it('cuts the line to the terminal width and strips escape sequences from the label', () => {
    const { writes, target } = terminal(30);
    const progress = createProgress(target, { total: 20, noun: 'files', now: () => 0 });
    progress.tick('\u001b]0;pwned\u0007docs/a-very-long-path/of/a/file.md');
    expect(writes[0]).toBe('\r\u001b[2Kchunkgate: 1/20 files · docs…');
    expect([...writes[0]!.slice(5)].length).toBe(29);
  });

  it('erases nothing when it drew nothing', () => {
    const { writes, target } = terminal();
    createProgress(target, { total: 100, noun: 'files' }).done();
    expect(writes).toEqual([]);
  });
});

describe('chunkgate eval progress', () => {
  it('draws a progress line on a terminal for a long run, and nothing without one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chunkgate-progress-'));
    try {
      for (let i = 0; i < 20; i++) await writeFile(join(dir, `page-${String(i).padStart(2, '0')}.md`), `# Page ${i}\n\nText of page ${i}.\n`);
      const onTerminal = await runCli(['eval', dir, '--jobs', '1'], { cwd: dir, tty: true });
      expect(onTerminal.code).toBe(0);
      // The first file is always drawn, the 20th always; the line is erased before the report.
      expect(onTerminal.terminal.startsWith('\r\u001b[2Kchunkgate: 1/20 files · ')).toBe(true);
      expect(onTerminal.terminal).toContain('\r\u001b[2Kchunkgate: 20/20 files · ');
      expect(onTerminal.terminal.endsWith('\r\u001b[2K')).toBe(true);
      expect(onTerminal.stdout).not.toContain('chunkgate: 20/20');
      const piped = await runCli(['eval', dir, '--jobs', '1'], { cwd: dir });
      expect(piped.terminal).toBe('');
      expect(piped.stderr).not.toContain('files ·');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
