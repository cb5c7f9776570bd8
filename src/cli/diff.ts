import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { followRenames } from '../compare/renames.js';
import { decide } from '../compare/verdict.js';
import { parseConfig } from '../config/load.js';
import { isIncluded } from '../config/resolve.js';
import { FAIL_ON_VALUES, probeSettings, type Config, type FailOn } from '../config/types.js';
import { warmTokenizer } from '../tokens/index.js';
import { compareFiles, type FilePair } from '../engine/compare-files.js';
import { externalChunker, usesExternalChunker } from '../sources/external-chunker.js';
import type { RetrievalInput, SourceText } from '../engine/retrieval.js';
import { openContentCache } from '../sources/content-cache.js';
import { readDocsAt, readFilesAt } from '../sources/git-blobs.js';
import { corpusMap } from '../engine/corpus-map.js';
import { chunkCorpus } from './corpus.js';
import { createPool, jobsFor } from './pool.js';
import { pairRunner } from './runner.js';
import { inShard, parseJobs, parseShard, withShard } from './shard.js';
import { parseGolden } from '../golden/load.js';
import { renderComment } from '../report/comment.js';
import { renderHtmlReport } from '../report/html/index.js';
import { renderJson } from '../report/json.js';
import { renderText } from '../report/text.js';
import { isMarkdownPath } from '../sources/changed-file.js';
import { discoverFiles, docReader, readDocFile } from '../sources/files.js';
import { denseFor, embeddingsFor, questionsFor, semanticFor } from '../sources/llm.js';
import type { DocText } from '../sources/doc-text.js';
import { docPair, sameBytes } from '../sources/doc-pair.js';
import { changedFiles, defaultBranch, exportTree, isInsideWorkTree, mergeBase, resolveCommit, showFile } from '../sources/git.js';
import { VERSION } from '../version.js';
import { oneOf, parseCommandArgs, UsageError } from './args.js';
import { useColor } from './color.js';
import { CONFIG_FILE, configNotice } from './config.js';
import { LLM_FLAGS, LLM_FLAGS_USAGE, llmSettings, withLlmFlags } from './llm-flags.js';
import type { CliIO } from './io.js';

