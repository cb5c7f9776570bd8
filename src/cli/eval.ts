import { resolve } from 'node:path';
import type { FileFacts } from '../compare/facts.js';
import { reportOfFacts } from '../compare/facts.js';
import { buildReport } from '../compare/summary.js';
import { gatingUnchecked } from '../compare/unchecked.js';
import { addBoilerplate, addBoilerplateToEntry, boilerplateOf } from '../engine/boilerplate.js';
import { comparePairs, reportInput, type CompareOptions, type PairLoader } from '../engine/compare-files.js';
import { renderEvalMarkdown, renderEvalText } from '../report/eval.js';
import { renderHtmlReport } from '../report/html/index.js';
import type { FileSources } from '../report/html/types.js';
import { renderJsonFrame } from '../report/json.js';
import { openContentCache } from '../sources/content-cache.js';
import { externalChunker } from '../sources/external-chunker.js';
import { docReader, type DocReader } from '../sources/files.js';
import { embeddingsFor, semanticFor } from '../sources/llm.js';
import type { DocDiff } from '../types.js';
import { oneOf, parseCommandArgs, UsageError } from './args.js';
import { useColor } from './color.js';
import { loadConfigFile } from './config.js';
import { openOutput, type CliIO } from './io.js';
import { LLM_FLAGS, LLM_FLAGS_USAGE, llmSettings, withLlmFlags } from './llm-flags.js';
import { createPool, jobsFor } from './pool.js';
import { createProgress } from './progress.js';
import { pairRunner } from './runner.js';
import { inShard, parseJobs, parseShard, withShard } from './shard.js';
import { openSpool } from './spool.js';
import { nonMarkdownWarnings, resolveTargets, type Target } from './targets.js';

export const EVAL_USAGE = `Usage: chunkgate eval <files|dirs|globs…> [--config F] [--format text|json|md] [--out F] [--html F]
                      [--fail-on none|error|warning] [--jobs N] [--shard I/N] [--scorer heuristic|llm] [--llm-base-url URL] [--model NAME] [--cache-dir DIR]

Chunks and scores Markdown files with the rules of .chunkgate.yml (or the defaults).
With no paths, evaluates the files the config's include/exclude select. Paths may lie
anywhere (e.g. ~/other/docs); symbolic links never lead out of the folder named.

Options:
  --config F       config file (default: ./.chunkgate.yml when present)
  --format FORMAT  text (default), json (every file's chunks, metrics and scores) or md
  --out F          write the report to F instead of standard output
  --html F         also write the HTML chunk map (one self-contained page) to F
  --fail-on LEVEL  exit 1 on what is found, like a linter: none (default: exit 0 whatever
                   the scores), error (a file below a thresholds minimum, or a chunk graded
                   fail) or warning (those, or a chunk graded warn)
  --jobs N         worker threads (default: one per core, none for fewer than 64 files
                   a thread; 1: evaluate in the main thread). The LLM judge and semantic
                   chunking evaluate in the main thread whatever N is.
  --shard I/N      evaluate only slice I of N of the files (a CI matrix); chunkgate merge
                   combines the slices' JSON reports into the report of the whole run
${LLM_FLAGS_USAGE}
                   Given, it also keeps each file's results: files unchanged since a run with
                   the same DIR are not evaluated again (keep DIR between CI runs with actions/cache)

A JSON report is written file by file: only each file's scores stay in memory, for the summary.

With more than one file, the text report starts with a summary: chunks by grade, the worst
files, issues by rule and the files below a minimum.

Exit codes: 0 evaluated (whatever the scores, unless --fail-on), 1 a file could not be
checked (binary, not UTF-8, too large, too slow, parser or chunker failure) or --fail-on
found its level, 2 usage or config error, or nothing to evaluate.`;

/** `--fail-on` levels of `eval`, most lenient first. */
export const EVAL_FAIL_ON = ['none', 'error', 'warning'] as const;

/** What `--fail-on` weighs: threshold failures and chunks by grade. */
interface Found {
  belowMinimum: number;
  fail: number;
  warn: number;
}

/** Whether what was found fails the run under `--fail-on level`. */
export function failsOn(level: (typeof EVAL_FAIL_ON)[number], found: Found): boolean {
  if (level === 'none') return false;
  return found.belowMinimum > 0 || found.fail > 0 || (level === 'warning' && found.warn > 0);
}

/**
 * `chunkgate eval`: exit 0 when every file was evaluated (whatever their scores, unless
 * `--fail-on` finds its level), 1 when one could not be checked (unless `thresholds.unchecked:
 * warn`) or `--fail-on` found its level, 2 on usage or config errors and when the arguments
 * select no file at all.
 */
