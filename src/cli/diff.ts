import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { decide } from '../compare/verdict.js';
import { parseConfig } from '../config/load.js';
import { isIncluded } from '../config/resolve.js';
import { FAIL_ON_VALUES, type Config, type FailOn } from '../config/types.js';
import { compareFiles, type FilePair } from '../engine/compare-files.js';
import { externalChunker } from '../sources/external-chunker.js';
import type { RetrievalInput, SourceText } from '../engine/retrieval.js';
import { openContentCache } from '../sources/content-cache.js';
import { readFilesAt } from '../sources/git-blobs.js';
import type { Report } from '../types.js';
import { chunkCorpus, corpusKey } from './corpus.js';
import { createPool, jobsFor } from './pool.js';
import { inShard, parseJobs, parseShard, pathsDigest } from './shard.js';
import { parseGolden } from '../golden/load.js';
import { renderComment } from '../report/comment.js';
import { renderHtmlReport } from '../report/html/index.js';
import { renderJson } from '../report/json.js';
import { renderText } from '../report/text.js';
import { isMarkdownPath } from '../sources/changed-file.js';
import { discoverFiles, readDocFile } from '../sources/files.js';
import { denseFor, semanticFor } from '../sources/llm.js';
import { changedFiles, defaultBranch, mergeBase, showFile } from '../sources/git.js';
import { VERSION } from '../version.js';
import { oneOf, parseCommandArgs, UsageError } from './args.js';
import { CONFIG_FILE } from './config.js';
import type { CliIO } from './io.js';

export const DIFF_USAGE = `Usage: chunkgate diff [--base REF] [--head REF] [--repo DIR] [--config F] [--format md|json|text] [--out F] [--html F] [--no-fail]
                      [--jobs N] [--shard I/N] [--cache-dir DIR] [paths…]
       chunkgate diff --base-dir DIR --head-dir DIR [same options]

Compares the chunks of changed Markdown between a base and a head — the same
comparison the GitHub Action posts on a pull request. The rules come from the
base side's .chunkgate.yml (or --config), so a change cannot loosen its own gate.

Options:
  --base REF        base commit (default: merge base of HEAD with the default branch)
  --head REF        head commit (default: the working tree)
  --repo DIR        git repository (default: the current directory)
  --base-dir DIR    compare two folders instead of two commits (with --head-dir)
  --head-dir DIR
  --config F        config file (default: .chunkgate.yml of the base side)
  --fail-on LIST    comma-separated: threshold, regression, partial (default: the config's)
  --format FORMAT   md (exactly the PR comment), json (the SPEC §2 report) or text (default)
  --out F           write the report to F instead of standard output
  --html F          also write the HTML chunk map (one self-contained page) to F
  --no-fail         exit 0 even when the verdict fails
  --scorer S        heuristic (offline, default) or llm (key from OPENAI_API_KEY)
  --llm-base-url U  any OpenAI-compatible API (default: the config's llm.baseURL)
  --model NAME      model for the llm scorer (default: the config's llm.model)
  --cache-dir DIR   LLM judge cache (default: the config's llm.cache); given, it also keeps the
                    chunks of golden-set corpus files, so unchanged files are not chunked again
                    (keep DIR between CI runs with actions/cache)
  --jobs N          worker threads that chunk the golden-set corpus (default: one per core,
                    none for fewer than 64 files a thread; 1: the main thread)
  --shard I/N       compare only slice I of N of the changed files (a CI matrix; slice 1 also
                    runs the golden set); chunkgate merge combines the slices' JSON reports

Exit codes: 0 pass, 1 verdict fail, 2 usage or config error.`;

