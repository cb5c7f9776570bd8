// Preloaded into a benchmarked process (`node --import ./bench/cpu-report.mjs …`): at exit it
// writes the process's CPU time (user + system, all threads, µs), peak RSS (KB) and wall time
// to the file named by BENCH_REPORT, so the bench measures child processes in Node alone.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const start = performance.now();
process.on('exit', () => {
  const cpu = process.cpuUsage();
  const file = process.env.BENCH_REPORT;
  if (file) writeFileSync(file, JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000, maxRssKb: process.resourceUsage().maxRSS, wallMs: performance.now() - start }));
});
