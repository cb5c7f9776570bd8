/**
 * Reading base and head from a local git repository: the real `git` binary through
 * `execFile` (no shell, so refs and paths are never interpreted), messages forced to
 * English so failures can be told apart, and no external diff or textconv drivers.
 */
import { execFile } from 'node:child_process';
import { posix } from 'node:path';
import type { ChangedFile } from './changed-file.js';
import { decodeDocText, MAX_DOC_BYTES, tooLarge, type DecodeOptions, type DocText } from './doc-text.js';

/** Outputs of whole files and diffs can be large; 256 MB is far above any docs file. */
const MAX_BUFFER = 256 * 1024 * 1024;

interface GitResult {
  ok: boolean;
  /** Exit code (`null` when git could not be started or was killed). */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** git's environment: messages in English (failures are told apart by them), no prompts, paths taken literally (a file named `[a].md` is not a pattern). */
function gitEnv(): NodeJS.ProcessEnv {
  return { ...process.env, LC_ALL: 'C', LANGUAGE: 'C', GIT_TERMINAL_PROMPT: '0', GIT_LITERAL_PATHSPECS: '1' };
}

/** Runs `git <args>` in `repoDir`; never rejects, so callers decide what a failure means. */
function git(repoDir: string, args: string[]): Promise<GitResult> {
  return new Promise((resolve) => {
    execFile(
      'git',
      args,
      {
        cwd: repoDir,
        maxBuffer: MAX_BUFFER,
        encoding: 'utf8',
        env: gitEnv(),
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ ok: !error, code, stdout, stderr: stderr || (code === null ? (error?.message ?? '') : '') });
      },
    );
  });
}

/** Runs `git <args>` and returns stdout, throwing an error that quotes the command and git's message. */
async function gitOrThrow(repoDir: string, args: string[]): Promise<string> {
  const result = await git(repoDir, args);
  if (!result.ok) {
    throw new Error(`git ${args.join(' ')} failed in ${repoDir}: ${result.stderr.trim() || `exit code ${result.code}`}`);
  }
  return result.stdout;
}

/** The merge base of `a` and `b` (`git merge-base`), or `null` when the histories are unrelated. */
export async function mergeBase(repoDir: string, a: string, b: string): Promise<string | null> {
  const result = await git(repoDir, ['merge-base', a, b]);
  if (result.ok) return result.stdout.trim();
  // Exit 1 with no message means "no common ancestor"; anything else (bad ref) is an error.
  if (result.code === 1 && result.stderr.trim() === '') return null;
  throw new Error(`git merge-base ${a} ${b} failed in ${repoDir}: ${result.stderr.trim()}`);
}

