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