export const DIFF_USAGE = `Usage: chunkgate diff [--base REF] [--head REF] [--repo DIR] [--config F] [--format md|json|text] [--out F] [--html F] [--no-fail]
                      [--jobs N] [--shard I/N] [--cache-dir DIR] [paths…]
       chunkgate diff --base-dir DIR --head-dir DIR [same options]

Compares the chunks of changed Markdown between a base and a head — the same
comparison the GitHub Action posts on a pull request. The rules come from the
base side's .chunkgate.yml (or --config), so a change cannot loosen its own gate.

Options:
  --base REF        base commit (default: merge base of HEAD with the default branch); an
                    external chunker runs in a copy of its tree
  --head REF        head commit (default: the working tree)
  --repo DIR        git repository (default: the current directory)
  --base-dir DIR    compare two folders instead of two commits (with --head-dir)
  --head-dir DIR
  --config F        config file (default: .chunkgate.yml of the base side)
  --fail-on LIST    comma-separated: threshold, regression, partial (default: the config's)
  --format FORMAT   md (exactly the PR comment), json (the full report, as the action writes it) or text (default)
  --out F           write the report to F instead of standard output
  --html F          also write the HTML chunk map (one self-contained page) to F
  --no-fail         exit 0 even when the verdict fails
${LLM_FLAGS_USAGE}
                    Given, it also keeps the chunks of golden-set corpus files, so unchanged
                    files are not chunked again (keep DIR between CI runs with actions/cache)
  --jobs N          worker threads for the changed files and the golden-set corpus (default:
                    one per core, none for fewer than 64 files a thread; 1: the main thread)
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
    ...LLM_FLAGS,
    jobs: { type: 'string' },
    shard: { type: 'string' },
  });
  const format = oneOf('format', values.format, ['md', 'json', 'text'] as const, 'text');
  const jobs = parseJobs(values.jobs);
  const shard = parseShard(values.shard);
  const baseDir = values['base-dir'];
  const headDir = values['head-dir'];
  if ((baseDir === undefined) !== (headDir === undefined)) throw new UsageError('--base-dir and --head-dir go together');
  if (baseDir !== undefined && (values.base !== undefined || values.head !== undefined)) {
    throw new UsageError('use either --base/--head (git) or --base-dir/--head-dir (folders), not both');
  }
  const failOn = parseFailOn(values['fail-on']);
  const side =
    baseDir !== undefined
      ? await foldersSide(io, baseDir, headDir!, values.config, positionals)
      : await gitSide(io, values, positionals, !shard || shard.index === 1);
  const config = withLlmFlags(side.config, values);
  const settings = llmSettings(io, values);
  const semantic = semanticFor(config, settings);
  const dense = denseFor(config, settings);
  const embeddings = embeddingsFor(config, settings);
  const questions = questionsFor(config, settings);
  // A slice compares its share of the changed files; the golden set, which needs the whole
  // corpus, runs in slice 1 only (chunkgate merge takes it from there).
  const allPaths = side.pairs.map((pair) => pair.path);
  const pairs = shard ? side.pairs.filter((pair) => inShard(pair.path, shard)) : side.pairs;
  // The corpus is read for the golden set (slice 1 only) and for the retrieval probes (every slice, for its own pages).
  const withGolden = side.goldenText !== null && (!shard || shard.index === 1);
  const withProbes = probeSettings(config).probes !== 'off' && pairs.some((pair) => pair.base !== null && pair.head !== null && pair.base !== pair.head);
  const golden =
    withGolden || withProbes
      ? await goldenRetrieval(side, config, pairs, { jobs, cacheDir: values['cache-dir'], prune: positionals.length === 0, golden: withGolden }, io)
      : undefined;
  const retrieval = golden?.input;
  // Git mode: the external chunker runs in a copy of the base commit's tree, as the action runs
  // it, so the base's script runs and never the head's (the working tree may hold a PR's code).
  const chunkerDir = side.repo && usesExternalChunker(config) ? await baseTree(side.repo, side.baseSha!) : null;
  const pool = createPool(jobsFor(pairs.length, jobs), io.workerUrl);
  let compared;
  try {
    compared = await compareFiles(pairs, {
      config,
      ...(failOn ? { failOn } : {}),
      ...(semantic ? { semantic } : {}),
      ...(retrieval ? { retrieval: { ...retrieval, ...(dense ? { dense } : {}) } } : {}),
      externalChunks: externalChunker(chunkerDir ?? io.cwd),
      commits: { base: side.baseSha ?? null, head: side.headSha ?? null },
      ...(embeddings ? { embeddings } : {}),
      ...(questions ? { questions } : {}),
      runner: pairRunner(pool, null),
      ...(shard ? { deferBoilerplate: true } : {}),
    });
  } finally {
    await pool.close();
    if (chunkerDir) await rm(chunkerDir, { recursive: true, force: true });
  }
  await golden?.pruned;
  const { notices, sources } = compared;
  const report = withShard(compared.report, shard, { command: 'diff', failOn: failOn ?? config.thresholds.failOn, paths: allPaths, pages: compared.pages });
  const allNotices = [...side.notices, ...notices];
  // Where the rules came from, in every format: on standard error (text, json) and
  // in the HTML map always; in the comment, whose footer names the base's config already, when the
  // head side's config is passed over.
  const ruleNotices = side.rulesNotice === null ? [] : [side.rulesNotice];
  for (const notice of [...ruleNotices, ...allNotices]) io.stderr(`notice: ${notice}`);
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
            configFound: side.configFound,
            notices: side.configChanged ? [...ruleNotices, ...allNotices] : allNotices,
            charts: true,
            ...(side.baseSha ? { baseSha: side.baseSha } : {}),
            ...(side.headSha ? { headSha: side.headSha } : {}),
            ...(failOn ? { failOn } : {}),
          })
        : renderText(report, { color: useColor(io.env, values.out ? null : { isTTY: io.stdoutIsTTY }) });
  await io.output(rendered, values.out);
  const html = values.html;
  if (html !== undefined) {
    const shas = { ...(side.baseSha ? { baseSha: side.baseSha } : {}), ...(side.headSha ? { headSha: side.headSha } : {}) };
    await io.output(renderHtmlReport({ report, sources, ...shas, notices: [...ruleNotices, ...allNotices] }), html);
  }
  return values['no-fail'] ? 0 : decision.exitCode;
}

interface Side {
  pairs: FilePair[];
  config: Config;
  configChanged: boolean;
  /** False when the rules are the defaults: no --config, and no config file on the base side. */
  configFound: boolean;
  /** Where the rules came from when the base side's config file gave them or was passed over for the defaults (`null`: --config, or no config either side). */
  rulesNotice: string | null;
  notices: string[];
  /** The golden set's text on the base side (`null`: no golden file, no retrieval). */
  goldenText: string | null;
  /** Every docs file of both sides, read when retrieval needs them. */
  corpus: () => Promise<{ base: SourceText[]; head: SourceText[] }>;
  baseSha?: string;
  headSha?: string;
  /** The git repository (git mode only). */
  repo?: string;
}

/** `path` as a command-line argument from `cwd`: relative when inside it, else absolute. */
function relativeArg(cwd: string, path: string): string {
  const fromCwd = relative(cwd, path);
  return fromCwd.startsWith('..') || isAbsolute(fromCwd) ? path : fromCwd;
}

/** The commit `ref` names, as a full SHA; a usage error naming the flag when it names none. */
async function commitOf(repo: string, flag: string, ref: string): Promise<string> {
  const sha = await resolveCommit(repo, ref);
  if (sha === null) throw new UsageError(`${flag} ${ref}: no such commit in ${repo} (name a branch, tag or commit; see \`git log --oneline\`)`);
  return sha;
}

