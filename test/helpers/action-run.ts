/**
 * Runs the bundled action (`dist/index.js`) the way the GitHub runner does: a child
 * process with `GITHUB_*` and `INPUT_*` variables, an event payload file, and files for
 * the step summary and outputs.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  const files: DoublePullFile[] = [];
  for (const line of names) {
    const [letter, path] = line.split('\t') as [string, string];
    const status = letter === 'A' ? 'added' : letter === 'D' ? 'removed' : 'modified';
    files.push({ filename: path, status, patch: await diffPatch(repo.dir, baseSha, headSha, path) });
  }
  return { repo, baseSha, headSha, files };
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

/** Runs `dist/index.js` for `event` in `workspace` against the double. */
export async function runAction(options: {
  double: GitHubDouble;
  workspace: string;
  event: object;
  eventName?: string;
  inputs?: Record<string, string>;
  token?: string;
  /** More environment, e.g. `CHUNKGATE_REQUEST_TIMEOUT_MS`. */
  env?: Record<string, string>;
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
  const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [ACTION], { env, cwd: options.workspace, maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
  return {
    code,
    stdout,
    stderr,
    outputs: parseOutputs(await readFile(outputPath, 'utf8')),
    summary: await readFile(summaryPath, 'utf8'),
  };
}
