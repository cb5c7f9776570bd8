import { chunkDocument } from '../chunking/index.js';
import { countTokens, createMeasure } from '../chunking/measure.js';
import { settingsFor } from '../config/resolve.js';
import type { Config } from '../config/types.js';
import type { GoldenSet } from '../golden/schema.js';
import { parseMarkdown } from '../markdown/parse.js';
import { bm25Retriever } from '../retrieval/bm25.js';
import { evaluateRetrieval } from '../retrieval/evaluate.js';
import { retrievalFailures } from '../retrieval/failures.js';
import type { Chunk, RetrievalReport } from '../types.js';

/** A docs file with its text. */
export interface SourceText {
  path: string;
  text: string;
}

/** Every docs file of each side: retrieval searches the whole corpus, not only what changed. */
export interface RetrievalInput {
  golden: GoldenSet;
  base: SourceText[];
  head: SourceText[];
}

/**
 * Golden-set retrieval, base vs head (SPEC §6): chunks every file of each side with the
 * settings of its path (reusing `known` chunkings of the same path and text, so changed
 * files are not chunked twice), retrieves the top `golden.k` for every query with BM25,
 * and checks `thresholds.retrieval`.
 */
export async function retrievalReport(
  input: RetrievalInput,
  config: Config,
  known: (path: string, text: string) => Chunk[] | undefined,
): Promise<{ report: RetrievalReport; notices: string[] }> {
  const notices: string[] = [];
  if (config.golden.retriever === 'embeddings') {
    notices.push('golden.retriever is embeddings, which this version does not run yet: BM25 was used');
  }
  const side = (files: SourceText[]) => ({
    files: files.map((file) => {
      let chunks = known(file.path, file.text);
      if (!chunks) {
        const chunking = settingsFor(config, file.path).chunking;
        chunks = chunkDocument(parseMarkdown(file.path, file.text).doc, chunking, createMeasure(chunking.unit, chunking.tokenizer));
      }
      return { path: file.path, source: file.text, chunks };
    }),
    retriever: bm25Retriever,
  });
  const tokenizer = config.chunking.tokenizer;
  const result = await evaluateRetrieval({
    golden: input.golden,
    k: config.golden.k,
    retriever: 'bm25',
    base: side(input.base),
    head: side(input.head),
    size: (source) => (_file, span) => countTokens(source.slice(span.start, span.end), tokenizer),
  });
  return { report: { ...result, failures: retrievalFailures(result, config.thresholds.retrieval) }, notices };
}
