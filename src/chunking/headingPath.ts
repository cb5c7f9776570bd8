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
    let low = 0;
    let high = sections.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (sections[middle]!.start <= offset) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return found === -1 ? [...root] : [...sections[found]!.headingPath];
  };
}
