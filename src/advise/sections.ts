import type { ChunkMeasure } from '../chunking/piece.js';
import { sectionsOf } from '../chunking/sections.js';
import { sliceTokensOf } from '../tokens/index.js';
import { trimSpan } from '../chunking/trim.js';
import type { ParsedDoc, Span } from '../types.js';

/** A heading section's body length, for `chunkgate advise`. */
export interface SectionLength {
  path: string;
  /** Heading path joined with ›, or "(document start)" for text before the first heading. */
  title: string;
  line: number;
  /** Size of the body (the text after the heading line, trimmed) in the measure's unit. */
  body: number;
}

/**
 * Body lengths of a document's heading sections (levels ≤ `headingMaxLevel`), as seed
 * 002's script measures them: the heading line excluded, surrounding whitespace trimmed.
 */
export function sectionLengths(doc: ParsedDoc, headingMaxLevel: number, measure: ChunkMeasure): SectionLength[] {
  // Token counts come from the document's one tokenization (shared with its chunking).
  const size = (span: Span) =>
    span.end <= span.start ? 0 : measure.unit === 'tokens' ? sliceTokensOf(measure, doc.source)(span.start, span.end) : span.end - span.start;
  return sectionsOf(doc, headingMaxLevel).map((section) => ({
    path: doc.path,
    title: section.headingPath.length > 0 ? section.headingPath.join(' › ') : '(document start)',
    line: section.startLine,
    body: size(trimSpan(doc.source, { start: section.bodyStart, end: section.end })),
  }));
}