/** A copy of `ref`'s tree in a new temp folder (`git archive`), for the external chunker to run in; the caller removes it. */
async function baseTree(repo: string, ref: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'chunkgate-base-'));
  try {
    await exportTree(repo, ref, dir);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return dir;
}

const FAIL_ON: readonly FailOn[] = FAIL_ON_VALUES;

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

/** A folder argument that must exist: a missing `--base-dir` must not make every file "added" and pass. */
async function existingDir(cwd: string, flag: string, dir: string): Promise<string> {
  const path = resolve(cwd, dir);
  const isDir = await stat(path).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
  if (!isDir) throw new UsageError(`--${flag} ${dir}: no such directory (${path})`);
  return path;
}

/** A small file inside `root` (config, golden set) through the guarded reader; `null` when absent or not readable text. */
async function readInside(root: string, path: string, notices: string[]): Promise<string | null> {
  const read = await readDocFile(root, path);
  if ('text' in read) return read.text;
  if (!/ENOENT|ENOTDIR/.test(read.problem.reason)) notices.push(`${path}: not read (${read.problem.reason})`);
  return null;
}

async function foldersSide(io: CliIO, baseDir: string, headDir: string, configPath: string | undefined, patterns: string[]): Promise<Side> {
  const baseRoot = await existingDir(io.cwd, 'base-dir', baseDir);
  const headRoot = await existingDir(io.cwd, 'head-dir', headDir);
  const notices: string[] = [];
  const baseConfigText = await readInside(baseRoot, CONFIG_FILE, notices);
  const headConfigText = await readInside(headRoot, CONFIG_FILE, notices);
  const config = configPath
    ? configFrom(await readFile(resolve(io.cwd, configPath), 'utf8'), configPath)
    : configFrom(baseConfigText, CONFIG_FILE);
  const rulesNotice = configPath
    ? null
    : configNotice({
        base: baseConfigText,
        head: headConfigText,
        baseName: `the base folder ${baseDir}`,
        headName: `the head folder ${headDir}`,
        headPath: relativeArg(io.cwd, join(headRoot, CONFIG_FILE)),
      });
  const list = (root: string) => discoverFiles(root, config, patterns.length > 0 ? patterns : undefined);
  const [baseFiles, headFiles] = await Promise.all([list(baseRoot), list(headRoot)]);
  notices.push(...[...baseFiles.skipped, ...headFiles.skipped].map((skip) => `${skip.path}: skipped (${skip.reason})`));
  const paths = [...new Set([...baseFiles.files, ...headFiles.files])].sort();
  const inBase = new Set(baseFiles.files);
  const inHead = new Set(headFiles.files);
  const pairs: FilePair[] = [];
  const [readBase, readHead] = [docReader(baseRoot), docReader(headRoot)];
  for (const path of paths) {
    const base = inBase.has(path) ? await readBase(path) : null;
    const head = inHead.has(path) ? await readHead(path) : null;
    if (base && head && sameBytes(base, head)) continue;
    pairs.push(docPair({ path, status: base === null ? 'added' : head === null ? 'removed' : 'modified' }, base, head));
  }
  const readAll = async (root: string, files: string[]) => {
    const texts: SourceText[] = [];
    const reader = docReader(root);
    for (const path of files) {
      const read = await reader(path);
      if ('text' in read) texts.push({ path, text: read.text });
    }
    return texts;
  };
  return {
    // Renames pair texts; a side that could not be read has none to pair.
    pairs: [...followRenames(pairs.filter((pair) => !pair.unreadable)), ...pairs.filter((pair) => pair.unreadable)],
    config,
    configChanged: !configPath && baseConfigText !== headConfigText,
    configFound: configPath !== undefined || baseConfigText !== null,
    rulesNotice,
    notices,
    goldenText: await readInside(baseRoot, config.golden.file, notices),
    corpus: async () => ({ base: await readAll(baseRoot, baseFiles.files), head: await readAll(headRoot, headFiles.files) }),
  };
}

