/**
 * How `npm run bench` measures (docs/design.md#speed): variants compared in one run, in interleaved rounds
 * (A B, then B A, …) so drift and load hit them alike, on CPU time (wall time where parallelism
 * is the point), reported as medians with the load average beside them.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..');
export const rounds = Number(process.env.BENCH_ROUNDS ?? 5);

/** Median of a list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `load 1.23 0.98 0.70` (1, 5 and 15 minutes). */
export function load(): string {
  return `load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;
}

/** CPU time of this process in ms (all threads). */
export function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/**
 * Runs every variant once per round, in alternating order, and returns each variant's
 * measurements (one per round). One warm-up run of each comes first and is not counted.
 */
export async function interleaved<T>(variants: Record<string, () => Promise<T> | T>, count = rounds, warmUp = true): Promise<Record<string, T[]>> {
  const names = Object.keys(variants);
  const results = Object.fromEntries(names.map((name) => [name, [] as T[]])) as Record<string, T[]>;
  if (warmUp) for (const name of names) await variants[name]!();
  for (let round = 0; round < count; round += 1) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) results[name]!.push(await variants[name]!());
  }
  return results;
}

/** What a child process measured about itself (bench/cpu-report.mjs). */
export interface ProcessRun {
  cpuMs: number;
  wallMs: number;
  maxRssKb: number;
}

/** Runs `node [--import cpu-report] …args` in `cwd` and returns its own CPU, wall time and peak RSS. */
export function runNode(args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<ProcessRun> {
  const dir = mkdtempSync(join(tmpdir(), 'chunkgate-bench-'));
  const report = join(dir, 'report.json');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', join(root, 'bench', 'cpu-report.mjs'), ...args], {
      cwd,
      env: { ...process.env, ...env, BENCH_REPORT: report },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        if (code !== 0 && code !== 1) throw new Error(`node ${args.join(' ')} exited ${code}: ${stderr.slice(-2000)}`);
        resolve(JSON.parse(readFileSync(report, 'utf8')) as ProcessRun);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

/** `dist/cli.js`, rebuilt when the bench starts so it measures the sources it sits beside. */
export function cli(): string {
  execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  return join(root, 'dist', 'cli.js');
}

/** `label ······ value` lines. */
export function line(label: string, value: string): void {
  console.log(`  ${label.padEnd(58)} ${value}`);
}

/** A ratio with its target, `1.23× (target ≤ 1.3×) ✓`. */
export function verdict(ratio: number, target: string, ok: boolean): string {
  return `${ratio.toFixed(2)}× (target ${target}) ${ok ? '✓' : '✗'}`;
}

export const ms = (value: number): string => `${value.toFixed(0).padStart(7)} ms`;
