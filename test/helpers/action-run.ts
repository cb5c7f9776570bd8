/**
 * Runs the bundled action (`dist/index.js`) the way the GitHub runner does: a child
 * process with `GITHUB_*` and `INPUT_*` variables, an event payload file, and files for
 * the step summary and outputs.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diffPatch } from '../../src/sources/git.js';
import type { DoublePullFile, GitHubDouble } from './github-double.js';
import { makeRepo, type TestRepo } from './git-repo.js';

export const ACTION = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

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

/** Adds the scenario's PR to the double's state and returns the event payload for it. */
export function addPull(double: GitHubDouble, scenario: PullScenario, number = 7, options: { fork?: boolean } = {}): object {
  double.state.pulls.push({ number, headSha: scenario.headSha, baseSha: scenario.baseSha, files: scenario.files, fork: options.fork ?? false });
  const full = `${double.state.owner}/${double.state.repo}`;
  return {
    action: 'synchronize',
    number,
    pull_request: {
      number,
      base: { sha: scenario.baseSha, ref: 'main', repo: { full_name: full } },
      head: { sha: scenario.headSha, ref: 'feature', repo: { full_name: options.fork ? `someone/${double.state.repo}` : full } },
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
