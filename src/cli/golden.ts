import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { stringify } from 'yaml';
import { goldenCoverage, retireCandidates, staleEvidence } from '../golden/check.js';
import { parseReport } from '../history/load.js';
import { parseGolden } from '../golden/load.js';
import { parseSuggestions, SUGGEST_SCHEMA, suggestMessages } from '../golden/suggest.js';
import { docReader, readDocFile } from '../sources/files.js';
import { createOpenAIProvider } from '../sources/openai.js';
import { parseCommandArgs, UsageError, unknownSubcommand } from './args.js';
import { loadConfigFile } from './config.js';
import type { CliIO } from './io.js';
import { nonMarkdownWarnings, resolveTargets } from './targets.js';

export const GOLDEN_USAGE = `Usage: chunkgate golden check [--config F] [--golden F] [--min-runs N] [past-report.json…]
       chunkgate golden suggest <files|dirs|globs…> [--out F] [--per-type N] [--llm-base-url URL] [--model NAME]

check    validates the golden set (default: the config's golden.file) and finds every
         expected excerpt in the docs; lists stale ones. Exit 0 all found, 1 stale, 2 invalid.
         Warns above 50 queries or with a query type A–D missing. Given past JSON
         reports (diff --format json, the action's report.json), lists the queries that were
         perfect on both sides in each of at least --min-runs of them (default 3): candidates
         to retire.
suggest  asks an OpenAI-compatible model (key from OPENAI_API_KEY) for candidate queries of
         each type A–D with verbatim evidence, and writes them for a person to review
         (default: .chunkgate/golden.suggested.yml) — never into the golden set itself.`;

/** `chunkgate golden check|suggest`. */
export async function runGolden(argv: string[], io: CliIO): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'check') return check(rest, io);
  if (sub === 'suggest') return suggest(rest, io);
  throw unknownSubcommand('golden', sub, ['check', 'suggest']);
}

async function readText(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}

/** A repository file through the guarded reader; `null` when it is absent or may not be read. */
async function readInRepo(root: string, path: string): Promise<string | null> {
  const read = await readDocFile(root, path);
  return 'text' in read ? read.text : null;
}

async function check(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { config: { type: 'string' }, golden: { type: 'string' }, 'min-runs': { type: 'string' } });
  const minRuns = Number(values['min-runs'] ?? 3);
  if (!Number.isInteger(minRuns) || minRuns < 1) throw new UsageError(`Unexpected --min-runs ${JSON.stringify(values['min-runs'])}, expected a positive integer`);
  const { config } = await loadConfigFile(io.cwd, values.config);
  const explicit = values.golden;
  const goldenPath = explicit ?? config.golden.file;
  // The config's golden.file is a repository path (guarded); --golden names any file.
  const text = explicit !== undefined ? await readText(resolve(io.cwd, explicit)) : await readInRepo(io.cwd, goldenPath);
  if (text === null) throw new UsageError(`No golden set at ${goldenPath} (set golden.file in the config or pass --golden)`);
  const golden = parseGolden(text, goldenPath);
  const files = [...new Set(golden.queries.flatMap((query) => query.evidence.map((e) => e.file)))];
  // Evidence paths are repository paths: read through the guarded reader, never out of the repository.
  const reader = docReader(io.cwd);
  const reads = new Map(await Promise.all(files.map(async (file) => [file, await reader(file)] as const)));
  const stale = staleEvidence(golden, (path) => {
    const read = reads.get(path);
    if (read === undefined) return null;
    if ('text' in read) return read.text;
    return /ENOENT|ENOTDIR/.test(read.problem.reason) ? null : { unreadable: read.problem.reason };
  });
  const excerpts = golden.queries.reduce((sum, query) => sum + query.evidence.length, 0);
  const byType = ['A', 'B', 'C', 'D'].map((type) => `${type} ${golden.queries.filter((q) => q.type === type).length}`).join(' · ');
  io.stdout(`${goldenPath}: ${golden.queries.length} queries (${byType}), ${excerpts} excerpts`);
  for (const warning of goldenCoverage(golden).warnings) io.stdout(`warning: ${warning}`);
  if (positionals.length > 0) {
    const reports = await Promise.all(
      positionals.map(async (path) => {
        const text = await readText(resolve(io.cwd, path));
        if (text === null) throw new UsageError(`cannot read past report ${path}`);
        return parseReport(text, path);
      }),
    );
    const asked = reports.filter((report) => report.retrieval !== undefined).length;
    const retire = retireCandidates(golden, reports, { minRuns });
    io.stdout(
      retire.length === 0
        ? `no query was perfect in every one of at least ${minRuns} past runs (${asked} of ${reports.length} reports have golden-set results)`
        : `${retire.length} ${retire.length === 1 ? 'query was' : 'queries were'} perfect (rank 1, recall 1, base and head) in every past run — candidates to retire to a regression suite, making room for harder C/D queries:`,
    );
    for (const item of retire) io.stdout(`  ${item.id}  type ${item.type}, perfect in ${item.runs} runs`);
  }
  if (stale.length === 0) {
    io.stdout('every excerpt is in the docs');
    return 0;
  }
  io.stdout(`${stale.length} stale excerpt${stale.length === 1 ? '' : 's'}:`);
  for (const item of stale) {
    const why = item.reason === 'missing-file' ? 'file not found' : item.reason === 'unreadable-file' ? `file not read: ${item.detail}` : 'passage not in the file';
    io.stdout(`  ${item.id}  ${item.file}: ${why}: "${item.text.replace(/\s+/g, ' ').slice(0, 80)}"`);
  }
  return 1;
}

