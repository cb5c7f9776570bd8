/**
 * Whether a UTF-16 code unit is whitespace in the sense of `/\s/` (ASCII
 * whitespace, NBSP, the Unicode space separators, the ideographic space, BOM).
 * A code-unit test keeps the coverage sweep free of per-character strings.
 */
export function isWhitespaceCode(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * `text.replace(/\s+/g, ' ')` by a code-unit scan: whitespace (`isWhitespaceCode`, the code
 * units of `\s`) is found by char code instead of a regex attempt at every position, and a lone
 * space (most runs) is left in place, so a text whose runs are all lone spaces comes back as is
 * and any other is built from the stretches between the runs it replaces.
 */
export function collapseWhitespace(text: string): string {
  const length = text.length;
  let collapsed = '';
  // Copied into `collapsed` up to here.
  let copied = 0;
  for (let at = 0; at < length; at += 1) {
    const code = text.charCodeAt(at);
    if (code > 0x20 && code < 0x7f) continue;
    if (!isWhitespaceCode(code)) continue;
    let end = at + 1;
    while (end < length && isWhitespaceCode(text.charCodeAt(end))) end += 1;
    if (code !== 0x20 || end !== at + 1) {
      collapsed += `${text.slice(copied, at)} `;
      copied = end;
    }
    at = end - 1;
  }
  return copied === 0 ? text : collapsed + text.slice(copied);
}

/** The offset just after the last non-whitespace character of `source[start, end)`, or `start` when there is none. */
export function contentEnd(source: string, start: number, end: number): number {
  let at = Math.min(end, source.length);
  while (at > start && isWhitespaceCode(source.charCodeAt(at - 1))) at -= 1;
  return Math.max(at, start);
}

/** The offset of the first non-whitespace character of `source[start, end)`, or `end` when there is none. */
export function contentStart(source: string, start: number, end: number): number {
  let at = Math.max(start, 0);
  const stop = Math.min(end, source.length);
  while (at < stop && isWhitespaceCode(source.charCodeAt(at))) at += 1;
  return at < stop ? at : end;
}

/** Whether `text` holds only whitespace (or nothing). */
export function isBlank(text: string): boolean {
  return contentStart(text, 0, text.length) === text.length;
}
