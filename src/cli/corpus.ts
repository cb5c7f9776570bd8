import { settingsFor } from '../config/resolve.js';
import type { Config } from '../config/types.js';
import { corpusKey } from '../engine/corpus.js';
import { forEachOrdered } from '../engine/ordered.js';
import type { CorpusChunking, SourceText } from '../engine/retrieval.js';
import type { ContentCache } from '../sources/content-cache.js';
import { inFlightFiles, type Pool } from './pool.js';

/**
 * The chunks of every golden-set corpus file (both sides, each distinct path and text once), for
 * the retrieval step: from the content cache when there, else computed on a pool (`poolFor` the
 * number of files left to chunk, so a warm cache starts no worker thread) and stored. Files of
 * the `external` strategy are left to the engine (it runs the command); `skip` leaves out files
 * the comparison chunks anyway (the changed ones).
 */
export async function chunkCorpus(
  sides: readonly (readonly SourceText[])[],
  config: Config,
  poolFor: (files: number) => Pool,
  cache: ContentCache | null,
  skip: (path: string, text: string) => boolean,
): Promise<Map<string, CorpusChunking>> {
  const chunked = new Map<string, CorpusChunking>();
  const todo = new Map<string, SourceText>();
  for (const file of sides.flat()) {
    const key = corpusKey(file.path, file.text);
    const { strategy } = settingsFor(config, file.path).chunking;
    if (!todo.has(key) && !skip(file.path, file.text) && strategy !== 'external' && strategy !== 'semantic') todo.set(key, file);
  }
  const missing: { file: SourceText; key: string | null }[] = [];
  await forEachOrdered(
    [...todo.values()],
    64,
    async (file) => {
      const key = cache ? cache.key({ path: file.path, text: file.text, chunking: settingsFor(config, file.path).chunking }) : null;
      return { key, cached: cache && key ? await cache.get<CorpusChunking>(key) : undefined };
    },
    ({ key, cached }, file) => {
      if (cached) chunked.set(corpusKey(file.path, file.text), cached);
      else missing.push({ file, key });
    },
  );
  if (missing.length === 0) return chunked;
  const pool = poolFor(missing.length);
  try {
    await forEachOrdered(
      missing,
      inFlightFiles(pool),
      async ({ file, key }) => {
        // A file the parser cannot take is left to the engine, which reports it and goes on.
        const answer = await pool.run({ kind: 'chunk', path: file.path, text: file.text, chunking: settingsFor(config, file.path).chunking }).catch(() => null);
        if (answer === null) return null;
        if (answer.kind !== 'chunk') throw new Error(`chunking ${file.path}: unexpected ${answer.kind} result`);
        if (cache && key) await cache.set(key, answer.chunking);
        return answer.chunking;
      },
      (chunking, { file }) => void (chunking && chunked.set(corpusKey(file.path, file.text), chunking)),
    );
  } finally {
    await pool.close();
  }
  return chunked;
}