/** `chunkgate diff`: exit 0 pass, 1 fail, 2 usage/config error. */
export async function runDiff(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    base: { type: 'string' },
    head: { type: 'string' },
    repo: { type: 'string' },
    'base-dir': { type: 'string' },
    'head-dir': { type: 'string' },
    config: { type: 'string' },
    'fail-on': { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
    html: { type: 'string' },
    'no-fail': { type: 'boolean' },
    scorer: { type: 'string' },
    'llm-base-url': { type: 'string' },
    model: { type: 'string' },
    'cache-dir': { type: 'string' },
    jobs: { type: 'string' },
    shard: { type: 'string' },
  });
  const format = oneOf('format', values.format, ['md', 'json', 'text'] as const, 'text');
  const jobs = parseJobs(values.jobs as string | undefined);
  const shard = parseShard(values.shard as string | undefined);
  const baseDir = values['base-dir'] as string | undefined;
  const headDir = values['head-dir'] as string | undefined;
  if ((baseDir === undefined) !== (headDir === undefined)) throw new UsageError('--base-dir and --head-dir go together');
  if (baseDir !== undefined && (values.base !== undefined || values.head !== undefined)) {
    throw new UsageError('use either --base/--head (git) or --base-dir/--head-dir (folders), not both');
  }
  const failOn = parseFailOn(values['fail-on'] as string | undefined);
  const side =
    baseDir !== undefined
      ? await foldersSide(io, baseDir, headDir!, values.config as string | undefined, positionals)
      : await gitSide(io, values, positionals);
  const config = withLlmFlags(side.config, values);
  const semantic = semanticFor(config, {
    apiKey: io.env.OPENAI_API_KEY ?? null,
    root: io.cwd,
    cacheDir: (values['cache-dir'] as string | undefined) ?? null,
  });
  const llmSettings = { apiKey: io.env.OPENAI_API_KEY ?? null, root: io.cwd, cacheDir: (values['cache-dir'] as string | undefined) ?? null };
  const dense = denseFor(config, llmSettings);
  // A slice compares its share of the changed files; the golden set, which needs the whole
  // corpus, runs in slice 1 only (chunkgate merge takes it from there).
  const allPaths = side.pairs.map((pair) => pair.path);
  const pairs = shard ? side.pairs.filter((pair) => inShard(pair.path, shard)) : side.pairs;
  const retrieval =
    side.goldenText === null || (shard && shard.index !== 1)
      ? undefined
      : await goldenRetrieval(side, config, pairs, { jobs, cacheDir: values['cache-dir'] as string | undefined, prune: positionals.length === 0 }, io);
  const { report: compared, notices, sources } = await compareFiles(pairs, {
    config,
    ...(failOn ? { failOn } : {}),
    ...(semantic ? { semantic } : {}),
    ...(retrieval ? { retrieval: { ...retrieval, ...(dense ? { dense } : {}) } } : {}),
    externalChunks: externalChunker(io.cwd),
  });
  const effectiveFailOn = failOn ?? config.thresholds.failOn;
  const report: Report = shard
    ? { ...compared, shard: { index: shard.index, count: shard.count, command: 'diff', failOn: effectiveFailOn, paths: pathsDigest(allPaths) } }
    : compared;
  const allNotices = [...side.notices, ...notices];
  for (const notice of allNotices) io.stderr(`notice: ${notice}`);
  const decision = decide(report.files, failOn ?? config.thresholds.failOn, {
    partial: report.summary.partial,
    retrievalFailures: report.retrieval?.failures.length ?? 0,
  });
  const rendered =
    format === 'json'
      ? renderJson(report)
      : format === 'md'
        ? renderComment(report, {
            version: VERSION,
            chunking: config.chunking,
            configChanged: side.configChanged,
            notices: allNotices,
            charts: true,
            ...(side.baseSha ? { baseSha: side.baseSha } : {}),
            ...(side.headSha ? { headSha: side.headSha } : {}),
            ...(failOn ? { failOn } : {}),
          })
        : renderText(report);
  await io.output(rendered, values.out as string | undefined);
  const html = values.html as string | undefined;
  if (html !== undefined) {
    const shas = { ...(side.baseSha ? { baseSha: side.baseSha } : {}), ...(side.headSha ? { headSha: side.headSha } : {}) };
    await io.output(renderHtmlReport({ report, sources, ...shas }), html);
  }
  return values['no-fail'] ? 0 : decision.exitCode;
}

interface Side {
  pairs: FilePair[];
  config: Config;
  configChanged: boolean;
  notices: string[];
  /** The golden set's text on the base side (`null`: no golden file, no retrieval). */
  goldenText: string | null;
  /** Every docs file of both sides, read when retrieval needs them. */
  corpus: () => Promise<{ base: SourceText[]; head: SourceText[] }>;
  baseSha?: string;
  headSha?: string;
}

const FAIL_ON: readonly FailOn[] = FAIL_ON_VALUES;

/** `--scorer`, `--model` and `--llm-base-url` over the config's `scoring` and `llm`. */
function withLlmFlags(config: Config, values: Record<string, unknown>): Config {
  const scorer = oneOf('scorer', values.scorer, ['heuristic', 'llm'] as const, config.scoring.scorer);
  const model = values.model as string | undefined;
  const baseURL = values['llm-base-url'] as string | undefined;
  return {
    ...config,
    scoring: { ...config.scoring, scorer },
    llm: { ...config.llm, ...(model ? { model } : {}), ...(baseURL ? { baseURL } : {}) },
  };
}

