import type { CliIO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';

/** Runs the CLI in-process in `cwd`, capturing what it prints and writes. */
export async function runCli(argv: string[], options: { cwd: string; env?: Record<string, string | undefined> }) {
  let stdout = '';
  let stderr = '';
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
  };
  const code = await main(argv, io);
  return { code, stdout, stderr, files };
}
