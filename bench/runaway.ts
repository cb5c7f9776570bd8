/**
 * Runaway files (docs/rules.md#files-chunkgate-cannot-check): `chunkgate eval` on each pathological page at
 * full size, one whole process per page, CPU time and peak RSS. The shapes the parser is
 * superlinear on are refused before parsing (`unchecked`, in well under a second); ordinary big
 * pages (a 950 KB paragraph, 1.8 MB of Chinese, 70,000 entities) must be checked, well within
 * the 30 CPU seconds of `limits.cpuSeconds`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backtickRuns, cjkPage, deepList, emphasisStorm, longParagraph, numericEntities } from '../test/helpers/hostile.js';
import { interleaved, line, median, ms, runNode } from './measure.js';

/** The pages, by name: what the issue measured (before: minutes, or "took longer than 30 s" on a busy runner). */
export const RUNAWAY_PAGES: Record<string, () => string> = {
  'list nested 1,000 deep (1 MB)': () => deepList(1000),
  'backtick runs 1…1,799 (1.6 MB)': () => backtickRuns(1799),
  'emphasis storm *a **b ×140,000 (1 MB)': () => emphasisStorm(140_000),
  'unmatched closers a_ ×40,000 (120 KB)': () => `# Closers\n\n${'a_ '.repeat(40_000)}\n`,
  '70,000 numeric entities (420 KB)': () => numericEntities(70_000),
  '950 KB paragraph': () => longParagraph(950_000),
  '1.8 MB of Chinese (600,000 characters)': () => cjkPage(600_000),
};

/** Prints each page's median CPU time, wall time, peak RSS and outcome; returns the largest CPU time in ms. */
export async function benchRunaway(cli: string, rounds = 1): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'chunkgate-bench-runaway-'));
  try {
    let slowest = 0;
    console.log(`  one process per page (chunkgate eval --jobs 1), median of ${rounds} round(s)`);
    for (const [name, make] of Object.entries(RUNAWAY_PAGES)) {
      const page = join(dir, 'page.md');
      const out = join(dir, 'report.json');
      writeFileSync(page, make());
      const runs = (await interleaved({ eval: () => runNode([cli, 'eval', page, '--format', 'json', '--jobs', '1', '--out', out], dir) }, rounds, false)).eval!;
      const report = JSON.parse(readFileSync(out, 'utf8')) as { files: Array<{ findings: Array<{ kind: string; message: string }> }> };
      const unchecked = report.files[0]?.findings.find((finding) => finding.kind === 'unchecked');
      const cpu = median(runs.map((run) => run.cpuMs));
      slowest = Math.max(slowest, cpu);
      line(name, `${ms(cpu)} CPU · ${ms(median(runs.map((run) => run.wallMs)))} wall · ${(median(runs.map((run) => run.maxRssKb)) / 1024).toFixed(0).padStart(5)} MB · ${unchecked ? 'unchecked' : 'checked'}`);
      if (unchecked) console.log(`    ${unchecked.message.slice(0, 150)}`);
    }
    return slowest;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
