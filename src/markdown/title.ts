/** Longest heading (or front matter) title a heading path carries, in UTF-16 code units. */
export const TITLE_LIMIT = 200;

/**
 * A title as heading paths carry it: whitespace runs (a setext heading's line breaks) folded
 * to one space, trimmed, and cut to {@link TITLE_LIMIT} code units with `…` when longer (never
 * inside a surrogate pair). Every chunk of a section repeats its heading path, so an uncapped
 * 36 KB heading made a 408 MB report (docs/rules.md#files-chunkgate-cannot-check); a path holds at most seven titles
 * (front matter title and six heading levels), so at most 7 × 201 characters.
 */
export function capTitle(text: string): string {
  // Folding a 72 KB heading only to keep 200 characters would be wasted work: look at the start.
  const head = text.slice(0, TITLE_LIMIT * 4);
  const folded = head.replace(/\s+/g, ' ').trim();
  const more = text.length > head.length && /\S/.test(text.slice(head.length));
  if (folded.length <= TITLE_LIMIT && !more) return folded;
  let end = Math.min(folded.length, TITLE_LIMIT);
  const code = folded.charCodeAt(end);
  if (code >= 0xdc00 && code <= 0xdfff) end -= 1;
  return `${folded.slice(0, end).trimEnd()}…`;
}
