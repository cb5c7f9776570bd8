/**
 * Replays real Markdown commits through the engine as pull requests
 * (docs/development.md#replaying-real-pull-requests): each commit's `base/` and `head/` folders
 * go through `chunkgate diff --base-dir/--head-dir` (folder mode), or through a throwaway git
 * repository with one commit per side and `chunkgate diff --base/--head` (git mode, which
 * follows renames the way git does).
 *
 * Layout of a replay root: `<repo>/commits.tsv` (commit, parent, category, files, subject) and
 * `<repo>/<commit12>/{base,head}/<path>`. Rows whose folder is absent are skipped, so a subset
 * copied into `fixtures/replay/` replays with the same code.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import type { Report } from '../../src/types.js';

/** One commit of a replay root. */
export interface ReplayCommit {
  repo: string;
  /** First 12 hex digits (the folder name). */
  commit: string;
  category: string;
  subject: string;
  /** Folder holding `base/` and `head/`. */
  dir: string;
}

/** What one replayed commit gave. */
export interface ReplayResult {
  commit: ReplayCommit;
  report: Report;
  /** Notices the CLI printed (skipped files, …). */
  notices: string[];
  ms: number;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** The commits of every repository under `root` (folders with a `commits.tsv`), repository by name, commits in file order. */
export async function listCommits(root: string, options: { repos?: readonly string[] } = {}): Promise<ReplayCommit[]> {
  const commits: ReplayCommit[] = [];
  const repos = (await readdir(root, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  for (const repo of repos) {
    if (options.repos && !options.repos.includes(repo)) continue;
    const tsv = join(root, repo, 'commits.tsv');
    if (!(await exists(tsv))) continue;
    const rows = (await readFile(tsv, 'utf8')).split('\n').slice(1).filter((line) => line.trim() !== '');
    for (const row of rows) {
      const [sha = '', , category = '', , subject = ''] = row.split('\t');
      const commit = sha.slice(0, 12);
      const dir = join(root, repo, commit);
      if (await exists(dir)) commits.push({ repo, commit, category, subject, dir });
    }
  }
  return commits;
}

/** Runs the CLI in-process; resolves to its JSON report and notices. */
async function runJson(argv: string[], cwd: string): Promise<{ report: Report; notices: string[] }> {
  let out = '';
  const notices: string[] = [];
  const io: CliIO = {
    cwd,
    env: {},
    stdout: (text) => void (out += text),
    stderr: (text) => void notices.push(...text.trimEnd().split('\n').map((line) => line.replace(/^notice: /, ''))),
    output: async (text) => void (out += text),
  };
  const code = await main([...argv, '--format', 'json'], io);
  if (code === 2 || out === '') throw new Error(`chunkgate ${argv.join(' ')} exited ${code}: ${notices.join(' / ')}`);
  return { report: JSON.parse(out) as Report, notices };
}

/** A side folder, or an empty temporary one when the commit has no such side (all files added, or all removed). */
async function sideDir(commit: ReplayCommit, side: 'base' | 'head', scratch: string): Promise<string> {
  const dir = join(commit.dir, side);
  if (await exists(dir)) return dir;
  const empty = join(scratch, `empty-${side}`);
  await mkdir(empty, { recursive: true });
  return empty;
}

/** Replays one commit in folder mode (`--base-dir/--head-dir`). */
export async function replayFolder(commit: ReplayCommit): Promise<ReplayResult> {
  const scratch = await mkdtemp(join(tmpdir(), 'chunkgate-replay-'));
  try {
    const started = performance.now();
    const base = await sideDir(commit, 'base', scratch);
    const head = await sideDir(commit, 'head', scratch);
    const { report, notices } = await runJson(['diff', '--base-dir', base, '--head-dir', head], scratch);
    return { commit, report, notices, ms: performance.now() - started };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

const GIT_ENV = {
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  LC_ALL: 'C',
  GIT_AUTHOR_NAME: 'Replay',
  GIT_AUTHOR_EMAIL: 'replay@example.test',
  GIT_COMMITTER_NAME: 'Replay',
  GIT_COMMITTER_EMAIL: 'replay@example.test',
  GIT_AUTHOR_DATE: '2020-01-01T00:00:00Z',
  GIT_COMMITTER_DATE: '2020-01-01T00:00:00Z',
};

function git(cwd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, env: { ...process.env, ...GIT_ENV }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`git ${args.join(' ')}: ${stderr || error.message}`));
      else resolve(stdout.trim());
    });
  });
}

/** Replaces the work tree of `repo` (everything but `.git`) with a copy of `from`, commits it, returns the sha. */
async function commitTree(repo: string, from: string | null, message: string): Promise<string> {
  for (const entry of await readdir(repo)) if (entry !== '.git') await rm(join(repo, entry), { recursive: true, force: true });
  if (from) await cp(from, repo, { recursive: true });
  await git(repo, ['add', '-A']);
  await git(repo, ['commit', '-q', '--allow-empty', '-m', message]);
  return git(repo, ['rev-parse', 'HEAD']);
}

/** Replays one commit in git mode: a temporary repository with the base tree then the head tree as two commits. */
export async function replayGit(commit: ReplayCommit): Promise<ReplayResult> {
  const repo = await mkdtemp(join(tmpdir(), 'chunkgate-replay-git-'));
  try {
    const started = performance.now();
    await git(repo, ['init', '-q', '-b', 'main']);
    const side = async (name: 'base' | 'head') => ((await exists(join(commit.dir, name))) ? join(commit.dir, name) : null);
    const base = await commitTree(repo, await side('base'), 'base');
    const head = await commitTree(repo, await side('head'), commit.subject || 'head');
    const { report, notices } = await runJson(['diff', '--repo', repo, '--base', base, '--head', head], repo);
    return { commit, report, notices, ms: performance.now() - started };
  } finally {
    await rm(repo, { recursive: true, force: true });
  }
}
