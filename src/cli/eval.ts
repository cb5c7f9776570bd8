import { resolve } from 'node:path';
import type { ExternalChunk } from '../chunking/presets/index.js';
import { fileFacts, reportOfFacts, type FileFacts } from '../compare/facts.js';
import { buildReport } from '../compare/summary.js';
import { settingsFor } from '../config/resolve.js';
import type { Config } from '../config/types.js';
import type { EvalFileTask } from '../engine/eval-file.js';
import { renderEvalMarkdown, renderEvalText } from '../report/eval.js';
import type { FileSources } from '../report/html/types.js';
import { renderHtmlReport } from '../report/html/index.js';
import { renderJsonFrame } from '../report/json.js';
import { openContentCache, type ContentCache } from '../sources/content-cache.js';
import { runExternalChunker } from '../sources/external-chunker.js';
import { discoverFiles, readDocFile } from '../sources/files.js';
import type { DocDiff, Report } from '../types.js';
import { VERSION } from '../version.js';
import { oneOf, parseCommandArgs } from './args.js';
import { loadConfigFile } from './config.js';
import { openOutput, type CliIO } from './io.js';
import { forEachOrdered } from './ordered.js';
import { createPool, inFlightFiles, jobsFor, type Pool } from './pool.js';
import { inShard, parseJobs, parseShard, pathsDigest, type Shard } from './shard.js';
import type { EvalAnswer } from './tasks.js';

export const EVAL_USAGE = `Usage: chunkgate eval <files|dirs|globs…> [--config F] [--format text|json|md] [--out F] [--html F]
                      [--jobs N] [--shard I/N] [--cache-dir DIR]

Chunks and scores Markdown files with the rules of .chunkgate.yml (or the defaults).
With no paths, evaluates the files the config's include/exclude select.

Options:
  --config F       config file (default: ./.chunkgate.yml when present)
  --format FORMAT  text (default), json (the SPEC §2 report) or md
  --out F          write the report to F instead of standard output
  --html F         also write the HTML chunk map (one self-contained page) to F
  --jobs N         worker threads (default: one per core, none for fewer than 64 files
                   a thread; 1: evaluate in the main thread)
  --shard I/N      evaluate only slice I of N of the files (a CI matrix); chunkgate merge
                   combines the slices' JSON reports into the report of the whole run
  --cache-dir DIR  reuse the results of files unchanged since a run with the same DIR
                   (a content-hash cache; keep DIR between CI runs with actions/cache)

A JSON report is written file by file: only each file's scores stay in memory, for the summary.`;

/** One evaluated file as the report needs it: the pool's answer, or the cache's. */
type Evaluated = Omit<EvalAnswer, 'kind'>;

/** What the content cache keeps per file: the JSON entry, and the rest re-derived from it. */
interface CachedEval {
  entry: string;
  warnings: string[];
}

/** `chunkgate eval`: exit 0 when the files were evaluated (whatever their scores). */
export async function runEval(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    config: { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
    html: { type: 'string' },
    jobs: { type: 'string' },
    shard: { type: 'string' },
    'cache-dir': { type: 'string' },
  });
  const format = oneOf('format', values.format, ['text', 'json', 'md'] as const, 'text');
  const jobs = parseJobs(values.jobs as string | undefined);
  const shard = parseShard(values.shard as string | undefined);
  const html = values.html as string | undefined;
  const cacheDir = values['cache-dir'] as string | undefined;
  const { config } = await loadConfigFile(io.cwd, values.config as string | undefined);
  const discovered = await discoverFiles(io.cwd, config, positionals.length > 0 ? positionals : undefined);
  const notices = discovered.skipped.map((skip) => `${skip.path}: skipped (${skip.reason})`);
  // The report lists files in code-unit order (buildReport); written file by file, they are taken in it.
  const all = [...discovered.files].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const paths = shard ? all.filter((path) => inShard(path, shard)) : all;
  const cache = cacheDir !== undefined ? openContentCache(resolve(io.cwd, cacheDir), 'eval') : null;
  const pool = createPool(jobsFor(paths.length, jobs), io.workerUrl);
  const want = { json: format === 'json', diff: format !== 'json' || html !== undefined, source: html !== undefined };
  const facts: FileFacts[] = [];
  const diffs: DocDiff[] = [];
  const sources: FileSources[] = [];
  const sink = format === 'json' ? await openOutput(io, values.out as string | undefined) : null;
  const frame = (entries: number) => renderJsonFrame(finalReport(config, facts, shard, all), entries);
  let written = 0;
  try {
    await forEachOrdered(
      paths,
      inFlightFiles(pool),
      (path) => evaluatePath(io, config, path, pool, cache, want, notices),
      async (evaluated) => {
        if (!evaluated) return;
        notices.push(...evaluated.warnings);
        facts.push(evaluated.facts);
        if (evaluated.diff && want.diff) diffs.push(evaluated.diff);
        if (evaluated.source) sources.push({ path: evaluated.facts.diff.path, base: null, head: evaluated.source });
        if (sink && evaluated.json !== undefined && want.json) {
          // The head holds only the config: it can be written before any summary exists.
          await sink.write(written === 0 ? frame(1).head + evaluated.json : `,\n${evaluated.json}`);
          written += 1;
        }
      },
    );
  } finally {
    await pool.close();
  }
  if (cache && positionals.length === 0) await cache.prune();
  for (const notice of notices) io.stderr(`notice: ${notice}`);
  if (cache) io.stderr(`cache: ${cache.stats.hits} of ${cache.stats.hits + cache.stats.misses} files reused from ${cacheDir}`);
  if (sink) {
    const { head, tail } = frame(written);
    await sink.write(written === 0 ? head + tail : tail);
    await sink.close();
  } else {
    const report = withShard(buildReport(reportInput(config, diffs)), shard, all);
    await io.output(format === 'md' ? renderEvalMarkdown(report) : renderEvalText(report), values.out as string | undefined);
  }
  if (html !== undefined) {
    const report = withShard(buildReport(reportInput(config, diffs)), shard, all);
    await io.output(renderHtmlReport({ report, sources }), html);
  }
  return 0;
}

