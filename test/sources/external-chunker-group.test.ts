/**
 * The external chunker runs in its own process group, and chunkgate kills the
 * whole group — on timeout, and once the command exits — so a chunker that forks a background
 * process cannot keep chunkgate waiting (or alive). Real child processes: node scripts that
 * fork a sleeper inheriting their stdout, and write its pid to a file.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/schema.js';
import { runExternalChunker } from '../../src/sources/external-chunker.js';

const dir = mkdtempSync(join(tmpdir(), 'chunkgate-group-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A node script that forks a 5-minute sleeper holding its stdout, records the sleeper's pid, then runs `then`. */
function chunker(name: string, then: string): string[] {
  const path = join(dir, name);
  writeFileSync(
    path,
    [
      "const { spawn } = require('node:child_process');",
      "const { writeFileSync } = require('node:fs');",
      "const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 300000)'], { stdio: ['ignore', 'inherit', 'inherit'] });",
      // Unref'd: the script may exit and leave the sleeper behind, like `sleep 300 &` in a shell.
      'sleeper.unref();',
      `writeFileSync(${JSON.stringify(`${path}.pid`)}, String(sleeper.pid));`,
      then,
    ].join('\n'),
  );
  return [process.execPath, path];
}

/** Whether `pid` runs (a zombie waiting to be reaped counts as gone). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** Waits until `pid` is gone; vitest's timeout fails the test if it never goes. */
async function gone(pid: number): Promise<true> {
  while (running(pid)) await new Promise((resolve) => setTimeout(resolve, 50));
  return true;
}

const options = (command: string[], timeout: number) => ({ ...defaultConfig().chunking, strategy: 'external' as const, command, timeout });

describe.skipIf(process.platform === 'win32')('runExternalChunker and its process group', () => {
  it('on timeout kills the command and the sleeper it forked', async () => {
    const command = chunker('hang.cjs', 'setInterval(() => {}, 1000);');
    // On a loaded machine node may not even have started the script within 1 s, so it never forked
    // its sleeper: then the timeout doubles until the sleeper is there to be killed.
    for (let timeout = 1; !existsSync(`${command[1]}.pid`); timeout *= 2) {
      await expect(runExternalChunker('docs/a.md', '# A\n', options(command, timeout), dir)).rejects.toThrow(
        `external chunker \`${command.join(' ')}\` failed on docs/a.md: timed out after ${timeout} s (chunking.timeout)`,
      );
    }
    const sleeper = Number(readFileSync(`${command[1]}.pid`, 'utf8'));
    expect(await gone(sleeper)).toBe(true);
  });

  it('returns as soon as the command exits, killing the sleeper it left holding the output pipe', async () => {
    const command = chunker('leave.cjs', 'process.stdout.write(JSON.stringify({ chunks: [{ text: "# A" }] }));');
    // A 120 s timeout: only the group kill on exit lets this return in well under that.
    const chunks = await runExternalChunker('docs/a.md', '# A\n', options(command, 120), dir);
    expect(chunks).toEqual([{ text: '# A' }]);
    const sleeper = Number(readFileSync(`${command[1]}.pid`, 'utf8'));
    expect(await gone(sleeper)).toBe(true);
  });
});
