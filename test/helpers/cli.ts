import type { CliIO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';

/** The CLI entry `--jobs` worker threads run: src/cli/index.ts behind the tsx loader (cli-worker.mjs). */
export const CLI_ENTRY = new URL('./cli-worker.mjs', import.meta.url);

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
