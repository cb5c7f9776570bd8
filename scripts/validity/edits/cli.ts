/**
 * `npm run validity -- --edits`: the edit-level validity harness. For each golden set
 * (English and Chinese Tauri docs), every seeded edit family on the page of each query's first
 * evidence excerpt; the truth from the golden query over the whole docs corpus; each judge's
 * verdict. Prints per corpus and per family: cases, worse, better, gated, gated∧worse,
 * precision, recall, and the neutral families' false-alarm rate.
 *
 * Flags: `--judge baseline|gate|probes|all` or a comma-separated list (default `baseline`; `gate`:
 * the gate with the retrieval probes, `probes`: every passage they report), `--limit N` (the first N queries of
 * each set), `--family a,b` (only those families), `--json FILE` (the report and every case).
 * Probe experiments: `--probe-kinds a,b` (probe kinds instead of the default ones, e.g.
 * `simulated`), `--simulation JSON` (the simulated probes' shape, `SimulationShape`),
 * `--dump-probes` (each passage's probe stands in the probes judge's verdict, for `curves.ts`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configSchema } from '../../../src/config/schema.js';
import { parseGolden } from '../../../src/golden/load.js';
import type { CorpusFile } from '../experiment.js';
import { FAMILIES, type Family } from './families.js';
import { analysesOf, baselineJudge, gateJudge, type Judge } from './judges.js';
import { probeJudge } from './probe-judge.js';
import { combinedReport, renderSetReport, setReport } from './report.js';
import { runSet, type SetRun } from './run.js';

/** A golden set and the corpus its pages come from, as `main.ts` lists them. */
export interface EditsSet {
  name: string;
  /** The golden set's folder (golden.yml, docs/). */
  dir: string;
  /** The whole docs corpus, or `null` when it is missing (then the golden pages stand in, with a note). */
  corpus: () => CorpusFile[] | null;
  /** The golden set's own pages. */
  own: () => CorpusFile[];
}

/** The value of `--name VALUE` in `argv`. */
function flag(argv: readonly string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at === -1 ? undefined : argv[at + 1];
}

/** Runs the harness over `sets`; writes the report to stdout (and `--json FILE`). */
export async function runEdits(argv: readonly string[], sets: readonly EditsSet[]): Promise<void> {
  const judgeFlag = flag(argv, '--judge') ?? 'baseline';
  const wantedJudges = new Set(judgeFlag === 'all' ? ['baseline', 'gate', 'probes'] : judgeFlag.split(',').map((name) => name.trim()));
  for (const name of wantedJudges) if (!['baseline', 'probes', 'gate'].includes(name)) throw new Error(`--judge ${name}: expected baseline, probes, gate, a comma-separated list of them, or all`);
  const limitFlag = flag(argv, '--limit');
  const limit = limitFlag === undefined ? undefined : Number(limitFlag);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new Error(`--limit ${limitFlag}: expected a whole number of queries, 1 or more`);
  const familyFlag = flag(argv, '--family');
  const families = familyFlag?.split(',').map((name) => name.trim()) as Family[] | undefined;
  const unknown = families?.filter((family) => !(FAMILIES as readonly string[]).includes(family)) ?? [];
  if (unknown.length > 0) throw new Error(`--family ${unknown.join(', ')}: unknown (allowed: ${FAMILIES.join(', ')})`);
  const jsonAt = flag(argv, '--json');

  const config = configSchema.parse({});
  const analyses = analysesOf(config);
  const judges: Record<string, Judge> = {};
  const notes: string[] = [];
  if (wantedJudges.has('baseline')) judges.baseline = baselineJudge(config, analyses);
  // The gate as chunkgate runs it: the pair's findings with the retrieval probes'.
  if (wantedJudges.has('gate')) judges.gate = gateJudge(config, analyses);
  if (wantedJudges.has('probes')) {
    const kinds = flag(argv, '--probe-kinds')?.split(',').map((name) => name.trim());
    const simulation = flag(argv, '--simulation');
    let shape: unknown;
    try {
      shape = simulation === undefined ? undefined : JSON.parse(simulation);
    } catch {
      throw new Error(`--simulation ${simulation}: expected JSON, e.g. {"count":12,"content":1,"common":1,"heading":1,"noise":1}`);
    }
    const probes = await probeJudge({ ...(kinds ? { kinds } : {}), ...(shape !== undefined ? { simulation: shape } : {}), dump: argv.includes('--dump-probes') });
    if ('judge' in probes) judges.probes = probes.judge;
    else notes.push(`probes judge skipped: ${probes.missing}`);
  }
  const names = Object.keys(judges);
  for (const note of notes) process.stdout.write(`note: ${note}\n`);

  const started = performance.now();
  const runs: SetRun[] = [];
  for (const set of sets) {
    const golden = parseGolden(readFileSync(join(set.dir, 'golden.yml'), 'utf8'), `${set.dir}/golden.yml`);
    const corpus = set.corpus();
    if (!corpus) notes.push(`${set.name}: the docs corpus is missing; the golden pages stand in for it`);
    const run = await runSet({
      name: set.name,
      golden,
      corpus: corpus ?? set.own(),
      config,
      judges,
      analyses,
      ...(limit !== undefined ? { limit } : {}),
      ...(families ? { families } : {}),
      progress: (done, total) => {
        if (process.stderr.isTTY) process.stderr.write(`\r${set.name}: ${done}/${total} queries`);
        else if (done % 25 === 0 || done === total) process.stderr.write(`${set.name}: ${done}/${total} queries, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
      },
    });
    if (process.stderr.isTTY) process.stderr.write('\n');
    runs.push(run);
    process.stdout.write(`${renderSetReport(setReport(run, names), names)}\n\n`);
  }
  if (runs.length > 1) process.stdout.write(`${renderSetReport(combinedReport(runs, names), names)}\n\n`);
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(`total: ${runs.reduce((sum, run) => sum + run.cases.length, 0)} cases in ${seconds.toFixed(1)} s\n`);
  for (const note of notes.filter((note) => !note.startsWith('probes judge'))) process.stdout.write(`note: ${note}\n`);
  if (jsonAt) {
    const report = {
      judges: names,
      notes,
      seconds,
      corpora: runs.map((run) => setReport(run, names)),
      all: combinedReport(runs, names),
      cases: runs.flatMap((run) => run.cases.map((item) => ({ corpus: run.name, ...item }))),
    };
    writeFileSync(jsonAt, `${JSON.stringify(report, null, 2)}\n`);
  }
}