async function suggest(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    config: { type: 'string' },
    out: { type: 'string' },
    'per-type': { type: 'string' },
    'llm-base-url': { type: 'string' },
    model: { type: 'string' },
  });
  if (positionals.length === 0) throw new UsageError('golden suggest needs the docs files to ask about');
  const { config } = await loadConfigFile(io.cwd, values.config);
  const perType = Number(values['per-type'] ?? 2);
  if (!Number.isInteger(perType) || perType < 1 || perType > 10) {
    throw new UsageError(`Unexpected --per-type ${JSON.stringify(values['per-type'])}, expected a whole number from 1 to 10`);
  }
  const out = values.out ?? '.chunkgate/golden.suggested.yml';
  if (resolve(io.cwd, out) === resolve(io.cwd, config.golden.file)) {
    throw new UsageError(`--out ${out} is the golden set itself: suggestions go to a separate file for a person to review`);
  }
  const baseURL = values['llm-base-url'] ?? config.llm.baseURL;
  const apiKey = io.env.OPENAI_API_KEY ?? null;
  if (!apiKey && !baseURL) throw new UsageError('golden suggest needs a model: set OPENAI_API_KEY, or --llm-base-url for a local OpenAI-compatible server');
  const { targets, skipped } = await resolveTargets(io.cwd, config, positionals);
  for (const skip of skipped) io.stderr(`notice: ${skip.path}: skipped (${skip.reason})`);
  for (const warning of nonMarkdownWarnings(targets)) io.stderr(`warning: ${warning}`);
  const files: { path: string; text: string }[] = [];
  for (const target of targets) {
    const read = await readDocFile(target.root, target.rel);
    if ('text' in read) files.push({ path: target.path, text: read.text });
    else io.stderr(`notice: ${target.path}: not sent to the model (${read.problem.reason})`);
  }
  if (files.length === 0) throw new UsageError('No Markdown files found in the given paths');
  const provider = createOpenAIProvider({ apiKey, baseURL, timeoutMs: config.llm.timeout });
  const model = values.model ?? config.llm.model;
  const response = await provider.complete({ model, messages: suggestMessages(files, perType), schema: SUGGEST_SCHEMA });
  if (!response.content) throw new Error(`the model gave no suggestions${response.refusal ? `: ${response.refusal}` : ''}`);
  const { queries, dropped } = parseSuggestions(response.content, files);
  const header = [
    `# Suggested by chunkgate golden suggest (${model}) from: ${files.map((f) => f.path).join(', ')}`,
    '# Review every query and its evidence; copy the good ones into the golden set by hand.',
    '',
  ].join('\n');
  const body = stringify({ queries }, { lineWidth: 0 });
  await mkdir(dirname(resolve(io.cwd, out)), { recursive: true });
  await writeFile(resolve(io.cwd, out), header + body);
  io.stdout(`${queries.length} suggested queries written to ${out}${dropped > 0 ? ` (${dropped} evidence passages were not verbatim and were left out)` : ''}`);
  return 0;
}
