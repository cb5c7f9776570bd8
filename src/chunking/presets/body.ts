import type { ChunkingOptions, ParsedDoc } from '../../types.js';

/**
 * Where a preset's input starts. By default (`frontMatter: keep`) the whole file, front
 * matter included: a pipeline that hands raw files to a splitter embeds the front matter,
 * and a preset must see what the library sees. With `frontMatter: strip` (for loaders that
 * drop it, e.g. a `gray-matter` step before the splitter): the source after the front matter
 * and the blank lines that follow it. The parity tests feed the library exactly
 * `source.slice(presetInputStart(doc, options))`.
 */
export function presetInputStart(doc: ParsedDoc, options: Pick<ChunkingOptions, 'frontMatter'>): number {
  if (options.frontMatter !== 'strip' || !doc.frontmatter) return 0;
  const rest = doc.source.slice(doc.frontmatter.end);
  const blank = /^(?:[ \t]*\r?\n)*/.exec(rest)![0];
  return doc.frontmatter.end + blank.length;
}

/**
 * The preset input as a LlamaIndex `Document` hands it to a node parser: `getContent()` is
 * `` `${metadata}\n\n${text}`.trim() ``, so with no metadata the input trimmed (JS `trim`).
 */
export function documentContent(doc: ParsedDoc, options: Pick<ChunkingOptions, 'frontMatter'>): { start: number; end: number } {
  const start = presetInputStart(doc, options);
  const body = doc.source.slice(start);
  const lead = body.length - body.trimStart().length;
  if (lead === body.length) return { start, end: start };
  return { start: start + lead, end: start + body.trimEnd().length };
}
