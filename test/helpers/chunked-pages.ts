import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { glob } from 'tinyglobby';
import { chunkDocument } from '../../src/chunking/index.js';
import { parseConfig } from '../../src/config/load.js';
import { settingsFor } from '../../src/config/resolve.js';
import { parseMarkdown } from '../../src/markdown/parse.js';
import { createMeasure } from '../../src/tokens/index.js';
import type { Chunk } from '../../src/types.js';

/** A Markdown page and its chunks. */
export interface ChunkedPage {
  /** From the folder it was found in. */
  path: string;
  chunks: readonly Chunk[];
}

/** What each folder gave, in this worker (the unit workers keep modules, so files share it). */
const chunkedByDir = new Map<string, Promise<readonly ChunkedPage[]>>();

/**
 * Every Markdown page under `dir` (`.md` and `.mdx`, node_modules left out), sorted by path, as the
 * CLI chunks it with the default config. Several tests compare a fast path with its oracle on every
 * chunk of the same folders (the fixtures, ../shared/corpus/tauri-docs, whose chunking alone takes
 * seconds): they share one chunking per folder and worker. The pages are shared: read, never change them.
 */
export function chunkedPages(dir: string): Promise<readonly ChunkedPage[]> {
  let pages = chunkedByDir.get(dir);
  if (!pages) {
    pages = chunkFolder(dir);
    chunkedByDir.set(dir, pages);
  }
  return pages;
}

async function chunkFolder(dir: string): Promise<readonly ChunkedPage[]> {
  const config = parseConfig('', '(defaults)');
  const paths = (await glob(['**/*.md', '**/*.mdx'], { cwd: dir, ignore: ['**/node_modules/**'] })).sort();
  return paths.map((path) => {
    const chunking = settingsFor(config, path).chunking;
    const { doc } = parseMarkdown(path, readFileSync(join(dir, path), 'utf8'));
    return { path, chunks: chunkDocument(doc, chunking, createMeasure(chunking.unit, chunking.tokenizer)) };
  });
}
