import type { ParsedDoc } from '../../types.js';

/**
 * Where a preset's input starts: the source after the front matter and the blank lines that
 * follow it (SPEC §3: front matter is metadata, not chunk text), else `0`. Presets run their
 * library's algorithm on `source.slice(bodyStart(doc))`, so the parity tests feed the library
 * exactly that text.
 */
export function bodyStart(doc: ParsedDoc): number {
  if (!doc.frontmatter) return 0;
  const rest = doc.source.slice(doc.frontmatter.end);
  const blank = /^(?:[ \t]*\r?\n)*/.exec(rest)![0];
  return doc.frontmatter.end + blank.length;
}

/**
 * The body as a LlamaIndex `Document` hands it to a node parser: `getContent()` is
 * `` `${metadata}\n\n${text}`.trim() ``, so with no metadata the body trimmed (JS `trim`).
 */
export function documentContent(doc: ParsedDoc): { start: number; end: number } {
  const start = bodyStart(doc);
  const body = doc.source.slice(start);
  const lead = body.length - body.trimStart().length;
  if (lead === body.length) return { start, end: start };
  return { start: start + lead, end: start + body.trimEnd().length };
}
