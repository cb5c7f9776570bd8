import { isWhitespaceCode } from '../../text/whitespace.js';

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
