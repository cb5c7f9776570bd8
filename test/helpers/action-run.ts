/**
 * Runs the action the way the GitHub runner does: with `GITHUB_*` and `INPUT_*` variables, an event
 * payload file, and files for the step summary and outputs. By default in this process, from src/
 * (a run of the bundle costs about 1.2 CPU-s, 0.5 of them starting); with `bundle: true` as the
 * runner does, a child process of `dist/index.js` — for runs that must overlap, and for the tests
 * that show the bundle itself works.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as core from '@actions/core';
import { run } from '../../src/action/main.js';
import { diffPatch } from '../../src/sources/git.js';
import type { DoublePullFile, GitHubDouble } from './github-double.js';
import { makeRepo, openRepo, runGit, type TestRepo } from './git-repo.js';

const ACTION = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

/** Every file under `dir`, as repo-relative path → text. */
export async function readTree(dir: string, prefix = ''): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(files, await readTree(dir, path));
    else files[path] = await readFile(join(dir, path), 'utf8');
  }
  return files;
}

/** A repo with `base` committed on main and `head` committed on a feature branch. */
export interface PullScenario {
  repo: TestRepo;
  baseSha: string;
  headSha: string;
  files: DoublePullFile[];
}

/** Commits `base` on main, then `head` (files replaced or deleted with `null`) on `feature`. */
export async function makePullScenario(base: Record<string, string>, head: Record<string, string | null>): Promise<PullScenario> {
  const repo = await makeRepo();
  const baseSha = await repo.commit(base, 'base');
  await repo.git('checkout', '-q', '-b', 'feature');
  const headSha = await repo.commit(head, 'head');
  const names = (await repo.git('diff', '--name-status', baseSha, headSha)).split('\n').filter(Boolean);
  const changes = names.map((line) => line.split('\t') as [string, string]);
  const together = await patchesOf(repo.dir, baseSha, headSha, changes);
  const files: DoublePullFile[] = [];
  for (const [letter, path] of changes) {
    const status = letter === 'A' ? 'added' : letter === 'D' ? 'removed' : 'modified';
    files.push({ filename: path, status, patch: together?.get(path) ?? (await diffPatch(repo.dir, baseSha, headSha, path)) });
  }
  return { repo, baseSha, headSha, files };
}

/**
 * What {@link diffPatch} gives for each changed path, from one `git diff` of the two commits cut at
 * its `diff --git` lines (a 300-file scenario: one git process, not 300); `null` where that could
 * differ from a diff of the one path: a rename (one diff pairs files that per-path diffs do not) or
 * a path git would quote.
 */
export async function patchesOf(dir: string, base: string, head: string, changes: [string, string][]): Promise<Map<string, string> | null> {
  if (changes.length < 2 || changes.some(([letter, path]) => !/^[AMD]$/.test(letter) || !/^[\w./-]+$/.test(path))) return null;
  const { stdout: out } = await promisify(execFile)('git', ['diff', '--no-color', '--no-ext-diff', '--no-textconv', '--unified=3', '-M', base, head], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
  const patches = new Map<string, string>();
  for (const section of out.split(/^(?=diff --git )/m)) {
    const path = /^diff --git a\/(\S+) b\/\1\n/.exec(section)?.[1];
    if (path === undefined) continue;
    const firstHunk = section.search(/^@@ /m);
    patches.set(path, firstHunk === -1 ? '' : section.slice(firstHunk));
  }
  return patches;
}

/** Owner of a fork's head repository in these scenarios. */
export const FORK_OWNER = 'someone';

/** Adds the scenario's PR to the double's state and returns the `pull_request` event payload for it. */
export function addPull(double: GitHubDouble, scenario: PullScenario, number = 7, options: { fork?: boolean } = {}): object {
  const fork = options.fork ?? false;
  double.state.pulls.push({ number, headSha: scenario.headSha, baseSha: scenario.baseSha, files: scenario.files, fork, ...(fork ? { headOwner: FORK_OWNER } : {}) });
  // The feature branch starts at the base commit, so that is the merge base.
  double.state.compares[`${scenario.baseSha}...${scenario.headSha}`] = { mergeBaseSha: scenario.baseSha };
  const full = `${double.state.owner}/${double.state.repo}`;
  return {
    action: 'synchronize',
    number,
    pull_request: {
      number,
      base: { sha: scenario.baseSha, ref: 'main', repo: { full_name: full } },
      head: { sha: scenario.headSha, ref: 'feature', repo: { full_name: fork ? `${FORK_OWNER}/${double.state.repo}` : full } },
    },
  };
}

/**
 * The `workflow_run` payload GitHub sends when the `pull_request` run of `headSha` completes:
 * `pull_requests` lists same-repository PRs only — empty for a fork's.
 */
export function workflowRunEvent(double: GitHubDouble, headSha: string, options: { fork?: boolean; pullRequests?: number[]; headBranch?: string } = {}): object {
  const full = `${double.state.owner}/${double.state.repo}`;
  const owner = options.fork ? FORK_OWNER : double.state.owner;
  return {
    action: 'completed',
    workflow_run: {
      id: 4242,
      event: 'pull_request',
      head_sha: headSha,
      head_branch: options.headBranch ?? 'feature',
      head_repository: { full_name: `${owner}/${double.state.repo}`, owner: { login: owner } },
      repository: { full_name: full },
      pull_requests: (options.pullRequests ?? []).map((number) => ({ number, head: { sha: headSha, ref: 'feature' }, base: { ref: 'main', repo: { name: double.state.repo } } })),
    },
  };
}

/** A checkout to run the action in, cloned from a bare `origin` that also holds the PR's head. */
export interface Checkout {
  workspace: TestRepo;
  /** The bare repository `origin` points at. */
  origin: string;
  remove(): Promise<void>;
}

/**
 * A bare `origin` of the scenario (GitHub's side), which serves the PR's head only as
 * `refs/pull/<number>/head`, like a fork PR's, and a `--depth=1` clone of its `main` — what
 * `actions/checkout` leaves by default, without the PR's commits.
 */
export async function shallowCheckout(scenario: PullScenario, number = 7): Promise<Checkout> {
  const origin = await mkdtemp(join(tmpdir(), 'chunkgate-origin-'));
  await runGit(origin, ['clone', '-q', '--bare', scenario.repo.dir, '.']);
  // GitHub lets a client fetch any commit it serves by sha; a local bare repository must be told to.
  await runGit(origin, ['config', 'uploadpack.allowAnySHA1InWant', 'true']);
  await runGit(origin, ['update-ref', `refs/pull/${number}/head`, scenario.headSha]);
  await runGit(origin, ['branch', '-q', '-D', 'feature']);
  const dir = await mkdtemp(join(tmpdir(), 'chunkgate-checkout-'));
  await runGit(dir, ['clone', '-q', '--depth=1', '--branch', 'main', `file://${origin}`, '.']);
  const workspace = openRepo(dir);
  return {
    workspace,
    origin,
    remove: async () => {
      await workspace.remove();
      await rm(origin, { recursive: true, force: true });
    },
  };
}

export interface ActionResult {
  code: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
}

/** Parses a `GITHUB_OUTPUT` file (`name<<delimiter … delimiter` blocks). */
function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<]+)<<(.+)$/.exec(lines[i]!);
    if (!match) continue;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== match[2]; i++) value.push(lines[i]!);
    outputs[match[1]!] = value.join('\n');
  }
  return outputs;
}

