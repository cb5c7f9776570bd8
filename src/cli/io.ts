import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';

/** The CLI's window on the world, so commands can be run in-process by tests. */
export interface CliIO {
  cwd: string;
  env: Record<string, string | undefined>;
  stdout(text: string): void;
  stderr(text: string): void;
  /** Writes `text` to `file` (relative to cwd) or, without one, to standard output. */
  output(text: string, file?: string): Promise<void>;
  /** Whether standard output is a terminal (colour: see `useColor`). Absent: it is not. */
  stdoutIsTTY?: boolean;
  /** Standard error when it is a terminal (the progress line is drawn there); absent otherwise. */
  stderrTerminal?: { write(text: string): void; columns?: number | undefined };
}

/** The real process's IO. */
export function processIO(): CliIO {
  const io: CliIO = {
    cwd: process.cwd(),
    env: process.env,
    stdout: (text) => void process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    stderr: (text) => void process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
    output: async (text, file) => {
      if (file) await writeFile(resolve(io.cwd, file), text);
      else io.stdout(text);
    },
    stdoutIsTTY: process.stdout.isTTY === true,
    ...(process.stderr.isTTY
      ? { stderrTerminal: { write: (text: string) => void process.stderr.write(text), columns: process.stderr.columns } }
      : {}),
  };
  return io;
}
