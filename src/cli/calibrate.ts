import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { renderCalibration } from '../calibration/render.js';
import { drawSample } from '../calibration/sample.js';
import { scoreCalibration } from '../calibration/score.js';
import { readSheet, writeSheet, type SheetFormat } from '../calibration/sheet.js';
import { parseReport } from '../history/load.js';
import { oneOf, parseCommandArgs, UsageError, unknownSubcommand } from './args.js';
import type { CliIO } from './io.js';

export const CALIBRATE_USAGE = `Usage: chunkgate calibrate sample <report.json> [--out sheet.csv|sheet.yml] [--per-document N] [--seed S] [--format csv|yaml]
       chunkgate calibrate score <sheet.csv|sheet.yml> --report <report.json> [--format text|md|json]

sample  draws the chunks the LLM judge scored in a report (chunkgate eval/diff --scorer llm
        --format json): per document min(N, all) chunks (default 24), stratified by grade
        (4 per grade first, where available), reproducible for a seed. Writes a sheet with the
        five rubric dimensions left blank for a person to fill in (20–100), without the
        judge's scores. Format from --format, else the --out extension, else csv.
score   reads the filled-in sheet and scores the judge against it: MAE, bias (judge − human)
        and Spearman's rank correlation per dimension and overall, and the acceptance
        check (≥ 30 chunks, overall MAE < 15 as shown, to one decimal). Exit 0 accepted,
        1 not yet, 2 bad input.`;

/** `chunkgate calibrate sample|score`. */
export async function runCalibrate(argv: string[], io: CliIO): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'sample') return sample(rest, io);
  if (sub === 'score') return score(rest, io);
  throw unknownSubcommand('calibrate', sub, ['sample', 'score']);
}

async function readText(io: CliIO, path: string, what: string): Promise<string> {
  try {
    return await readFile(resolve(io.cwd, path), 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${what} ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { cause: error });
  }
}

function formatOf(path: string | undefined, explicit: string | undefined): SheetFormat {
  const fromName = path && ['.yml', '.yaml'].includes(extname(path).toLowerCase()) ? 'yaml' : 'csv';
  return oneOf('format', explicit, ['csv', 'yaml'] as const, fromName);
}

async function sample(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    out: { type: 'string' },
    'per-document': { type: 'string' },
    seed: { type: 'string' },
    format: { type: 'string' },
  });
  if (positionals.length !== 1) throw new UsageError('calibrate sample needs one JSON report');
  const perDocument = Number(values['per-document'] ?? 24);
  if (!Number.isInteger(perDocument) || perDocument < 1) {
    throw new UsageError(`Unexpected --per-document ${JSON.stringify(values['per-document'])}, expected a positive integer`);
  }
  const out = values.out;
  const format = formatOf(out, values.format);
  const path = positionals[0]!;
  const report = parseReport(await readText(io, path, 'report'), path);
  const items = drawSample(report, { perDocument, ...(values.seed !== undefined ? { seed: values.seed } : {}) });
  if (items.length === 0) throw new Error(`${path} has no chunks scored by the LLM judge: run chunkgate eval or diff with --scorer llm --format json first`);
  await io.output(writeSheet(items, format), out);
  if (out) io.stderr(`${items.length} chunks from ${new Set(items.map((item) => item.file)).size} files written to ${out}; fill in the five dimensions (20–100), then run chunkgate calibrate score ${out} --report ${path}`);
  return 0;
}

async function score(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { report: { type: 'string' }, format: { type: 'string' }, out: { type: 'string' } });
  if (positionals.length !== 1) throw new UsageError('calibrate score needs one filled-in sheet');
  const reportPath = values.report;
  if (!reportPath) throw new UsageError('calibrate score needs --report, the JSON report the sheet was drawn from');
  const format = oneOf('format', values.format, ['text', 'md', 'json'] as const, 'text');
  const sheetPath = positionals[0]!;
  const sheet = readSheet(await readText(io, sheetPath, 'sheet'), sheetPath, formatOf(sheetPath, undefined));
  if (sheet.scores.length === 0) throw new Error(`${sheetPath}: no chunk is scored yet: fill in the five dimensions (20–100) of some rows`);
  const report = parseReport(await readText(io, reportPath, 'report'), reportPath);
  const result = scoreCalibration(sheet.scores, report);
  const rendered =
    format === 'json' ? `${JSON.stringify({ ...result, unscored: sheet.unscored }, null, 2)}\n` : renderCalibration(result, { markdown: format === 'md', unscored: sheet.unscored });
  await io.output(rendered, values.out);
  return result.acceptance.passed ? 0 : 1;
}
