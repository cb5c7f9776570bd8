/**
 * Escaping for the HTML report. Every piece of repository text (chunk text, source lines,
 * headings, paths, messages) goes through {@link escapeText} before it reaches the page, in
 * element content and in attribute values alike; nothing from the data is ever a tag,
 * an attribute name or script.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Control characters other than tab and line feed: they cannot appear in HTML text. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Text safe for HTML element content and quoted attribute values: `&` `<` `>` `"` `'` become
 * entities, control characters (carriage returns included) become U+FFFD, line feeds stay.
 */
export function escapeText(text: string): string {
  return text.replace(CONTROL, (char) => (char === '\r' ? '' : '\uFFFD')).replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}
