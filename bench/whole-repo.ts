/**
 * Whole-repo scans of synthetic docs (bench/synthetic.ts): `--jobs 2` against `--jobs 1` on a
 * react-native-website-sized site (target ≥ 1.7× faster, docs/design.md#speed), and the peak RSS of a scan of four
 * times that size (~76 MB, ~10k files; ≤ 1 GB), with the JSON report written as a stream.
 *
 * Beside them, what this machine allows: the two halves of the site (`--shard 1/2`, `--shard 2/2`)
 * as two independent `--jobs 1` processes at once, the split `--jobs 2` makes with nothing shared
 * and nothing to coordinate. A single `--jobs 1` process already keeps more than one core busy
 * (V8 compiles and collects garbage on background threads), so on a 2-core machine even this
 * split is well short of 2×; `--jobs 2` is reported against it too.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { interleaved, line, median, ms, runNode, verdict, type ProcessRun } from './measure.js';
import { REACT_NATIVE_WEBSITE, writeSite } from './synthetic.js';

/** `BENCH_SCALE` (default 1) shrinks or grows the synthetic sites, for a quick look. */
const scale = Number(process.env.BENCH_SCALE ?? 1);

/** Prints the `--jobs` speed-up, this machine's ceiling for it and the 4× peak RSS; returns them. */
export async function benchWholeRepo(cli: string): Promise<{ speedup: number; ceiling: number; peakMb: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'chunkgate-bench-site-'));
  try {
    const site = join(dir, 'site');
    const files = Math.round(REACT_NATIVE_WEBSITE.files * scale);
    const bytes = REACT_NATIVE_WEBSITE.bytes * scale;
    writeSite(site, files, bytes);
    const report = join(dir, 'report.json');
    const scan = (jobs: number) => () => runNode([cli, 'eval', '--format', 'json', '--jobs', String(jobs), '--out', report], site);
    // Two shard processes at once; wall time until both have finished, CPU time of both.
    const halves = async (): Promise<ProcessRun> => {
      const start = performance.now();
      const runs = await Promise.all([1, 2].map((shard) => runNode([cli, 'eval', '--format', 'json', '--jobs', '1', '--shard', `${shard}/2`, '--out', join(dir, `shard-${shard}.json`)], site)));
      return { wallMs: performance.now() - start, cpuMs: runs[0]!.cpuMs + runs[1]!.cpuMs, maxRssKb: runs[0]!.maxRssKb + runs[1]!.maxRssKb };
    };
    const results = await interleaved({ one: scan(1), two: scan(2), halves }, Math.max(1, Math.min(3, Number(process.env.BENCH_ROUNDS ?? 3))), false);
    const wall = (name: string) => median(results[name]!.map((run) => run.wallMs));
    const cpu = (name: string) => median(results[name]!.map((run) => run.cpuMs));
    const speedup = wall('one') / wall('two');
    console.log(`  synthetic site: ${files} files, ${(bytes / 1e6).toFixed(0)} MB; wall time, median of ${results.one!.length} interleaved rounds`);
    line('chunkgate eval --jobs 1', `${ms(wall('one'))} wall · ${ms(cpu('one'))} CPU`);
    line('chunkgate eval --jobs 2', `${ms(wall('two'))} wall · ${ms(cpu('two'))} CPU · ${verdict(speedup, '≥ 1.7× faster', speedup >= 1.7)}`);
    const ceiling = wall('one') / wall('halves');
    line('ceiling: --shard 1/2 and 2/2 as two --jobs 1 processes at once', `${ms(wall('halves'))} wall · ${ms(cpu('halves'))} CPU · ${ceiling.toFixed(2)}× faster; --jobs 2 reaches ${((speedup / ceiling) * 100).toFixed(0)}% of it`);
    rmSync(site, { recursive: true, force: true });

    const big = join(dir, 'big');
    writeSite(big, files * 4, bytes * 4, 64);
    let peakMb = 0;
    for (const jobs of [2, 1]) {
      const run = await runNode([cli, 'eval', '--format', 'json', '--jobs', String(jobs), '--out', report], big);
      const mb = run.maxRssKb / 1024;
      if (jobs === 2) peakMb = mb;
      const target = jobs === 2 ? ` (target ≤ 1024 MB) ${mb <= 1024 ? '✓' : '✗'}` : '';
      line(`4× site (${files * 4} files, ${((bytes * 4) / 1e6).toFixed(0)} MB), --jobs ${jobs}: peak RSS`, `${mb.toFixed(0).padStart(7)} MB${target} · ${(statSync(report).size / 1e6).toFixed(0)} MB report · ${ms(run.wallMs)} wall`);
    }
    return { speedup, ceiling, peakMb };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
