import { limitsOf, settingsFor } from '../config/resolve.js';
import type { Config } from '../config/types.js';
import { corpusMap, type CorpusMap } from '../engine/corpus-map.js';
import { forEachOrdered } from '../engine/ordered.js';
import type { CorpusChunking, SourceText } from '../engine/retrieval.js';
import type { ContentCache } from '../sources/content-cache.js';
import type { ChunkingOptions } from '../types.js';
import { packable, packEntries, readPack, unpackChunking } from './chunk-pack.js';
import { inFlightFiles, type Pool } from './pool.js';

/**
 * The chunks of every golden-set corpus file (both sides, each distinct path and text once), for
 * the retrieval step: from the content cache when there, else computed on a pool (`poolFor` the
 * number of files left to chunk, so a warm cache starts no worker thread) and stored. Files of
 * the `external` strategy are left to the engine (it runs the command); `skip` leaves out files
 * the comparison chunks anyway (the changed ones).
 *
 * With `packs` too, the chunks of the base side (`sides[0]`) are also kept together in one pack
 * keyed by every base file's entry key ({@link chunkPack}): every pull request on the same base
 * commit reads one file instead of one per corpus file. Only the latest pack is kept; the
 * per-file entries stay (pruning keeps those a pack stood in for), so a new base commit reuses them.
 *
 * `entryKeys` has the cache's entry key of each file chunked here (not skipped, not `external`
 * or `semantic`): its chunks are a function of that key (the engine build, path, text, settings).
 */
export async function chunkCorpus(
  sides: readonly (readonly SourceText[])[],
  config: Config,
  poolFor: (files: number) => Pool,
  cache: ContentCache | null,
  skip: (path: string, text: string) => boolean,
  packs: ContentCache | null = null,
): Promise<CorpusMap<CorpusChunking> & { entryKeys: CorpusMap<string | null> }> {
  const chunked = corpusMap<CorpusChunking>();
  // Settings by path: both sides ask for most paths, several times.
  const settings = new Map<string, ChunkingOptions>();
  const chunkingOf = (file: SourceText): ChunkingOptions => {
    let chunking = settings.get(file.path);
    if (!chunking) settings.set(file.path, (chunking = settingsFor(config, file.path).chunking));
    return chunking;
  };
  const chunkedHere = (file: SourceText): boolean => {
    const { strategy } = chunkingOf(file);
    return strategy !== 'external' && strategy !== 'semantic';
  };
  // Each distinct file once, with its entry key in the cache.
  const todo: { file: SourceText; key: string | null }[] = [];
  const seen = corpusMap<string | null>();
  // A git blob id names the text already (it hashes the bytes the text was decoded from): hashing
  // the text again was a tenth of a warm golden-set run.
  const entryKey = (file: SourceText): string =>
    file.blob === undefined ? cache!.key({ path: file.path, chunking: chunkingOf(file) }, file.text) : cache!.key({ path: file.path, chunking: chunkingOf(file), blob: file.blob });
  for (const file of sides.flat()) {
    if (seen.has(file.path, file.text) || skip(file.path, file.text) || !chunkedHere(file)) continue;
    const key = cache ? entryKey(file) : null;
    seen.set(file.path, file.text, key);
    todo.push({ file, key });
  }
  // The pack of the base side: keyed by all its files, the changed ones included, so it does not depend on the pull request.
  const baseFiles = (sides[0] ?? []).filter(chunkedHere);
  const baseKeys = cache ? baseFiles.map((file) => seen.get(file.path, file.text) ?? entryKey(file)) : [];
  const packKey = cache && packs && baseKeys.length > 0 && packable(baseFiles) ? packs.key(baseKeys) : null;
  const pack = packKey ? readPack(await packs!.get(packKey)) : new Map<string, unknown>();
  const found = new Map<string, CorpusChunking>();
  const fromPack = new Set<string>();
  const missing: { file: SourceText; key: string | null }[] = [];
  const lookups: { file: SourceText; key: string | null }[] = [];
  for (const item of todo) {
    const packed = item.key !== null && pack.has(item.key) ? unpackChunking(pack.get(item.key), item.file.text) : undefined;
    if (!packed) {
      lookups.push(item);
      continue;
    }
    cache!.keep(item.key!);
    fromPack.add(item.key!);
    chunked.set(item.file.path, item.file.text, packed);
    found.set(item.key!, packed);
  }
  await forEachOrdered(
    lookups,
    64,
    async ({ key }) => (cache && key ? await cache.get<CorpusChunking>(key) : undefined),
    (cached, item) => {
      if (!cached) return void missing.push(item);
      chunked.set(item.file.path, item.file.text, cached);
      found.set(item.key!, cached);
    },
  );
  if (missing.length > 0) {
    const pool = poolFor(missing.length);
    try {
      await forEachOrdered(
        missing,
        inFlightFiles(pool),
        async ({ file, key }) => {
          // A file the parser cannot take is left to the engine, which reports it and goes on.
          const answer = await pool.run({ kind: 'chunk', path: file.path, text: file.text, chunking: chunkingOf(file), limits: limitsOf(config).complexity }).catch(() => null);
          if (answer === null) return null;
          if (answer.kind !== 'chunk') throw new Error(`chunking ${file.path}: unexpected ${answer.kind} result`);
          if (cache && key) await cache.set(key, answer.chunking);
          return answer.chunking;
        },
        (chunking, { file, key }) => {
          if (!chunking) return;
          chunked.set(file.path, file.text, chunking);
          if (key) found.set(key, chunking);
        },
      );
    } finally {
      await pool.close();
    }
  }
  // (Re)write the pack when it lacks a base file this run has the chunks of.
  if (packKey && baseKeys.some((key) => !fromPack.has(key) && found.has(key))) {
    const entries = baseFiles.flatMap((file, at) => {
      const key = baseKeys[at]!;
      const chunking = found.get(key);
      return chunking ? [{ key, chunking, text: file.text }] : [];
    });
    await packs!.set(packKey, packEntries(entries));
    await packs!.prune();
  }
  return Object.assign(chunked, { entryKeys: seen });
}