/** Runs the action for `event` in `workspace` against the double: in this process, or `dist/index.js` with `bundle`. */
export async function runAction(options: {
  double: GitHubDouble;
  workspace: string;
  event: object;
  eventName?: string;
  inputs?: Record<string, string>;
  token?: string;
  /** More environment, e.g. `CHUNKGATE_REQUEST_TIMEOUT_MS`. */
  env?: Record<string, string>;
  /** Run the bundle in a child process, as the runner does (runs that overlap need it: see {@link runInProcess}). */
  bundle?: boolean;
}): Promise<ActionResult> {
  const temp = await mkdtemp(join(tmpdir(), 'chunkgate-runner-'));
  const eventPath = join(temp, 'event.json');
  const summaryPath = join(temp, 'summary.md');
  const outputPath = join(temp, 'output.txt');
  await writeFile(eventPath, JSON.stringify(options.event));
  await writeFile(summaryPath, '');
  await writeFile(outputPath, '');
  const inputs: Record<string, string> = { 'github-token': options.token ?? 'ghs_test', comment: 'both', check: 'true', ...options.inputs };
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? temp,
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: options.eventName ?? 'pull_request',
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: `${options.double.state.owner}/${options.double.state.repo}`,
    GITHUB_API_URL: options.double.url,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_RUN_ID: '42',
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_OUTPUT: outputPath,
    GITHUB_WORKSPACE: options.workspace,
    RUNNER_TEMP: temp,
    CHUNKGATE_RETRY_UNIT_MS: '5',
    ...options.env,
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  try {
    const { code, stdout, stderr } = options.bundle ? await runBundle(env, options.workspace) : await runInProcess(env);
    return {
      code,
      stdout,
      stderr,
      outputs: parseOutputs(await readFile(outputPath, 'utf8')),
      summary: await readFile(summaryPath, 'utf8'),
    };
  } finally {
    // The runner's own files (event, outputs, summary): the report the outputs name is in the workspace.
    await rm(temp, { recursive: true, force: true });
  }
}

type Ran = { code: number; stdout: string; stderr: string };

function runBundle(env: Record<string, string>, cwd: string): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(process.execPath, [ACTION], { env, cwd, maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** The in-process run going on, if any: the next one waits for it. */
let running: Promise<unknown> = Promise.resolve();

/**
 * `run()` of src/action/main.ts with the process's environment, standard output and error and
 * exit code swapped for the run's and put back after; what the runner would see is what it wrote.
 * These are the process's own, so in-process runs never overlap: one started while another runs
 * waits for it (a test of runs that race each other uses `bundle: true`).
 */
function runInProcess(env: Record<string, string>): Promise<Ran> {
  const next = running.then(() => swapped(env));
  running = next.catch(() => undefined);
  return next;
}

async function swapped(env: Record<string, string>): Promise<Ran> {
  const saved = { env: process.env, exitCode: process.exitCode, stdout: process.stdout.write, stderr: process.stderr.write };
  let stdout = '';
  let stderr = '';
  const capture = (append: (text: string) => void) =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      append(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      done?.();
      return true;
    }) as typeof process.stdout.write;
  process.env = { ...env };
  process.exitCode = undefined;
  process.stdout.write = capture((text) => (stdout += text));
  process.stderr.write = capture((text) => (stderr += text));
  // @actions/core keeps the step summary's path from its first use: this run's is another file.
  (core.summary as unknown as { _filePath?: string })._filePath = undefined;
  core.summary.emptyBuffer();
  let code: number;
  try {
    await run(process.env);
    code = Number(process.exitCode ?? 0);
  } catch (error) {
    // A child process would die of it: exit 1, with the stack on standard error.
    stderr += `${error instanceof Error ? error.stack : String(error)}\n`;
    code = 1;
  } finally {
    process.env = saved.env;
    process.exitCode = saved.exitCode;
    process.stdout.write = saved.stdout;
    process.stderr.write = saved.stderr;
  }
  return { code, stdout, stderr };
}