/**
 * Reads, chunks and scores one file: from the content cache when its key is there, else on the
 * pool (the external chunker, which runs a command, always runs here). `null` when the file is
 * skipped or left out; the reason is added to `notices`.
 */
async function evaluatePath(
  io: CliIO,
  config: Config,
  path: string,
  pool: Pool,
  cache: ContentCache | null,
  want: { json: boolean; diff: boolean; source: boolean },
  notices: string[],
): Promise<Evaluated | null> {
  const read = await readDocFile(io.cwd, path);
  if ('skipped' in read) {
    notices.push(`${path}: skipped (${read.skipped})`);
    return null;
  }
  const settings = settingsFor(config, path);
  let external: ExternalChunk[] | undefined;
  if (settings.chunking.strategy === 'external') {
    try {
      external = await runExternalChunker(path, read.text, settings.chunking, io.cwd);
    } catch (error) {
      // Strategy `external`: a file the command fails on is left out, with its error as a notice.
      notices.push(`${error instanceof Error ? error.message : String(error)}; ${path} is left out of this report`);
      return null;
    }
  }
  const task: EvalFileTask = { path, text: read.text, settings, weights: config.scoring.weights, ...(external ? { external } : {}) };
  // The HTML page needs each file's source and sections, which the cache does not keep.
  const key = cache && !want.source ? cache.key({ path, text: read.text, settings, weights: task.weights, external: external ?? null }) : null;
  if (cache && key !== null) {
    const cached = await cache.get<CachedEval>(key);
    if (cached) return fromEntry(cached);
  }
  const answer = await pool.run({ kind: 'eval', file: { ...task, withSource: want.source }, want: { json: want.json || key !== null, diff: want.diff } });
  if (answer.kind !== 'eval') throw new Error(`evaluating ${path}: unexpected ${answer.kind} result`);
  if (cache && key !== null && answer.json !== undefined) await cache.set(key, { entry: answer.json, warnings: answer.warnings } satisfies CachedEval);
  return answer;
}

/** A cache hit: the entry is written as it was; the diff behind it is parsed back for the summary. */
function fromEntry(cached: CachedEval): Evaluated {
  const diff = JSON.parse(cached.entry) as DocDiff;
  return { json: cached.entry, diff, facts: fileFacts(diff), warnings: cached.warnings };
}

function reportInput(config: Config, files: DocDiff[]) {
  return { version: VERSION, config, scorer: 'heuristic' as const, files, failOn: config.thresholds.failOn, partial: false, cost: null };
}

function finalReport(config: Config, facts: readonly FileFacts[], shard: Shard | undefined, all: readonly string[]): Report {
  const { files: _files, ...input } = reportInput(config, []);
  return withShard(reportOfFacts(input, facts), shard, all);
}

/** Marks the report of a slice (`--shard`) with what `chunkgate merge` checks and needs. */
function withShard(report: Report, shard: Shard | undefined, all: readonly string[]): Report {
  if (!shard) return report;
  const failOn = (report.config as Config).thresholds.failOn;
  return { ...report, shard: { index: shard.index, count: shard.count, command: 'eval', failOn, paths: pathsDigest(all) } };
}

