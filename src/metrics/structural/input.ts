import type { Chunk, ChunkingOptions, Measure, ParsedDoc } from '../../types.js';

/**
 * What every structural metric and rule check reads: the parsed document, its
 * chunks in index order, the chunking options they were made with and the
 * measure of the configured unit.
 */
export interface StructuralInput {
  doc: ParsedDoc;
  chunks: Chunk[];
  options: ChunkingOptions;
  measure: Measure;
}
