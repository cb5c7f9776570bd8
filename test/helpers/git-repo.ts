/**
 * Throwaway git repositories for tests: `git init -b main` in a temp dir, isolated from the
 * user's and the system's git config, with a fixed identity and no commit signing.
 */
import { execFile } from 'node:child_process';
import { appendFile, mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Environment that keeps git away from `~/.gitconfig` and `/etc/gitconfig`. */
export const isolatedGitEnv: Record<string, string> = {
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  LC_ALL: 'C',
  GIT_AUTHOR_NAME: 'Test Author',
  GIT_AUTHOR_EMAIL: 'author@example.test',
  GIT_COMMITTER_NAME: 'Test Author',
  GIT_COMMITTER_EMAIL: 'author@example.test',
};

export interface TestRepo {
  dir: string;
  /** Runs `git <args>` in the repo and resolves to trimmed stdout. */
  git(...args: string[]): Promise<string>;
  /** Writes (string) or deletes (`null`) files without committing. */
  write(files: Record<string, string | null>): Promise<void>;
  /** Writes/deletes `files`, stages everything and commits; resolves to the new commit's sha. */
  commit(files: Record<string, string | null>, message?: string): Promise<string>;
  /** Removes the temp directory. */
  remove(): Promise<void>;
}

/** Runs git with the isolated environment; rejects with git's stderr. */
export function runGit(cwd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, env: { ...process.env, ...isolatedGitEnv }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`git ${args.join(' ')}: ${stderr || error.message}`));
      else resolve(stdout.trim());
    });
  });
}

/** Wraps an existing directory as a {@link TestRepo} (e.g. a clone). */
export function openRepo(dir: string): TestRepo {
  const git = (...args: string[]) => runGit(dir, args);
  const write = async (files: Record<string, string | null>) => {
    for (const [path, text] of Object.entries(files)) {
      const full = join(dir, path);
      if (text === null) await unlink(full);
      else {
        await mkdir(dirname(full), { recursive: true });
        await writeFile(full, text);
      }
    }
  };
  return {
    dir,
    git,
    write,
    async commit(files, message = 'change') {
      await write(files);
      await git('add', '-A');
      await git('commit', '--allow-empty', '-q', '-m', message);
      return headSha(dir);
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * The commit `HEAD` names, read from `.git` as git keeps it in a new repository (a loose ref file);
 * `git rev-parse HEAD` when it is not there (a clone's packed refs). Tests make hundreds of commits:
 * a git process less for each.
 */
async function headSha(dir: string): Promise<string> {
  const head = (await readFile(join(dir, '.git', 'HEAD'), 'utf8')).trim();
  if (/^[0-9a-f]{40}$/.test(head)) return head;
  const ref = /^ref: (refs\/heads\/[^\s]+)$/.exec(head)?.[1];
  const sha = ref ? await readFile(join(dir, '.git', ref), 'utf8').then((text) => text.trim(), () => '') : '';
  return /^[0-9a-f]{40}$/.test(sha) ? sha : runGit(dir, ['rev-parse', 'HEAD']);
}

/** A new empty repository on branch `branch` (default: `main`), with local identity and `commit.gpgsign false`. */
export async function makeRepo(options: { branch?: string } = {}): Promise<TestRepo> {
  const dir = await mkdtemp(join(tmpdir(), 'chunkgate-git-'));
  await runGit(dir, ['init', '-q', '-b', options.branch ?? 'main']);
  // What three `git config` calls would add, in one write.
  await appendFile(join(dir, '.git', 'config'), '[user]\n\tname = Test Author\n\temail = author@example.test\n[commit]\n\tgpgsign = false\n');
  return openRepo(dir);
}
