import { spawn } from 'node:child_process';
import type { ExternalChunk } from '../chunking/presets/index.js';
import type { Config } from '../config/types.js';
import type { ChunkingOptions } from '../types.js';

/** Default `chunking.timeout` of the `external` strategy, in seconds. */
const DEFAULT_EXTERNAL_TIMEOUT = 60;

/** Largest stdout accepted from the command (bytes): 64 MB. */
const MAX_OUTPUT = 64 * 1024 * 1024;

/**
 * Environment variables the command sees; everything else (tokens, `INPUT_*` action inputs,
 * API keys) is withheld. Variables named `CHUNKGATE_*` pass too, for the user's own settings.
 */
const PASSED_ENV = ['PATH', 'HOME', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TMPDIR', 'TEMP', 'TMP', 'SYSTEMROOT', 'PYTHONPATH', 'PYTHONIOENCODING', 'VIRTUAL_ENV'];

/** A failure of the external chunker on one file: names the command and the file. */
export class ExternalChunkerError extends Error {
  constructor(
    readonly command: readonly string[],
    readonly path: string,
    reason: string,
  ) {
    super(`external chunker \`${command.join(' ')}\` failed on ${path}: ${reason}`);
    this.name = 'ExternalChunkerError';
  }
}

/** Gets a file's chunks from the configured command (see {@link runExternalChunker}). */
export type ExternalChunksHook = (path: string, source: string, chunking: ChunkingOptions) => Promise<ExternalChunk[]>;

/**
 * Runs `chunking.command` for one file, without a shell, in `cwd`: writes
 * `{"path": …, "markdown": …}` (JSON) to its stdin and reads `{"chunks": [{"text", "start"?,
 * "end"?, "metadata"?}]}` (JSON) from its stdout. The command runs in its own process group:
 * after `chunking.timeout` seconds (default: `60`) the whole group is killed, and so is
 * whatever the command left running when it exits, so a chunker that forks a background
 * process cannot keep chunkgate alive. The command gets a minimal environment (`PATH`, `HOME`,
 * locale, temp dirs, Python paths, `CHUNKGATE_*`). Throws {@link ExternalChunkerError} on a
 * missing command, a non-zero exit or a signal, a timeout, output that is not that JSON, or
 * output above 64 MB.
 */
export async function runExternalChunker(path: string, source: string, chunking: ChunkingOptions, cwd: string): Promise<ExternalChunk[]> {
  const command = chunking.command ?? [];
  const fail = (reason: string): ExternalChunkerError => new ExternalChunkerError(command, path, reason);
  if (command.length === 0) throw fail('chunking.command is empty (set it to the program and its arguments, e.g. ["python3", "scripts/chunk.py"])');
  const timeout = chunking.timeout ?? DEFAULT_EXTERNAL_TIMEOUT;
  const stdout = await new Promise<string>((resolvePromise, reject) => {
    // `detached`: the command leads a new process group, which can be killed as one.
    const child = spawn(command[0]!, command.slice(1), { cwd, env: childEnv(process.env), shell: false, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    const killGroup = (): void => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
    };
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let settled = false;
    const finish = (error: ExternalChunkerError | null, value = ''): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        killGroup();
        // A grandchild may still hold the pipes open: stop waiting for them.
        child.stdout.destroy();
        child.stderr.destroy();
        reject(error);
      } else resolvePromise(value);
    };
    const timer = setTimeout(() => finish(fail(`timed out after ${timeout} s (chunking.timeout)`)), timeout * 1000);
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish(fail(error.code === 'ENOENT' ? `command not found: ${command[0]}` : error.message));
    });
    child.stdout.on('data', (data: Buffer) => {
      outBytes += data.length;
      if (outBytes > MAX_OUTPUT) finish(fail(`printed more than ${MAX_OUTPUT / 1024 / 1024} MB`));
      else out.push(data);
    });
    child.stderr.on('data', (data: Buffer) => {
      err = (err + data.toString('utf8')).slice(-2000);
    });
    // A command that exits without reading its input closes the pipe: its exit status tells.
    child.stdin.on('error', () => undefined);
    // Once the command itself has exited, anything it left in its group is a stray: killing the
    // group lets the pipes close ('close' waits for every holder of them).
    child.on('exit', killGroup);
    child.on('close', (code, signal) => {
      const tail = err.trim() ? `: ${err.trim().split('\n').slice(-5).join(' | ')}` : '';
      if (signal) finish(fail(`killed by ${signal}${tail}`));
      else if (code !== 0) finish(fail(`exited with code ${code}${tail}`));
      else finish(null, Buffer.concat(out).toString('utf8'));
    });
    child.stdin.end(JSON.stringify({ path, markdown: source }));
  });
  return parseChunks(stdout, fail);
}

/** Whether `config` runs an external chunker: `chunking.strategy: external`, at the top or in an override. */
export function usesExternalChunker(config: Config): boolean {
  return config.chunking.strategy === 'external' || config.overrides.some((override) => override.chunking?.strategy === 'external');
}

/** Builds the hook the engine calls for files whose strategy is `external`. */
export function externalChunker(cwd: string): ExternalChunksHook {
  return (path, source, chunking) => runExternalChunker(path, source, chunking, cwd);
}

function parseChunks(stdout: string, fail: (reason: string) => ExternalChunkerError): ExternalChunk[] {
  let value: unknown;
  try {
    value = JSON.parse(stdout);
  } catch {
    const head = stdout.trim().slice(0, 80);
    throw fail(`printed invalid JSON (expected {"chunks": [{"text": …}]}, got ${head ? JSON.stringify(head) : 'nothing'})`);
  }
  const chunks = (value as { chunks?: unknown } | null)?.chunks;
  if (!Array.isArray(chunks)) throw fail('printed JSON without a "chunks" list (expected {"chunks": [{"text": …}]})');
  return chunks.map((chunk: unknown, index): ExternalChunk => {
    const item = chunk as Partial<ExternalChunk> | null;
    if (typeof item !== 'object' || item === null || typeof item.text !== 'string') {
      throw fail(`chunks[${index}] has no "text" string`);
    }
    for (const key of ['start', 'end'] as const) {
      if (item[key] !== undefined && item[key] !== null && !(Number.isInteger(item[key]) && item[key] >= 0)) {
        throw fail(`chunks[${index}].${key} is ${JSON.stringify(item[key])}, expected an offset (integer ≥ 0) or nothing`);
      }
    }
    const result: ExternalChunk = { text: item.text };
    if (typeof item.start === 'number') result.start = item.start;
    if (typeof item.end === 'number') result.end = item.end;
    if (item.metadata !== undefined) result.metadata = item.metadata;
    return result;
  });
}

function childEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => PASSED_ENV.includes(key) || key.startsWith('CHUNKGATE_')));
}
