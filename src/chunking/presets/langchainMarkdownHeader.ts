import type { ChunkDraft, ChunkingOptions, ParsedDoc } from '../../types.js';
import type { ChunkMeasure } from '../piece.js';
import { presetInputStart } from './body.js';
import { recursiveOptionsOf } from './langchainRecursive.js';
import { splitRecursive } from './langchainSplit.js';
import { draftsOfLocated, trimmedSpan, type LocatedChunk } from './located.js';

/** `headersToSplitOn` when the config sets none: the three levels of LangChain's documentation example. */
const DEFAULT_HEADERS_TO_SPLIT_ON: readonly (readonly [string, string])[] = [
  ['#', 'Header 1'],
  ['##', 'Header 2'],
  ['###', 'Header 3'],
];

/** A `MarkdownHeaderTextSplitter` document: its text, header metadata and source extent. */
export interface HeaderSection extends LocatedChunk {
  metadata: Record<string, string>;
}

// Python's str.isprintable is false for categories C* and Z* except the ASCII space.
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]|(?! )\p{Zs}/gu;

interface Line {
  content: string;
  metadata: Record<string, string>;
  start: number;
  end: number;
}

const sameMetadata = (a: Record<string, string>, b: Record<string, string>): boolean => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
};

/**
 * LangChain's `MarkdownHeaderTextSplitter.split_text` (langchain-text-splitters 1.0 for Python;
 * LangChain.js has no such class) on `text[from, …)`: lines are stripped and lose non-printable
 * characters (tabs too), fenced code (``` or ~~~) is kept as is, a line starting with a marker of
 * `headersToSplitOn` (longest first) followed by a space or nothing starts a section with that
 * header in the metadata (deeper headers dropped), dropped from the text unless `stripHeaders`
 * is false; blank lines end a paragraph, and consecutive paragraphs with the same metadata are
 * joined with `"  \n"`. Offsets cover the section's lines in the source.
 */
export function splitMarkdownHeaders(
  text: string,
  options: { headersToSplitOn?: readonly (readonly [string, string])[]; stripHeaders?: boolean } = {},
  from = 0,
): HeaderSection[] {
  const headers = [...(options.headersToSplitOn ?? DEFAULT_HEADERS_TO_SPLIT_ON)].sort((a, b) => b[0].length - a[0].length);
  const stripHeaders = options.stripHeaders ?? true;
  const lines: Line[] = [];
  let content: string[] = [];
  let contentStart = -1;
  let contentEnd = -1;
  let current: Record<string, string> = {};
  const stack: Array<{ level: number; name: string }> = [];
  const initial: Record<string, string> = {};
  let inCode = false;
  let fence = '';
  let at = from;
  const keep = (line: string, start: number, end: number): void => {
    if (contentStart === -1) contentStart = start;
    contentEnd = end;
    content.push(line);
  };
  const flush = (metadata: Record<string, string>): void => {
    lines.push({ content: content.join('\n'), metadata: { ...metadata }, start: contentStart, end: contentEnd });
    content = [];
    contentStart = -1;
    contentEnd = -1;
  };
  for (const raw of text.slice(from).split('\n')) {
    const lineStart = at;
    const lineEnd = at + raw.length;
    at = lineEnd + 1;
    const stripped = raw.trim().replace(NON_PRINTABLE, '');
    if (!inCode) {
      if (stripped.startsWith('```') && stripped.split('```').length === 2) {
        inCode = true;
        fence = '```';
      } else if (stripped.startsWith('~~~')) {
        inCode = true;
        fence = '~~~';
      }
    } else if (stripped.startsWith(fence)) {
      inCode = false;
      fence = '';
    }
    if (inCode) {
      keep(stripped, lineStart, lineEnd);
      continue;
    }
    const header = headers.find(([sep]) => stripped.startsWith(sep) && (stripped.length === sep.length || stripped[sep.length] === ' '));
    if (header) {
      const [sep, name] = header;
      const level = [...sep].filter((char) => char === '#').length;
      while (stack.length > 0 && stack[stack.length - 1]!.level >= level) delete initial[stack.pop()!.name];
      stack.push({ level, name });
      initial[name] = stripped.slice(sep.length).trim();
      if (content.length > 0) flush(current);
      if (!stripHeaders) keep(stripped, lineStart, lineEnd);
    } else if (stripped !== '') {
      keep(stripped, lineStart, lineEnd);
    } else if (content.length > 0) {
      flush(current);
    }
    current = { ...initial };
  }
  if (content.length > 0) flush(current);

  const sections: HeaderSection[] = [];
  for (const line of lines) {
    const last = sections[sections.length - 1];
    if (last && sameMetadata(last.metadata, line.metadata)) {
      last.text += `  \n${line.content}`;
      last.end = line.end;
    } else if (
      last &&
      Object.keys(last.metadata).length < Object.keys(line.metadata).length &&
      last.text.split('\n').pop()?.[0] === '#' &&
      !stripHeaders
    ) {
      last.text += `  \n${line.content}`;
      last.metadata = line.metadata;
      last.end = line.end;
    } else {
      sections.push({ text: line.content, metadata: line.metadata, start: line.start, end: line.end, located: true });
    }
  }
  return sections.map((section) => ({ ...section, ...trimmedSpan(text.slice(section.start, section.end), section.start) }));
}

/**
 * `langchain-markdown-header`: LangChain's `MarkdownHeaderTextSplitter` (Python semantics, see
 * {@link splitMarkdownHeaders}) on the file (see `presetInputStart` for front matter), with `headersToSplitOn` and `stripHeaders`;
 * with `recursiveSplit: true`, each section is then split by `RecursiveCharacterTextSplitter`
 * (`chunkSize` = `max`, `chunkOverlap` = `overlap`, `separators`), the usual pairing
 * (`splitter.splitDocuments(headerSplits)`). A piece keeps its text; its offsets are where that
 * text occurs inside its section, else the section's.
 */
export function chunkLangchainMarkdownHeader(doc: ParsedDoc, options: ChunkingOptions, measure: ChunkMeasure): ChunkDraft[] {
  const sections = splitMarkdownHeaders(
    doc.source,
    {
      ...(options.headersToSplitOn ? { headersToSplitOn: options.headersToSplitOn } : {}),
      ...(options.stripHeaders !== undefined ? { stripHeaders: options.stripHeaders } : {}),
    },
    presetInputStart(doc, options),
  );
  if (!options.recursiveSplit) return draftsOfLocated(doc, sections);
  const split = recursiveOptionsOf(options, measure);
  const pieces = sections.flatMap((section) =>
    splitRecursive(section.text, split).map((piece): LocatedChunk => {
      const inside = doc.source.slice(section.start, section.end).indexOf(piece.text);
      return inside === -1
        ? { text: piece.text, start: section.start, end: section.end, located: true }
        : { text: piece.text, start: section.start + inside, end: section.start + inside + piece.text.length, located: true };
    }),
  );
  return draftsOfLocated(doc, pieces);
}
