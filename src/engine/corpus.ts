import type { ExternalChunk } from '../chunking/presets/index.js';
import type { SentenceVectors } from '../chunking/semantic.js';
import { limitsOf, settingsFor } from '../config/resolve.js';
import type { Config } from '../config/types.js';
import { pageBlocks } from '../metrics/boilerplate.js';
import type { Uncheckable } from '../compare/unchecked.js';
import type { ChunkingOptions } from '../types.js';
import { addPage, type RunPages } from './boilerplate.js';
import type { BudgetOptions } from './budget.js';
import { analyzeIsolated, problemOf } from './isolate.js';
import { corpusMap, type CorpusMap } from './corpus-map.js';
import { chunkForRetrieval, type CorpusChunking, type RetrievalInput, type SourceText } from './retrieval.js';

/** What chunking the corpus needs beyond the files. */
export interface CorpusOptions {
  config: Config;
  /** Runs the external chunker on one file (strategy `external`). */
  externalChunks?: (path: string, source: string, chunking: ChunkingOptions) => Promise<ExternalChunk[]>;
  fileBudget?: BudgetOptions;
  vectors?: SentenceVectors;
  /** Why a `semantic` file got no sentence embeddings (`SemanticVectors.problem`); such a file is left out with a notice. */
  embeddingProblem?: (path: string, text: string) => Uncheckable | undefined;
}

/**
 * The chunks of every file of both sides of a golden-set run, each distinct path and text once:
 * the chunking a changed file's analysis made (`known`), else the shell's (`input.chunked`: its
 * cache or worker threads), else made here (the external chunker's for its strategy). Each side's
 * pages join `pages` for the boilerplate check with the blocks of that same parse. A file that
 * cannot be chunked (deep nesting, a failing command) has no chunks and a notice; the run goes on.
 */
export async function corpusChunkings(
  input: RetrievalInput,
  known: CorpusMap<CorpusChunking>,
  options: CorpusOptions,
  pages: RunPages,
  notices: string[],
): Promise<CorpusMap<CorpusChunking | null>> {
  const chunkings = corpusMap<CorpusChunking | null>();
  const visit = async (files: readonly SourceText[], side: 'base' | 'head') => {
    for (const file of files) {
      let chunking = chunkings.get(file.path, file.text);
      if (chunking === undefined) {
        chunking = known.get(file.path, file.text) ?? input.chunked?.(file.path, file.text) ?? (await chunkHere(file, options, notices));
        chunkings.set(file.path, file.text, chunking);
      }
      addPage(pages[side], file.path, chunking?.blocks);
    }
  };
  await visit(input.base, 'base');
  await visit(input.head, 'head');
  return chunkings;
}

/** One corpus file chunked in this thread, or `null` with a notice when it cannot be. */
async function chunkHere(file: SourceText, options: CorpusOptions, notices: string[]): Promise<CorpusChunking | null> {
  const chunking = settingsFor(options.config, file.path).chunking;
  // Unchanged files of an `external` strategy are chunked by the command too, or retrieval would see none.
  if (chunking.strategy === 'external' && options.externalChunks) {
    try {
      const placed = await options.externalChunks(file.path, file.text, chunking);
      const settings = {
        chunking,
        rules: settingsFor(options.config, file.path).rules,
        weights: options.config.scoring.weights,
        limits: limitsOf(options.config).complexity,
        ...(options.vectors ? { vectors: options.vectors } : {}),
      };
      const checked = analyzeIsolated(file.path, file.text, settings, placed, options.fileBudget ?? { ms: limitsOf(options.config).cpuMs });
      if ('problem' in checked) throw new Error(`${file.path}: ${checked.problem.reason}`);
      return { chunks: checked.analysis.chunks, blocks: pageBlocks(checked.analysis.doc) };
    } catch (error) {
      notices.push(`${error instanceof Error ? error.message : String(error)}; retrieval sees no chunks of ${file.path}`);
      return null;
    }
  }
  const unembedded = chunking.strategy === 'semantic' ? options.embeddingProblem?.(file.path, file.text) : undefined;
  if (unembedded) {
    notices.push(`${unembedded.reason}; retrieval sees no chunks of ${file.path}`);
    return null;
  }
  try {
    return chunkForRetrieval(file.path, file.text, chunking, options.vectors, limitsOf(options.config).complexity);
  } catch (error) {
    // One unchanged file the parser cannot take (deep nesting) must not end the run.
    notices.push(`${file.path}: ${problemOf(error).reason}; retrieval sees no chunks of it`);
    return null;
  }
}
