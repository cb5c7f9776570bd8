import { endsAtCompleteBlock } from './block-end.js';
import type { StructuralInput } from './input.js';
import { endsWithTerminator } from './sentence-end.js';

/** The target share (docs/scores.md#quick-checks) of chunks that end on a sentence or block end: at least 70%. */
export const CLEAN_END_TARGET = 0.7;

/**
 * `boundary_integrity` (docs/scores.md#structural-metrics-per-document): 100 × the share of chunks that end cleanly,
 * i.e. whose text ends with a sentence terminator `。！？!?.；;` after trailing
 * Markdown markup (`*` `_` `` ` `` `)` `]` quotes `|` …) is stripped, or whose
 * extent ends at the end of a complete atomic unit (closed code fence, whole
 * table, list item, html/JSX block; see `endsAtCompleteBlock`).
 *
 * No chunks → 100.
 */
export function boundaryIntegrity(input: StructuralInput): number {
  const { doc, chunks } = input;
  if (chunks.length === 0) return 100;
  const clean = chunks.filter((chunk) => endsWithTerminator(chunk.text) || endsAtCompleteBlock(doc, chunk)).length;
  return (100 * clean) / chunks.length;
}
