/**
 * `chunkgate eval` as a whole process against a process that only parses the same files with
 * the same stack (bench/bare-parse.mjs), both single-threaded (target ≤ 1.5×, docs/design.md#speed), and the CLI's
 * start-up cost.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusDir } from './in-process.js';
import { interleaved, line, median, ms, root, runNode, verdict } from './measure.js';

/** Prints the whole-process ratio of `chunkgate eval` (dist/cli.js) over a bare-parse process; `null` without the corpus. */
export async function benchWholeProcess(cli: string): Promise<number | null> {
  const dir = existsSync(corpusDir) ? corpusDir : join(root, 'fixtures');
  const out = mkdtempSync(join(tmpdir(), 'chunkgate-bench-eval-'));
  try {
    const results = await interleaved({
      bare: () => runNode([join(root, 'bench', 'bare-parse.mjs'), '.'], dir),
      eval: () => runNode([cli, 'eval', '--format', 'json', '--jobs', '1', '--out', join(out, 'report.json')], dir),
    });
    const startup = await interleaved({ version: () => runNode([cli, '--version'], root) });
    const cpu = (name: string) => median(results[name]!.map((run) => run.cpuMs));
    const wall = (name: string) => median(results[name]!.map((run) => run.wallMs));
    const ratio = cpu('eval') / cpu('bare');
    console.log(`  ${dir === corpusDir ? 'tauri-docs' : 'fixtures'}; CPU time of each process (all threads), median of ${results.bare!.length} interleaved rounds`);
    line('bare-parse process (bench/bare-parse.mjs)', `${ms(cpu('bare'))} CPU · ${ms(wall('bare'))} wall`);
    line('chunkgate eval --format json --jobs 1 (dist/cli.js)', `${ms(cpu('eval'))} CPU · ${ms(wall('eval'))} wall · ${verdict(ratio, '≤ 1.5×', ratio <= 1.5)}`);
    line('chunkgate --version (start-up: bundle, no token table)', `${ms(median(startup.version!.map((run) => run.cpuMs)))} CPU · ${(median(startup.version!.map((run) => run.maxRssKb)) / 1024).toFixed(0)} MB peak RSS`);
    return dir === corpusDir ? ratio : null;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
