import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Report entries kept in a temporary file while a run goes on, read back in order once the
 * run's cross-file checks are known: a whole-repository report is never one string, and no
 * entry is held in memory longer than it takes to write it.
 */
export interface Spool {
  /** Appends one entry. */
  append(key: string, text: string): Promise<void>;
  /** The entries in the order they were appended. */
  entries(): AsyncGenerator<{ key: string; text: string }>;
  /** Deletes the file. */
  close(): Promise<void>;
}

/** A new {@link Spool} in the system's temporary folder. */
export async function openSpool(): Promise<Spool> {
  const dir = await mkdtemp(join(tmpdir(), 'chunkgate-spool-'));
  let handle: FileHandle | null = await open(join(dir, 'entries'), 'w+');
  const index: { key: string; bytes: number }[] = [];
  let size = 0;
  return {
    async append(key, text) {
      const bytes = Buffer.from(text, 'utf8');
      await handle!.write(bytes, 0, bytes.length, size);
      index.push({ key, bytes: bytes.length });
      size += bytes.length;
    },
    async *entries() {
      let position = 0;
      for (const { key, bytes } of index) {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle!.read(buffer, 0, bytes, position);
        if (bytesRead !== bytes) throw new Error(`the report's spool file ended early (${bytesRead} of ${bytes} bytes at ${position})`);
        position += bytes;
        yield { key, text: buffer.toString('utf8') };
      }
    },
    async close() {
      await handle?.close();
      handle = null;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