function parseFailOn(text: string | undefined): FailOn[] | undefined {
  if (text === undefined) return undefined;
  const items = text.split(',').map((item) => item.trim()).filter(Boolean);
  for (const item of items) {
    if (!FAIL_ON.includes(item as FailOn)) {
      throw new UsageError(`Unexpected --fail-on ${JSON.stringify(item)}, expected a comma-separated list of: ${FAIL_ON.join(', ')}`);
    }
  }
  return items as FailOn[];
}

/** The config of the base side: `--config`, else the base's `.chunkgate.yml`, else defaults. */
function configFrom(text: string | null, name: string): Config {
  return parseConfig(text ?? '', text === null ? '(defaults)' : name);
}

async function readOptional(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return null;
  }
}

async function foldersSide(io: CliIO, baseDir: string, headDir: string, configPath: string | undefined, patterns: string[]): Promise<Side> {
  const baseRoot = resolve(io.cwd, baseDir);
  const headRoot = resolve(io.cwd, headDir);
  const baseConfigText = await readOptional(join(baseRoot, CONFIG_FILE));
  const headConfigText = await readOptional(join(headRoot, CONFIG_FILE));
  const config = configPath
    ? configFrom(await readFile(resolve(io.cwd, configPath), 'utf8'), configPath)
    : configFrom(baseConfigText, CONFIG_FILE);
  const list = (root: string) => discoverFiles(root, config, patterns.length > 0 ? patterns : undefined);
  const [baseFiles, headFiles] = await Promise.all([list(baseRoot), list(headRoot)]);
  const notices = [...baseFiles.skipped, ...headFiles.skipped].map((skip) => `${skip.path}: skipped (${skip.reason})`);
  const read = async (root: string, path: string): Promise<string | null> => {
    const result = await readDocFile(root, path);
    if ('skipped' in result) {
      notices.push(`${path}: skipped (${result.skipped})`);
      return null;
    }
    return result.text;
  };
  const paths = [...new Set([...baseFiles.files, ...headFiles.files])].sort();
  const inBase = new Set(baseFiles.files);
  const inHead = new Set(headFiles.files);
  const pairs: FilePair[] = [];
  for (const path of paths) {
    const base = inBase.has(path) ? await read(baseRoot, path) : null;
    const head = inHead.has(path) ? await read(headRoot, path) : null;
    if (base === null && head === null) continue;
    if (base !== null && head !== null && base === head) continue;
    pairs.push({ path, status: base === null ? 'added' : head === null ? 'removed' : 'modified', base, head });
  }
  const readAll = async (root: string, files: string[]) =>
    (await Promise.all(files.map(async (path) => ({ path, text: await read(root, path) })))).filter((f): f is SourceText => f.text !== null);
  return {
    pairs: followRenames(pairs),
    config,
    configChanged: !configPath && baseConfigText !== headConfigText,
    notices,
    goldenText: await readOptional(join(baseRoot, config.golden.file)),
    corpus: async () => ({ base: await readAll(baseRoot, baseFiles.files), head: await readAll(headRoot, headFiles.files) }),
  };
}

/** Pairs a removed file with an added file of identical text as one rename. */
function followRenames(pairs: FilePair[]): FilePair[] {
  const removed = new Map(pairs.filter((pair) => pair.status === 'removed').map((pair) => [pair.base!, pair]));
  const renamedFrom = new Set<FilePair>();
  const result: FilePair[] = [];
  for (const pair of pairs) {
    const source = pair.status === 'added' ? removed.get(pair.head!) : undefined;
    if (source && !renamedFrom.has(source)) {
      renamedFrom.add(source);
      result.push({ path: pair.path, previousPath: source.path, status: 'renamed', base: source.base, head: pair.head });
    } else result.push(pair);
  }
  return result.filter((pair) => !renamedFrom.has(pair));
}

