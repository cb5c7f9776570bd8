/**
 * `npm run bench` (docs/design.md#speed): every target as a ratio measured in one run, variants in
 * interleaved rounds, CPU time (wall time where parallelism is the point), medians, and the load
 * average beside them — the machines here are shared, so read ratios, not absolute times.
 *
 *   BENCH_ROUNDS  rounds per comparison (default 5; 3 for the long whole-repo scans)
 *   BENCH_SCALE   size of the synthetic sites (default 1: react-native-website and 4× it)
 *   BENCH_ONLY    comma-separated sections: inprocess, process, repo, golden, probes, neardup, runaway, judge, presets
 */
import { availableParallelism } from 'node:os';
import { benchGoldenPr, benchProbesPr } from './golden-pr.js';
import { benchInProcess } from './in-process.js';
import { cli, load, rounds } from './measure.js';
import { benchNearDuplicates } from './near-duplicate.js';
import { benchRunaway } from './runaway.js';
import { benchWholeProcess } from './whole-process.js';
import { benchWholeRepo } from './whole-repo.js';

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const wanted = (name: string) => !only || only.includes(name);

console.log(`chunkgate bench · node ${process.version} · ${availableParallelism()} cores · ${rounds} rounds · ${load()}`);
const summary: string[] = [];
const bundle = wanted('process') || wanted('repo') || wanted('golden') || wanted('runaway') || wanted('probes') ? cli() : '';

if (wanted('inprocess')) {
  console.log('\n1. Structural eval vs bare parse, in process');
  summary.push(`structural eval / bare parse, in process: ${(await benchInProcess()).toFixed(2)}× (≤ 1.3×)`);
}
if (wanted('process')) {
  console.log('\n2. Structural eval vs bare parse, whole processes');
  const ratio = await benchWholeProcess(bundle);
  if (ratio !== null) summary.push(`chunkgate eval / bare-parse process: ${ratio.toFixed(2)}× (≤ 1.5×)`);
}
if (wanted('repo')) {
  console.log('\n3. Whole-repo scan: --jobs 2 vs --jobs 1, and peak memory at 4× size');
  const { speedup, ceiling, peakMb } = await benchWholeRepo(bundle);
  summary.push(`whole-repo scan, --jobs 2 vs 1: ${speedup.toFixed(2)}× faster (≥ 1.7×; two independent half-site processes: ${ceiling.toFixed(2)}×)`, `peak RSS, 4× site: ${peakMb.toFixed(0)} MB (≤ 1024 MB)`);
}
if (wanted('golden')) {
  console.log('\n4. One-file PR, golden set over 2,000 files vs none');
  summary.push(`one-file PR, golden set / none: ${(await benchGoldenPr(bundle)).toFixed(2)}× (≤ 3×)`);
}
if (wanted('probes')) {
  console.log('\n4b. One-file PR, retrieval probes over 2,000 files vs off');
  summary.push(`one-file PR, retrieval probes / off: ${(await benchProbesPr(bundle)).toFixed(2)}× (≤ 3×)`);
}
if (wanted('neardup')) {
  console.log('\n5. Near duplicates: time per chunk as a group of near duplicates grows');
  summary.push(`near duplicates, µs per chunk at 8k / at 1k chunks: ${benchNearDuplicates().toFixed(2)}× (flat: O(n log n))`);
}
if (wanted('runaway')) {
  console.log('\n6. Runaway files: each pathological page of test/helpers/hostile.ts, one process each');
  summary.push(`runaway files, slowest page: ${((await benchRunaway(bundle)) / 1000).toFixed(1)} s CPU (≤ 30 s, limits.cpuSeconds)`);
}
console.log(`\nSummary (${load()}):`);
for (const item of summary) console.log(`  ${item}`);

if (wanted('judge')) {
  const { benchJudge } = await import('./judge.js');
  await benchJudge();
}
if (wanted('presets')) await import('./presets.js');