/** The full SHA of the commit `ref` names (`git rev-parse --verify ref^{commit}`), or `null` when it names none. */
export async function resolveCommit(repoDir: string, ref: string): Promise<string | null> {
  const result = await git(repoDir, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
  return result.ok ? result.stdout.trim() : null;
}

/** True when `dir` lies inside a git working tree (`git rev-parse --is-inside-work-tree`); false outside any repository. */
export async function isInsideWorkTree(dir: string): Promise<boolean> {
  const result = await git(dir, ['rev-parse', '--is-inside-work-tree']);
  return result.ok && result.stdout.trim() === 'true';
}

/** True when `sha` names a commit present in the repository (false for shallow clones missing it). */
export async function hasCommit(repoDir: string, sha: string): Promise<boolean> {
  return (await git(repoDir, ['cat-file', '-e', `${sha}^{commit}`])).ok;
}

/**
 * The UTF-8 text of `path` at `ref` (`git cat-file blob ref:path`) without a leading byte-order
 * mark, or `null` when the path does not exist at `ref` or is a directory. An unknown `ref` throws.
 */
export async function showFile(repoDir: string, ref: string, path: string): Promise<string | null> {
  const result = await git(repoDir, ['cat-file', 'blob', `${ref}:${path}`]);
  // A leading byte-order mark is no text, as the folder reader drops it too: offsets must agree.
  if (result.ok) return result.stdout.startsWith('\uFEFF') ? result.stdout.slice(1) : result.stdout;
  if ((await git(repoDir, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).ok) return null;
  throw new Error(`Unknown git ref "${ref}" in ${repoDir}`);
}

/** How many symbolic links in a row {@link readDocAt} follows inside the tree. */
const MAX_LINK_HOPS = 8;

/**
 * The docs file `path` at `ref` through the guarded decoder ({@link decodeDocText}: size checked
 * before the blob is read, UTF-8 byte-order mark dropped, binary / UTF-16 / invalid UTF-8 files
 * are problems), or `null` when the path does not exist at `ref` or is a directory. A committed
 * symbolic link is followed inside the tree, like the working tree's guarded reader does, and
 * refused when it points out of the repository. `digest` is the blob id. An unknown `ref` throws.
 */
export async function readDocAt(repoDir: string, ref: string, path: string, options: DecodeOptions = {}): Promise<DocText | null> {
  const maxBytes = options.maxBytes ?? MAX_DOC_BYTES;
  let current = path;
  for (let hop = 0; hop <= MAX_LINK_HOPS; hop++) {
    const listed = await git(repoDir, ['ls-tree', '-l', '-z', '--full-tree', ref, '--', current]);
    if (!listed.ok) {
      if ((await git(repoDir, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).ok) throw new Error(`git ls-tree ${ref} -- ${current} failed in ${repoDir}: ${listed.stderr.trim()}`);
      throw new Error(`Unknown git ref "${ref}" in ${repoDir}`);
    }
    // "<mode> <type> <id> <size>\t<path>": exactly the path asked for, or nothing.
    const entry = listed.stdout.split('\0').find((line) => line.endsWith(`\t${current}`));
    const match = entry ? /^(\d+) (\w+) ([0-9a-f]+) +(\S+)\t/.exec(entry) : null;
    if (!match || match[2] !== 'blob') return null;
    const [, mode, , id, sizeText] = match as unknown as [string, string, string, string, string];
    const size = Number(sizeText);
    if (mode === '120000') {
      const target = (await gitOrThrow(repoDir, ['cat-file', 'blob', id])).trim();
      const joined = posix.normalize(posix.join(posix.dirname(current), target));
      if (target.startsWith('/') || joined === '..' || joined.startsWith('../')) {
        return { problem: { reason: `symbolic link to ${JSON.stringify(target.slice(0, 200))}, outside the repository; not read`, hint: 'Keep docs inside the repository: chunkgate never follows a link out of it.' }, digest: id };
      }
      current = joined;
      continue;
    }
    if (size > maxBytes) {
      return { problem: { reason: tooLarge(size, maxBytes), hint: 'Split the page into smaller pages, or leave it out of the docs globs (`exclude` in .chunkgate.yml).' }, digest: id };
    }
    const decoded = decodeDocText(await blobBytes(repoDir, id), { maxBytes });
    return 'problem' in decoded ? { ...decoded, digest: id } : decoded;
  }
  return { problem: { reason: `more than ${MAX_LINK_HOPS} symbolic links in a row; not read`, hint: 'Point the link at the file itself.' } };
}

/** The raw bytes of blob `id`. */
function blobBytes(repoDir: string, id: string): Promise<Buffer> {
  return new Promise((resolvePromise, reject) => {
    execFile(
      'git',
      ['cat-file', 'blob', id],
      { cwd: repoDir, maxBuffer: MAX_BUFFER, encoding: 'buffer', env: gitEnv() },
      (error, stdout, stderr) => (error ? reject(new Error(`git cat-file blob ${id} failed in ${repoDir}: ${stderr.toString('utf8').trim() || error.message}`)) : resolvePromise(stdout)),
    );
  });
}

/** git's name-status letters → ours; `C` (copy) is a new file, `T` (type change) and `U` a modification. */
const STATUS: Record<string, ChangedFile['status'] | undefined> = {
  A: 'added',
  C: 'added',
  M: 'modified',
  T: 'modified',
  U: 'modified',
  D: 'removed',
  R: 'renamed',
};

/**
 * Files changed from `base` to `head` (`git diff --name-status -z -M`), sorted by path.
 * With `head` omitted or `null` the working tree is the head side: tracked changes
 * (staged or not) plus untracked files that `.gitignore` does not exclude, as `added`.
 * Renames carry `previousPath`; all files are returned (callers filter Markdown).
 */
export async function changedFiles(repoDir: string, base: string, head?: string | null): Promise<ChangedFile[]> {
  const range = head ? [base, head] : [base];
  const out = await gitOrThrow(repoDir, ['diff', '--name-status', '-z', '-M', '--no-ext-diff', '--no-textconv', ...range, '--']);
  const tokens = out.split('\0');
  const files: ChangedFile[] = [];
  for (let i = 0; i < tokens.length; ) {
    const letter = tokens[i]?.[0];
    if (!letter) break;
    const status = STATUS[letter];
    if (letter === 'R' || letter === 'C') {
      const from = tokens[i + 1]!;
      const to = tokens[i + 2]!;
      i += 3;
      files.push(status === 'renamed' ? { path: to, previousPath: from, status } : { path: to, status: 'added' });
      continue;
    }
    const path = tokens[i + 1]!;
    i += 2;
    if (status) files.push({ path, status });
  }
  if (!head) {
    const untracked = await gitOrThrow(repoDir, ['ls-files', '--others', '--exclude-standard', '-z']);
    for (const path of untracked.split('\0')) if (path) files.push({ path, status: 'added' });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * The unified diff (3 lines of context, like GitHub) of one file from `base` to `head`
 * (`null` → working tree), trimmed to its hunks — the shape of GitHub's `patch` field —
 * or `''` when the file did not change. Pass `previousPath` for a renamed file so the
 * diff is taken against its base-side path.
 */
export async function diffPatch(
  repoDir: string,
  base: string,
  head: string | null,
  path: string,
  options: { previousPath?: string } = {},
): Promise<string> {
  const range = head ? [base, head] : [base];
  const paths = options.previousPath ? [options.previousPath, path] : [path];
  const out = await gitOrThrow(repoDir, ['diff', '--no-color', '--no-ext-diff', '--no-textconv', '--unified=3', '-M', ...range, '--', ...paths]);
  const firstHunk = out.search(/^@@ /m);
  return firstHunk === -1 ? '' : out.slice(firstHunk);
}

/**
 * The repository's default branch as a ref to diff against: `origin/<name>` from
 * `origin/HEAD` when set, else the first of `main`, `master`, `origin/main`, `origin/master`
 * that exists, else `null`.
 */
export async function defaultBranch(repoDir: string): Promise<string | null> {
  const remoteHead = await git(repoDir, ['symbolic-ref', '--quiet', 'refs/remotes/origin/HEAD']);
  if (remoteHead.ok) return remoteHead.stdout.trim().replace(/^refs\/remotes\//, '');
  for (const candidate of ['main', 'master', 'origin/main', 'origin/master']) {
    if ((await git(repoDir, ['rev-parse', '--verify', '--quiet', `${candidate}^{commit}`])).ok) return candidate;
  }
  return null;
}

/** Every file path in the tree of `ref` (`git ls-tree -r --name-only -z`), sorted. */
export async function listFilesAt(repoDir: string, ref: string): Promise<string[]> {
  const out = await gitOrThrow(repoDir, ['ls-tree', '-r', '--name-only', '-z', ref]);
  return out.split('\0').filter(Boolean).sort();
}

/**
 * Writes the tree of `ref` into the existing empty folder `dir` (`git archive | tar -x`),
 * leaving the repository itself untouched: a copy of the base commit to run trusted code from.
 */
export async function exportTree(repoDir: string, ref: string, dir: string): Promise<void> {
  const { spawn } = await import('node:child_process');
  await new Promise<void>((resolve, reject) => {
    const archive = spawn('git', ['archive', '--format=tar', ref], { cwd: repoDir, stdio: ['ignore', 'pipe', 'pipe'] });
    const untar = spawn('tar', ['-x', '-C', dir], { stdio: ['pipe', 'ignore', 'pipe'] });
    let errors = '';
    archive.stderr.on('data', (data: Buffer) => (errors += data.toString()));
    untar.stderr.on('data', (data: Buffer) => (errors += data.toString()));
    archive.stdout.pipe(untar.stdin);
    let pending = 2;
    const done = (name: string) => (code: number | null) => {
      if (code !== 0) reject(new Error(`${name} of ${ref} failed in ${repoDir}: ${errors.trim() || `exit code ${code}`}`));
      else if (--pending === 0) resolve();
    };
    archive.on('error', reject);
    untar.on('error', reject);
    archive.on('close', done('git archive'));
    untar.on('close', done('tar -x'));
  });
}

/** True when `repoDir` is a shallow clone (`git rev-parse --is-shallow-repository`); false outside a repository. */
export async function isShallowRepository(repoDir: string): Promise<boolean> {
  const result = await git(repoDir, ['rev-parse', '--is-shallow-repository']);
  return result.ok && result.stdout.trim() === 'true';
}

/**
 * Fetches the commits `shas` from `remote` into `repoDir` as objects only: no checkout, no
 * tags, no submodules, nothing written to the working tree, so nothing in them runs. In a
 * shallow clone only the commits themselves come (`--depth=1`), as two cheap git requests
 * instead of one REST request per file. Never throws: `{ ok: false, error }` when git cannot
 * (no repository, no remote, no credentials, unknown commit).
 */
export async function fetchCommits(repoDir: string, shas: string[], remote = 'origin'): Promise<{ ok: true } | { ok: false; error: string }> {
  const depth = (await isShallowRepository(repoDir)) ? ['--depth=1'] : [];
  const result = await git(repoDir, ['-c', 'protocol.version=2', 'fetch', '--quiet', '--no-tags', '--no-recurse-submodules', ...depth, remote, ...shas]);
  return result.ok ? { ok: true } : { ok: false, error: result.stderr.trim() || `exit code ${result.code}` };
}