async function gitSide(io: CliIO, values: Record<string, unknown>, patterns: string[]): Promise<Side> {
  const repo = resolve(io.cwd, (values.repo as string | undefined) ?? '.');
  const head = (values.head as string | undefined) ?? null;
  let base = values.base as string | undefined;
  if (base === undefined) {
    const branch = await defaultBranch(repo);
    if (!branch) throw new UsageError('cannot find the default branch (origin/HEAD, main or master): pass --base REF');
    const found = await mergeBase(repo, branch, head ?? 'HEAD');
    if (!found) throw new UsageError(`no merge base between ${branch} and ${head ?? 'HEAD'}: pass --base REF`);
    base = found;
  }
  const configPath = values.config as string | undefined;
  const baseConfigText = await showFile(repo, base, CONFIG_FILE);
  const headConfigText = head ? await showFile(repo, head, CONFIG_FILE) : await readOptional(join(repo, CONFIG_FILE));
  const config = configPath
    ? configFrom(await readFile(resolve(io.cwd, configPath), 'utf8'), configPath)
    : configFrom(baseConfigText, CONFIG_FILE);
  const wanted = (path: string) =>
    isMarkdownPath(path) && isIncluded(config, path) && (patterns.length === 0 || patterns.some((p) => path === p || path.startsWith(`${p.replace(/\/$/, '')}/`)));
  const changed = (await changedFiles(repo, base, head)).filter(
    (file) => wanted(file.path) || (file.previousPath !== undefined && wanted(file.previousPath)),
  );
  const readHead = (path: string) => (head ? showFile(repo, head, path) : readOptional(join(repo, path)));
  const pairs: FilePair[] = [];
  for (const file of changed) {
    const baseText = file.status === 'added' ? null : await showFile(repo, base, file.previousPath ?? file.path);
    const headText = file.status === 'removed' ? null : await readHead(file.path);
    pairs.push({
      path: file.path,
      ...(file.previousPath !== undefined ? { previousPath: file.previousPath } : {}),
      status: file.status,
      base: baseText,
      head: headText,
    });
  }
  const readEach = async (paths: string[], readOne: (path: string) => Promise<string | null>) =>
    (await Promise.all(paths.map(async (path) => ({ path, text: await readOne(path) })))).filter((f): f is SourceText => f.text !== null);
  const workingTreePaths = async () => (await discoverFiles(repo, config)).files.filter(wanted);
  return {
    pairs,
    config,
    configChanged: !configPath && baseConfigText !== headConfigText,
    notices: [],
    goldenText: await showFile(repo, base, config.golden.file),
    // Every docs file of both commits in two git processes, each distinct blob read once.
    corpus: async () => {
      const texts = (files: Map<string, string>): SourceText[] => [...files].map(([path, text]) => ({ path, text }));
      if (head) {
        const [baseFiles, headFiles] = await readFilesAt(repo, [base, head], wanted);
        return { base: texts(baseFiles!), head: texts(headFiles!) };
      }
      const [baseFiles] = await readFilesAt(repo, [base], wanted);
      return { base: texts(baseFiles!), head: await readEach(await workingTreePaths(), readHead) };
    },
    baseSha: base,
    ...(head ? { headSha: head } : {}),
  };
}

/**
 * The golden set and the chunks of every corpus file: from the content cache under
 * `--cache-dir` when given, else chunked on `jobs` worker threads; the changed files are left
 * to the comparison, which chunks them anyway.
 */
async function goldenRetrieval(
  side: Side,
  config: Config,
  pairs: readonly FilePair[],
  { jobs, cacheDir, prune }: { jobs: number | undefined; cacheDir: string | undefined; prune: boolean },
  io: CliIO,
): Promise<RetrievalInput> {
  const golden = parseGolden(side.goldenText!, config.golden.file);
  const corpus = await side.corpus();
  const changed = new Set(pairs.flatMap((pair) => [corpusKey(pair.previousPath ?? pair.path, pair.base ?? ''), corpusKey(pair.path, pair.head ?? '')]));
  const cache = cacheDir !== undefined ? openContentCache(resolve(io.cwd, cacheDir), 'chunks') : null;
  const poolFor = (files: number) => createPool(jobsFor(files, jobs), io.workerUrl);
  const chunked = await chunkCorpus([corpus.base, corpus.head], config, poolFor, cache, (path, text) => changed.has(corpusKey(path, text)));
  // Only a run over the whole corpus knows which entries are stale.
  if (cache && prune) await cache.prune();
  if (cache) io.stderr(`cache: ${cache.stats.hits} of ${cache.stats.hits + cache.stats.misses} corpus files reused from ${cacheDir}`);
  return { golden, ...corpus, chunked: (path, text) => chunked.get(corpusKey(path, text)) };
}
