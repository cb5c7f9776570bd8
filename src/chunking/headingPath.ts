import { lastStartingAtOrBefore } from '../markdown/lines.js';
import type { ParsedDoc } from '../types.js';
import { rootPath, sectionsOf } from './sections.js';

/**
 * A lookup of the heading path at a source offset: the titles of the headings (any depth,
 * 1–6) that enclose `offset`, outermost first, after the document's root path (front matter
 * title, see `rootPath`). An offset at a heading's first character is inside that heading's
 * section. Each look-up is a binary search over the headings.
 */
export function headingPathAt(doc: ParsedDoc): (offset: number) => string[] {
  const sections = sectionsOf(doc, 6);
  const root = rootPath(doc);
  return (offset) => {
    const found = lastStartingAtOrBefore(sections, offset, (section) => section.start);
    return found === -1 ? [...root] : [...sections[found]!.headingPath];
  };
}
