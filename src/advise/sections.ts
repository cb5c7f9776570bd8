import { sectionsOf } from '../chunking/sections.js';
import type { Measure, ParsedDoc } from '../types.js';

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
export function sectionLengths(doc: ParsedDoc, headingMaxLevel: number, measure: Measure): SectionLength[] {
  return sectionsOf(doc, headingMaxLevel).map((section) => ({
    path: doc.path,
    title: section.headingPath.length > 0 ? section.headingPath.join(' › ') : '(document start)',
    line: section.startLine,
    body: measure.size(doc.source.slice(section.bodyStart, section.end).trim()),
  }));
}
