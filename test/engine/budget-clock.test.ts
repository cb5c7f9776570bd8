/**
 * The per-file budget's clock (docs/rules.md#files-chunkgate-cannot-check) is CPU time of the calling thread: work on
 * another thread (another file on a `--jobs` worker, or another process on a busy runner) does
 * not use up this file's budget. No wall-clock assertion: the worker spins until its own CPU
 * clock has advanced, however long that takes on a loaded machine.
 */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { threadCpuMs } from '../../src/engine/budget.js';

/** A worker that spins until its own thread has used `ms` of CPU time (read as the budget reads it on Linux). */
const SPIN = `
const { readFileSync } = require('node:fs');
const cpu = () => { const stat = readFileSync('/proc/thread-self/stat', 'latin1'); const f = stat.slice(stat.lastIndexOf(')') + 2).split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const start = cpu();
let x = 0;
while (cpu() - start < ${400}) for (let i = 0; i < 1e5; i++) x += i;
`;

describe('threadCpuMs', () => {
  it.runIf(existsSync('/proc/thread-self/stat'))("counts this thread's CPU time, not another thread's", async () => {
    const process0 = process.cpuUsage();
    const thread0 = threadCpuMs();
    await new Promise<void>((resolve, reject) => {
      const worker = new Worker(SPIN, { eval: true });
      worker.on('error', reject);
      worker.on('exit', () => resolve());
    });
    const threadMs = threadCpuMs() - thread0;
    const usage = process.cpuUsage(process0);
    const processMs = (usage.user + usage.system) / 1000;
    // The worker's 400 ms are in the process's CPU time, not in this thread's (which only started it and waited).
    expect(processMs - threadMs).toBeGreaterThanOrEqual(390);
    expect(threadMs).toBeLessThan(300);
  });
});
