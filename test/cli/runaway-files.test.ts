/**
 * Runaway files (docs/rules.md#files-chunkgate-cannot-check) through the CLI (in process:
 * `runCli`): a file whose shape makes the Markdown parser take minutes is
 * refused before parsing — a gating `unchecked` finding naming the cause and the line — and the run
 * ends with a report of every file. The refusal counts nesting levels and backticks, not seconds,
 * so it is the same on a loaded machine (no timed assertion, no wall-clock budget to beat). Each
 * input is the smallest that goes over its cap; the same shapes at full size are timed by
 * `npm run bench` (BENCH_ONLY=runaway).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';
import { backtickRuns, deepBlockQuotes, deepList, emphasisStorm, numericEntities } from '../helpers/hostile.js';

let sandbox: string;

async function write(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

beforeAll(async () => {
  sandbox = await mkdtemp(join(tmpdir(), 'chunkgate-runaway-'));
});

afterAll(async () => {
  await rm(sandbox, { recursive: true, force: true });
});

/** Each file's findings as [kind, gating, message]. */
function messages(report: Report): Record<string, Array<[string, boolean, string]>> {
  return Object.fromEntries(report.files.map((file) => [file.path, file.findings.map((finding) => [finding.kind, finding.gating, finding.message] as [string, boolean, string])]));
}

describe('chunkgate diff with files over the complexity caps', () => {
  it('each runaway file is a gating unchecked finding naming the cause and the line; the others are checked; a report is written', async () => {
    const base = join(sandbox, 'base');
    const head = join(sandbox, 'head');
    await write(base, { 'docs/guide.md': '# Guide\n\nThe setup in one paragraph.\n' });
    await write(head, {
      'docs/guide.md': '# Guide\n\nThe setup in one paragraph, now longer.\n',
      // 101 levels: item n on line n + 3, so level 101 (item 100) on line 103.
      'docs/list.md': deepList(101),
      // Runs of 1 … 65 backticks, all on line 3.
      'docs/backticks.md': backtickRuns(65),
      'docs/quotes.md': deepBlockQuotes(10_000),
      // 7,600 markers × 26,600 characters on line 3: 203 million; 3,700 repeats are 192 million.
      'docs/emphasis.md': emphasisStorm(3800),
      'docs/emphasis-ok.md': emphasisStorm(3700),
      // Linear in the parser (70,000 take seconds): checked.
      'docs/entities.md': numericEntities(2000),
    });
    const { code, stdout } = await runCli(['diff', '--base-dir', base, '--head-dir', head, '--format', 'json'], { cwd: sandbox });
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as Report;
    expect(report.summary.verdict).toBe('fail');
    const found = messages(report);
    expect(found['docs/list.md']).toEqual([['unchecked', true, 'Not checked: lists and block quotes nested 101 levels deep, over the limit of 100 (from line 103)']]);
    expect(found['docs/backticks.md']).toEqual([['unchecked', true, 'Not checked: a run of 65 backticks, over the limit of 64 (from line 3)']]);
    expect(found['docs/quotes.md']).toEqual([['unchecked', true, 'Not checked: lists and block quotes nested 10,000 levels deep, over the limit of 100 (from line 1)']]);
    expect(found['docs/emphasis.md']).toEqual([
      [
        'unchecked',
        true,
        'Not checked: inline markers (* _ ~ [ ]) times the length of their paragraph add up to 203 million, over the limit of 200 million (the heaviest paragraph, from line 3: 7,600 markers in 26,600 characters)',
      ],
    ]);
    for (const path of ['docs/entities.md', 'docs/emphasis-ok.md', 'docs/guide.md']) {
      const file = report.files.find((item) => item.path === path)!;
      expect(file.findings.filter((finding) => finding.kind === 'unchecked')).toEqual([]);
      expect(file.head!.chunks.length).toBeGreaterThan(0);
    }
  });

  it("the caps come from the config's limits: at the limit checked, one over refused", async () => {
    const dir = join(sandbox, 'eval');
    await write(dir, {
      '.chunkgate.yml': 'limits:\n  nesting: 3\n  backtickRun: 5\n',
      'docs/three.md': deepList(3),
      'docs/four.md': deepList(4),
      'docs/five.md': backtickRuns(5),
      'docs/six.md': backtickRuns(6),
    });
    const { code, stdout } = await runCli(['eval', 'docs', '--format', 'json'], { cwd: dir });
    expect(code).toBe(1);
    const found = messages(JSON.parse(stdout) as Report);
    expect(found['docs/three.md']!.filter(([kind]) => kind === 'unchecked')).toEqual([]);
    expect(found['docs/five.md']!.filter(([kind]) => kind === 'unchecked')).toEqual([]);
    expect(found['docs/four.md']).toEqual([['unchecked', true, 'Not checked: lists and block quotes nested 4 levels deep, over the limit of 3 (from line 6)']]);
    expect(found['docs/six.md']).toEqual([['unchecked', true, 'Not checked: a run of 6 backticks, over the limit of 5 (from line 3)']]);
  });
});
