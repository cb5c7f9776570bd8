import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CliIO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';

/**
 * The entry `--jobs` worker threads of an in-process run start from: the bundle (dist/cli.js is its
 * own worker entry, as in a user's run). A worker thread does not inherit the test runner's
 * TypeScript loader, and loading src/ behind tsx in each thread cost about 3 s of CPU per pool.
 * Like the action tests, these need a fresh `npm run build`; each compares the threads' report
 * with one thread's, so a stale bundle fails them rather than passing unseen.
 */
export const CLI_ENTRY = new URL('../../dist/cli.js', import.meta.url);

/**
 * Runs the CLI in-process in `cwd`, capturing what it prints and writes. With `workerUrl`
 * ({@link CLI_ENTRY}), `--jobs` starts real worker threads; without, every task runs in this thread.
 * With `tty`, standard output and standard error act as terminals; what is drawn on the latter is `terminal`.
 */
export async function runCli(argv: string[], options: { cwd: string; env?: Record<string, string | undefined>; workerUrl?: URL; tty?: boolean }) {
  let stdout = '';
  let stderr = '';
  let terminal = '';
  const files: Record<string, string> = {};
  const io: CliIO = {
    cwd: options.cwd,
    env: options.env ?? {},
    stdout: (text) => void (stdout += text.endsWith('\n') ? text : `${text}\n`),
    stderr: (text) => void (stderr += text.endsWith('\n') ? text : `${text}\n`),
    output: async (text, file) => {
      if (file) files[file] = text;
      else stdout += text;
    },
    ...(options.workerUrl ? { workerUrl: options.workerUrl } : {}),
    ...(options.tty ? { stdoutIsTTY: true, stderrTerminal: { write: (text: string) => void (terminal += text), columns: 80 } } : {}),
  };
  const code = await main(argv, io);
  return { code, stdout, stderr, files, terminal };
}

/**
 * Runs the bundled CLI (`node dist/cli.js`, built by `npm run build`) as a child process in `cwd`,
 * to its exit, with only `PATH` and `env` in its environment. vitest's timeout catches a process
 * that never exits.
 */
export function runBundle(args: string[], options: { cwd: string; env?: Record<string, string> }): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [BUNDLE, ...args], { cwd: options.cwd, env: { PATH: process.env.PATH ?? '', ...options.env }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: child.exitCode ?? (error ? 1 : 0), stdout, stderr }),
    );
  });
}

/** The bundled CLI. */
const BUNDLE = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