/** The git options of `diff`. */
interface GitFlagValues {
  repo?: string | undefined;
  base?: string | undefined;
  head?: string | undefined;
  config?: string | undefined;
}

/**
 * The two sides of a git-mode run. With `retrieves` (this run ranks the golden set, when there is
 * one), the corpus is read as soon as the golden file is known to exist, while the changed files
 * are read: its git processes would otherwise start only after them.
 */
async function gitSide(io: CliIO, values: GitFlagValues, patterns: string[], retrieves: boolean): Promise<Side> {
  const repo = resolve(io.cwd, values.repo ?? '.');
  if (!(await isInsideWorkTree(repo))) {
    throw new UsageError(
      `${values.repo ?? 'this folder'} is not a git repository: compare two folders with --base-dir DIR --head-dir DIR, score files as they are with \`chunkgate eval <files>\`, or run \`git init\` and commit a base first`,
    );
  }
  // Refs are resolved to commits once: a ref like `main~1` is shown as its commit, and a typo stops here.
  const head = values.head === undefined ? null : await commitOf(repo, '--head', values.head);
  let base: string;
  if (values.base !== undefined) base = await commitOf(repo, '--base', values.base);
  else {
    if ((await resolveCommit(repo, 'HEAD')) === null) {
      throw new UsageError('the repository has no commit yet: commit a base first, or score the files as they are with `chunkgate eval <files>`');
    }
    const branch = await defaultBranch(repo);
    if (!branch) throw new UsageError('cannot find the default branch (origin/HEAD, main or master): pass the commit to compare with, e.g. --base HEAD~1');
    const found = await mergeBase(repo, branch, head ?? 'HEAD');
    if (!found) throw new UsageError(`no merge base between ${branch} and ${head ?? 'HEAD'}: pass the commit to compare with, e.g. --base HEAD~1`);
    base = found;
  }
  const notices: string[] = [];
  const configPath = values.config;
  const baseConfigText = await showFile(repo, base, CONFIG_FILE);
  // Without --head the working tree is the head side: read through the guarded reader, so a
  // symbolic link cannot bring a file from outside the repository into the report.
  const headConfigText = head ? await showFile(repo, head, CONFIG_FILE) : await readInside(repo, CONFIG_FILE, notices);
  const config = configPath
    ? configFrom(await readFile(resolve(io.cwd, configPath), 'utf8'), configPath)
    : configFrom(baseConfigText, CONFIG_FILE);
  const rulesNotice = configPath
    ? null
    : configNotice({
        base: baseConfigText,
        head: headConfigText,
        baseName: `the base commit ${base.slice(0, 7)}`,
        headName: head ? `the head commit ${head.slice(0, 7)}` : 'the working tree',
        headPath: head ? null : relativeArg(io.cwd, join(repo, CONFIG_FILE)),
      });
  const wanted = (path: string) =>
    isMarkdownPath(path) && isIncluded(config, path) && (patterns.length === 0 || patterns.some((p) => path === p || path.startsWith(`${p.replace(/\/$/, '')}/`)));
  // The working tree's side (no --head): read through the guarded reader, file by file.
  const readWorking = async (path: string): Promise<DocText | null> => {
    const read = await readDocFile(repo, path);
    return 'problem' in read && /ENOENT/.test(read.problem.reason) ? null : read;
  };
  const readEach = async (paths: string[], readOne: (path: string) => Promise<DocText | null>) => {
    const texts: SourceText[] = [];
    for (const path of paths) {
      const read = await readOne(path);
      if (read && 'text' in read) texts.push({ path, text: read.text });
    }
    return texts;
  };
  // Every docs file of both commits in two git processes, each distinct blob read once, through
  // the guarded decoder (a file that cannot be checked is left out of the index).
  const readCorpus = async (): Promise<{ base: SourceText[]; head: SourceText[] }> => {
    const texts = (files: Map<string, DocText>): SourceText[] =>
      [...files].flatMap(([path, read]) => ('text' in read ? [read.blob === undefined ? { path, text: read.text } : { path, text: read.text, blob: read.blob }] : []));
    if (head) {
      const [baseFiles, headFiles] = await readFilesAt(repo, [base, head], wanted);
      return { base: texts(baseFiles!), head: texts(headFiles!) };
    }
    const [baseFiles] = await readFilesAt(repo, [base], wanted);
    return { base: texts(baseFiles!), head: await readEach((await discoverFiles(repo, config)).files.filter(wanted), readWorking) };
  };
  let corpusRead: Promise<{ base: SourceText[]; head: SourceText[] }> | undefined;
  const corpus = () => (corpusRead ??= readCorpus());
  const goldenText = showFile(repo, base, config.golden.file);
  const goldenKnown = goldenText.then((text) => {
    // Marked handled here; whoever awaits it later still gets its error.
    if (text !== null && retrieves) corpus().catch(() => undefined);
    return text;
  });
  // Awaited below; marked handled so that an earlier error of this function leaves no stray rejection.
  goldenKnown.catch(() => undefined);
  const changed = (await changedFiles(repo, base, head)).filter(
    (file) => wanted(file.path) || (file.previousPath !== undefined && wanted(file.previousPath)),
  );
  // Each commit's changed files in one batch (two git processes for any number of files).
  const basePaths = changed.filter((file) => file.status !== 'added').map((file) => file.previousPath ?? file.path);
  const headPaths = changed.filter((file) => file.status !== 'removed').map((file) => file.path);
  const [baseDocs, headDocs] = await Promise.all([readDocsAt(repo, base, basePaths), head ? readDocsAt(repo, head, headPaths) : null]);
  const pairs: FilePair[] = [];
  for (const file of changed) {
    const baseRead = file.status === 'added' ? null : (baseDocs.get(file.previousPath ?? file.path) ?? null);
    const headRead = file.status === 'removed' ? null : headDocs ? (headDocs.get(file.path) ?? null) : await readWorking(file.path);
    pairs.push(docPair(file, baseRead, headRead));
  }
  return {
    pairs,
    config,
    configChanged: !configPath && baseConfigText !== headConfigText,
    configFound: configPath !== undefined || baseConfigText !== null,
    rulesNotice,
    notices,
    goldenText: await goldenKnown,
    corpus,
    baseSha: base,
    ...(head ? { headSha: head } : {}),
    repo,
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
  { jobs, cacheDir, prune, golden: withGolden }: { jobs: number | undefined; cacheDir: string | undefined; prune: boolean; golden: boolean },
  io: CliIO,
): Promise<{ input: RetrievalInput; pruned: Promise<unknown> }> {
  const golden = withGolden ? parseGolden(side.goldenText!, config.golden.file) : undefined;
  // While git streams the corpus, the main thread would only wait: load the tokenizer's table
  // (golden retrieval measures evidence in its tokens; the probes take chunks' counts as they
  // are) and open the caches (hashing the engine build).
  if (golden) warmTokenizer(config.chunking.tokenizer);
  const cache = cacheDir !== undefined ? openContentCache(resolve(io.cwd, cacheDir), 'chunks') : null;
  const packs = cacheDir !== undefined ? openContentCache(resolve(io.cwd, cacheDir), 'packs') : null;
  // The base side's BM25 index and ranks, for the next pull request on the same base: only the latest is kept.
  const indexes = cacheDir !== undefined ? openContentCache(resolve(io.cwd, cacheDir), 'retrieval') : null;
  const corpus = await side.corpus();
  const changed = corpusMap<true>();
  for (const pair of pairs) {
    changed.set(pair.previousPath ?? pair.path, pair.base ?? '', true);
    changed.set(pair.path, pair.head ?? '', true);
  }
  const poolFor = (files: number) => createPool(jobsFor(files, jobs), io.workerUrl);
  const chunked = await chunkCorpus([corpus.base, corpus.head], config, poolFor, cache, (path, text) => changed.has(path, text), packs);
  // Only a run over the whole corpus knows which entries are stale. Nothing reads or writes this
  // cache after chunkCorpus: the folder is swept while the changed files are compared (awaited
  // before the report is written, so an error still ends the run).
  const pruned = cache && prune ? cache.prune() : Promise.resolve();
  pruned.catch(() => undefined);
  if (cache) io.stderr(`cache: ${cache.stats.hits} of ${cache.stats.hits + cache.stats.misses} corpus files reused from ${cacheDir}`);
  // Base files whose retrieval chunks are the cached chunking (not the changed ones): keyed by their entry keys.
  const fileKeys = new Map(corpus.base.flatMap((file): [string, string][] => {
    const key = chunked.entryKeys.get(file.path, file.text);
    return key ? [[file.path, key]] : [];
  }));
  const bm25Store = indexes && {
    fileKeys,
    get: (key: string) => indexes.get(indexes.key(key)),
    async set(key: string, value: unknown) {
      await indexes.set(indexes.key(key), value);
      await indexes.prune();
    },
  };
  return { input: { ...(golden ? { golden } : {}), ...corpus, chunked: (path, text) => chunked.get(path, text), ...(bm25Store ? { bm25Store } : {}) }, pruned };
}
