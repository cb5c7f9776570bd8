import { withoutRuleComments } from '../../markdown/rule-comments.js';

/** Sentence terminators (docs/scores.md#structural-metrics-per-document): `。！？!?.；;`. */
const TERMINATORS = new Set(['。', '！', '？', '!', '?', '.', '；', ';']);

/**
 * Trailing Markdown markup and closing marks that may follow a sentence's
 * terminator: emphasis, code ticks, link/paren closers, quotes, table pipes,
 * strikethrough, CJK closing brackets and quotes.
 */
const TRAILING_MARKUP = new Set(['*', '_', '`', ')', ']', '"', "'", '”', '’', '|', '~', '）', '】', '」', '』', '》']);

/**
 * Whether `text` ends a sentence: its last character, after stripping trailing
 * whitespace, rule comments (`<!-- chunkgate-disable … -->`) and the trailing markup in
 * `TRAILING_MARKUP`, is one of `。！？!?.；;`. Blank text does not end a sentence.
 */
export function endsWithTerminator(raw: string): boolean {
  const text = withoutRuleComments(raw);
  for (let at = text.length - 1; at >= 0; at -= 1) {
    const char = text[at]!;
    if (TERMINATORS.has(char)) return true;
    if (!TRAILING_MARKUP.has(char) && !/\s/.test(char)) return false;
  }
  return false;
}

/** A bullet (`-`, `*`, `+`) or ordered (`1.`, `1)`) list marker followed by a space or line end. */
const LIST_MARKER = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;

/**
 * Whether the first non-blank line at or after `offset` begins with a list item
 * marker: a cut just before it lies between two (possibly nested) list items.
 */
export function startsListItem(source: string, offset: number): boolean {
  let at = offset;
  while (at < source.length && /\s/.test(source[at]!)) at += 1;
  if (at >= source.length) return false;
  const lineStart = source.lastIndexOf('\n', at - 1) + 1;
  // A cut in the middle of a line is not between items, whatever the line starts with.
  if (lineStart < offset && /\S/.test(source.slice(lineStart, offset))) return false;
  const lineEnd = source.indexOf('\n', at);
  return LIST_MARKER.test(source.slice(lineStart, lineEnd === -1 ? source.length : lineEnd).replace(/^[ \t]*(?:>[ \t]?)*/, ''));
}
