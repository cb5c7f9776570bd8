import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Writable } from 'node:stream';

/** The CLI's window on the world, so commands can be run in-process by tests. */
export interface CliIO {
  cwd: string;
  env: Record<string, string | undefined>;
  stdout(text: string): void;
  stderr(text: string): void;
  /** Writes `text` to `file` (relative to cwd) or, without one, to standard output. */
  output(text: string, file?: string): Promise<void>;
  /**
   * Opens `file` (relative to cwd) or, without one, standard output for writing piece by piece,
   * so a large report is never one string (default: pieces are gathered and given to `output`).
   */
  openOutput?(file?: string): Promise<OutputSink>;
  /** The CLI's entry module: worker threads (`--jobs`) run it again (default: no worker threads). */
  workerUrl?: URL;
  /** Whether standard output is a terminal (colour: see `useColor`). Absent: it is not. */
  stdoutIsTTY?: boolean;
  /** Standard error when it is a terminal (the progress line is drawn there); absent otherwise. */
  stderrTerminal?: { write(text: string): void; columns?: number | undefined };
}

/** A report being written piece by piece. */
export interface OutputSink {
  /** Resolves when the piece is handed over (waits while the destination is full). */
  write(text: string): Promise<void>;
  /** Resolves when everything is written. */
  close(): Promise<void>;
}

/** {@link CliIO.openOutput}, or a sink that gathers the pieces and calls `output` once. */
export function openOutput(io: CliIO, file?: string): Promise<OutputSink> {
  if (io.openOutput) return io.openOutput(file);
  const pieces: string[] = [];
  return Promise.resolve({
    write: (text) => {
      pieces.push(text);
      return Promise.resolve();
    },
    close: () => io.output(pieces.join(''), file),
  });
}

/** A sink over a Node stream, honouring backpressure. */
function streamSink(stream: Writable, end: boolean): OutputSink {
  let failure: Error | null = null;
  stream.on('error', (error: Error) => void (failure = error));
  const check = (): void => {
    if (failure) throw failure;
  };
  return {
    write: (text) =>
      new Promise<void>((resolvePromise, reject) => {
        if (failure) return reject(failure);
        if (stream.write(text)) return resolvePromise();
        const onDrain = (): void => {
          stream.off('error', onError);
          resolvePromise();
        };
        const onError = (error: Error): void => {
          stream.off('drain', onDrain);
          reject(error);
        };
        stream.once('drain', onDrain);
        stream.once('error', onError);
      }),
    close: () =>
      new Promise<void>((resolvePromise, reject) => {
        check();
        if (!end) return resolvePromise();
        stream.once('error', reject);
        stream.end(() => resolvePromise());
      }),
  };
}

/** The real process's IO; `workerUrl` is the entry module worker threads run (see {@link CliIO.workerUrl}). */
export function processIO(options: { workerUrl?: URL } = {}): CliIO {
  const io: CliIO = {
    ...(options.workerUrl ? { workerUrl: options.workerUrl } : {}),
    cwd: process.cwd(),
    env: process.env,
    stdout: (text) => void process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    stderr: (text) => void process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
    output: async (text, file) => {
      if (file) await writeFile(resolve(io.cwd, file), text);
      else io.stdout(text);
    },
    openOutput: async (file) => {
      if (!file) return streamSink(process.stdout, false);
      const stream = createWriteStream(resolve(io.cwd, file));
      await new Promise<void>((resolvePromise, reject) => {
        stream.once('open', () => resolvePromise());
        stream.once('error', reject);
      });
      return streamSink(stream, true);
    },
    stdoutIsTTY: process.stdout.isTTY === true,
    ...(process.stderr.isTTY
      ? { stderrTerminal: { write: (text: string) => void process.stderr.write(text), columns: process.stderr.columns } }
      : {}),
  };
  return io;
}
