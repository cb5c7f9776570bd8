/**
 * The calibration loop end to end: an llm run (the real `openai` client against the double),
 * `calibrate sample`, a person filling in the sheet, `calibrate score`.
 */
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterEach, describe, expect, it } from 'vitest';
import type { CalibrationResult } from '../../src/calibration/score.js';
import type { Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';
import { startOpenAIDouble, type OpenAIDouble } from '../helpers/openai-double.js';

const demoBase = new URL('../../fixtures/demo/base/', import.meta.url).pathname;
const DIMS = ['semantic_coherence', 'context_self_containment', 'information_completeness', 'boundary_quality', 'overlap_rationality'];
let double: OpenAIDouble;
afterEach(() => double.close());

describe('chunkgate calibrate', () => {
  it('samples judged chunks into a blind sheet and scores the judge against the filled-in sheet', async () => {
    double = await startOpenAIDouble();
    const dir = await mkdtemp(join(tmpdir(), 'chunkgate-calibrate-'));
    const reportPath = join(dir, 'report.json');
    const evalRun = await runCli(
      ['eval', 'docs', '--format', 'json', '--scorer', 'llm', '--llm-base-url', double.baseURL, '--cache-dir', join(dir, 'cache'), '--out', reportPath],
      { cwd: demoBase, env: { OPENAI_API_KEY: 'sk-test' } },
    );
    await writeFile(reportPath, evalRun.files[reportPath]!);
    const report = JSON.parse(evalRun.files[reportPath]!) as Report;
    const judged = report.files.flatMap((file) => file.head!.chunks.map((chunk) => ({ file: file.path, chunk })));

    const sheetPath = join(dir, 'sheet.csv');
    const sample = await runCli(['calibrate', 'sample', reportPath, '--out', sheetPath], { cwd: dir });
    expect(sample.code).toBe(0);
    const rows = parse<Record<string, string>>(sample.files[sheetPath]!, { columns: true });
    // Every file has fewer than 24 chunks: all of them are drawn, in file then chunk order.
    expect(rows).toHaveLength(judged.length);
    expect(rows.map((row) => row.id)).toEqual(judged.map(({ chunk }) => chunk.id));
    for (const row of rows) for (const dim of DIMS) expect(row[dim]).toBe('');
    expect(sample.stderr).toContain(`${rows.length} chunks from ${report.files.length} files written to ${sheetPath}`);

    // The person scores every dimension exactly 10 below the judge (the double scores chunk i's
    // dimension d as 50 + i + d), so: MAE 10, bias +10, ranks identical (ρ = 1) everywhere.
    const byId = new Map(judged.map(({ chunk }) => [chunk.id, chunk]));
    const filled = rows.map((row) => ({ ...row, ...Object.fromEntries(DIMS.map((dim) => [dim, String(byId.get(row.id!)!.judge!.scores[dim as 'semantic_coherence'] - 10)])) }));
    await writeFile(sheetPath, stringify(filled, { header: true }));
    const scored = await runCli(['calibrate', 'score', sheetPath, '--report', reportPath, '--format', 'json'], { cwd: dir });
    const result = JSON.parse(scored.stdout) as CalibrationResult;
    for (const agreement of [...DIMS.map((dim) => result.dimensions[dim as 'semantic_coherence']), result.overall]) {
      expect(agreement.mae).toBe(10);
      expect(agreement.bias).toBe(10);
      expect(agreement.spearman).toBeCloseTo(1, 12);
    }
    // Fewer than 30 chunks in the demo: not accepted yet, exit 1.
    expect(result.samples).toBe(judged.length);
    expect(judged.length).toBeLessThan(30);
    expect(scored.code).toBe(1);
    const text = await runCli(['calibrate', 'score', sheetPath, '--report', reportPath], { cwd: dir });
    expect(text.stdout).toContain(`❌ Not accepted yet: ${judged.length} scored chunks, at least 30 needed`);
    expect(text.stdout).toMatch(/semantic_coherence\s+10\.0\s+\+10\.0\s+1\.00/);
  });

  it('refuses a heuristic report: nothing was judged', async () => {
    double = await startOpenAIDouble();
    const dir = await mkdtemp(join(tmpdir(), 'chunkgate-calibrate-'));
    const run = await runCli(['eval', 'docs', '--format', 'json'], { cwd: demoBase });
    await writeFile(join(dir, 'r.json'), run.stdout);
    const result = await runCli(['calibrate', 'sample', 'r.json'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('r.json has no chunks scored by the LLM judge: run chunkgate eval or diff with --scorer llm --format json first');
    expect(await readFile(join(dir, 'r.json'), 'utf8')).toBe(run.stdout);
  });

  it('guards cells a spreadsheet would evaluate with a leading quote, and score reads the sheet back', async () => {
    double = await startOpenAIDouble();
    const dir = await mkdtemp(join(tmpdir(), 'chunkgate-calibrate-formula-'));
    await mkdir(join(dir, 'docs'));
    const heading = '=HYPERLINK("http://x","y")';
    await writeFile(join(dir, 'docs/links.md'), `# ${heading}\n\nThe link page lists every link of the project. Each link opens in a new tab.\n`);
    const reportPath = join(dir, 'report.json');
    const evalRun = await runCli(['eval', 'docs', '--format', 'json', '--scorer', 'llm', '--llm-base-url', double.baseURL, '--out', reportPath], {
      cwd: dir,
      env: { OPENAI_API_KEY: 'sk-test' },
    });
    await writeFile(reportPath, evalRun.files[reportPath]!);
    const sheetPath = join(dir, 'sheet.csv');
    const sample = await runCli(['calibrate', 'sample', reportPath, '--out', sheetPath], { cwd: dir });
    expect(sample.code, sample.stderr).toBe(0);
    const sheet = sample.files[sheetPath]!;
    // Read as a spreadsheet does: the heading cell is text that starts with a quote, never a formula.
    const rows = parse<Record<string, string>>(sheet, { columns: true });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.heading_path).toBe(`'${heading}`);
    expect(sheet).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(sheet.split('\n').every((line) => !line.split(',').some((cell) => /^"?[=+@]/.test(cell)))).toBe(true);
    // Filled in and saved as the spreadsheet shows it: score reads it back.
    const filled = rows.map((row) => ({ ...row, ...Object.fromEntries(DIMS.map((dim) => [dim, '60'])) }));
    await writeFile(sheetPath, stringify(filled, { header: true, escape_formulas: true }));
    const scored = await runCli(['calibrate', 'score', sheetPath, '--report', reportPath, '--format', 'json'], { cwd: dir });
    expect(scored.stderr).toBe('');
    expect((JSON.parse(scored.stdout) as CalibrationResult).samples).toBe(1);
  });
});