export async function runEval(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    config: { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
    html: { type: 'string' },
    'fail-on': { type: 'string' },
    jobs: { type: 'string' },
    shard: { type: 'string' },
    ...LLM_FLAGS,
  });
  const format = oneOf('format', values.format, ['text', 'json', 'md'] as const, 'text');
  const failOn = oneOf('fail-on', values['fail-on'], EVAL_FAIL_ON, 'none');
  const jobs = parseJobs(values.jobs);
  const shard = parseShard(values.shard);
  const html = values.html;
  const cacheDir = values['cache-dir'];
  const loaded = await loadConfigFile(io.cwd, values.config);
  // LLM flags over the config; a missing key or embeddings provider stops the run before any file is read.
  const config = withLlmFlags(loaded.config, values);
  const settings = llmSettings(io, values);
  const semantic = semanticFor(config, settings);
  const embeddings = embeddingsFor(config, settings);
  const { targets, skipped } = await resolveTargets(io.cwd, config, positionals);
  for (const warning of nonMarkdownWarnings(targets)) io.stderr(`warning: ${warning}`);
  const notices = skipped.map((skip) => `${skip.path}: skipped (${skip.reason})`);
  if (targets.length === 0) {
    for (const notice of notices) io.stderr(`notice: ${notice}`);
    throw new UsageError(positionals.length > 0 ? 'nothing to evaluate: no Markdown file in the given paths' : 'nothing to evaluate: no Markdown file matches the config\'s include/exclude here');
  }
  // The report lists files in code-unit order (buildReport); written file by file, they are taken in it.
  const all = [...targets].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const chosen = shard ? all.filter((target) => inShard(target.path, shard)) : all;
  const cache = cacheDir !== undefined ? openContentCache(resolve(io.cwd, cacheDir), 'eval') : null;
  const pool = createPool(jobsFor(chosen.length, jobs), io.workerUrl);
  const options: CompareOptions = {
    config,
    // Strategy `external`: the command runs here, in the working directory.
    externalChunks: externalChunker(io.cwd),
    ...(semantic ? { semantic } : {}),
    ...(embeddings ? { embeddings } : {}),
    runner: pairRunner(pool, cache),
  };
  const want = { json: format === 'json', diff: format !== 'json' || html !== undefined, sources: html !== undefined };
  const facts: FileFacts[] = [];
  const diffs: DocDiff[] = [];
  const sources: FileSources[] = [];
  const spool = format === 'json' ? await openSpool() : null;
  // One reader per root: each root's real path is resolved once per run.
  const readers = new Map<string, DocReader>();
  const found: Found = { belowMinimum: 0, fail: 0, warn: 0 };
  const countGrades = (chunks: readonly { grade: string }[]) => {
    for (const chunk of chunks) if (chunk.grade === 'fail' || chunk.grade === 'warn') found[chunk.grade] += 1;
  };
  try {
    // Every file is a new file with no base: the same engine as `diff` and the action, so a file
    // that cannot be read, parsed, chunked or scored in time is an `unchecked` finding here too.
    let run;
    // On a terminal's standard error only: CI logs and redirected output never hold it.
    const progress = createProgress(io.stderrTerminal ?? null, { total: chosen.length, noun: 'files' });
    try {
      run = await comparePairs(chosen.map((target) => loader(target, readers)), options, want, async (result, pair) => {
        progress.tick(pair.path);
        facts.push(result.facts);
        if (result.diff && want.diff) diffs.push(result.diff);
        if (result.sources) sources.push({ path: pair.path, base: null, head: result.sources.head });
        if (spool) await spool.append(pair.path, result.json!);
      });
    } finally {
      progress.done();
      await pool.close();
    }
    if (cache && positionals.length === 0) await cache.prune();
    if (jobs !== undefined && jobs > 1 && !run.pooled) notices.push(`--jobs ${jobs}: the LLM judge and semantic chunking evaluate in the main thread`);
    for (const notice of [...notices, ...run.notices]) io.stderr(`notice: ${notice}`);
    if (cache && run.pooled) io.stderr(`cache: ${cache.stats.hits} of ${cache.stats.hits + cache.stats.misses} files reused from ${cacheDir}`);
    // A slice leaves the cross-file check to `chunkgate merge`, which sees every slice's pages.
    const boilerplate = shard ? null : boilerplateOf(run.pages);
    const input = reportInput(run, options);
    const slice = { command: 'eval' as const, failOn: input.failOn, paths: all.map((target) => target.path), pages: run.pages };
    if (boilerplate) for (const diff of diffs) addBoilerplate(diff, boilerplate);
    if (spool) {
      const sink = await openOutput(io, values.out);
      const { head, tail } = renderJsonFrame(withShard(reportOfFacts(input, facts), shard, slice), facts.length);
      await sink.write(head);
      let first = true;
      for await (const { key, text } of spool.entries()) {
        const entry = boilerplate ? addBoilerplateToEntry(text, key, undefined, boilerplate) : text;
        // Only the written entry holds the chunks' grades (the facts keep none).
        if (failOn !== 'none') countGrades((JSON.parse(entry) as DocDiff).head?.chunks ?? []);
        await sink.write(`${first ? '' : ',\n'}${entry}`);
        first = false;
      }
      await sink.write(tail);
      await sink.close();
    }
    const report = withShard(buildReport({ ...input, files: diffs }), shard, slice);
    if (!spool) for (const diff of diffs) countGrades(diff.head?.chunks ?? []);
    found.belowMinimum = facts.reduce((sum, fact) => sum + fact.diff.failures.length, 0);
    if (!spool) {
      const color = useColor(io.env, values.out ? null : { isTTY: io.stdoutIsTTY });
      await io.output(format === 'md' ? renderEvalMarkdown(report) : renderEvalText(report, { color }), values.out);
    }
    if (html !== undefined) await io.output(renderHtmlReport({ report, sources }), html);
  } finally {
    await spool?.close();
  }
  return gatingUnchecked(facts.map((fact) => fact.diff)).length > 0 || failsOn(failOn, found) ? 1 : 0;
}

/** A file of the run, read when its turn comes (so only the files in flight are in memory). */
function loader(target: Target, readers: Map<string, DocReader>): PairLoader {
  return {
    path: target.path,
    load: async () => {
      let reader = readers.get(target.root);
      if (!reader) readers.set(target.root, (reader = docReader(target.root)));
      const read = await reader(target.rel);
      return {
        path: target.path,
        status: 'added',
        base: null,
        head: 'text' in read ? read.text : null,
        ...('problem' in read ? { unreadable: { head: read.problem } } : {}),
      };
    },
  };
}
