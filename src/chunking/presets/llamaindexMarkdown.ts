import type { ChunkDraft, ChunkingOptions, ParsedDoc } from '../../types.js';
import { documentContent } from './body.js';
import { draftsOfLocated, trimmedSpan, type LocatedChunk } from './located.js';

const HEADER = /^(#+)\s(.*)/;

/**
 * LlamaIndex.TS `MarkdownNodeParser.getNodesFromNode` (@llamaindex/core 0.6.23) on
 * `text[from, …)`: lines split on `\n`; a line matching `^(#+)\s(.*)` outside a ``` fence
 * (a line whose trimmed text starts with ``` toggles it) starts a section whose text is the
 * title without the `#` marker, then the following lines; each section is trimmed. A leading
 * run of blank lines gives an empty first section, as in the library. Offsets: the section's
 * lines in the source (from the `#`), trimmed.
 */
export function splitMarkdownNodes(text: string, from = 0, to = text.length): LocatedChunk[] {
  const chunks: LocatedChunk[] = [];
  let section = '';
  let sectionStart = from;
  let codeBlock = false;
  let at = from;
  const close = (end: number): void => {
    const span = trimmedSpan(text.slice(sectionStart, end), sectionStart);
    chunks.push({ text: section.trim(), ...span, located: true });
  };
  for (const line of text.slice(from, to).split('\n')) {
    if (line.trim().startsWith('```')) codeBlock = !codeBlock;
    const header = HEADER.exec(line);
    if (header && !codeBlock) {
      if (section !== '') close(at);
      section = `${header[2]}\n`;
      sectionStart = at;
    } else {
      section += `${line}\n`;
    }
    at += line.length + 1;
  }
  if (section !== '') close(to);
  return chunks;
}

/**
 * `llamaindex-markdown`: LlamaIndex.TS `MarkdownNodeParser` (@llamaindex/core 0.6.23) on the
 * file (see `presetInputStart` for front matter), trimmed as a LlamaIndex `Document`'s content is: one chunk per heading section (any depth, no size limit), keeping the library's
 * text (the heading title without its `#` marker) while its offsets cover the section in the source.
 */
export function chunkLlamaindexMarkdown(doc: ParsedDoc, options: ChunkingOptions): ChunkDraft[] {
  const body = documentContent(doc, options);
  return draftsOfLocated(doc, splitMarkdownNodes(doc.source, body.start, body.end));
}
