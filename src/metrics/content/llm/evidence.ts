import { lineAt } from '../../../markdown/lines.js';
import type { Chunk, ParsedDoc, Span } from '../../../types.js';

/** Options for {@link evidenceOf}. */
export interface EvidenceOptions {
  /**
   * Longest section excerpt in characters (default: `6000`). A longer section is
   * cut to a window of this size around the chunk, so one huge section does not
   * make every one of its chunks cost the whole section in prompt tokens.
   */
  maxSectionChars?: number;
}

/** What the judge sees about one chunk (target, section source, neighbours: docs/config.md#the-llm-judge-optional). */
export interface Evidence {
  index: number;
  chunkText: string;
  headingPath: string[];
  /** Previous and next chunk texts (`''` at the document's ends). */
  neighbours: [string, string];
  /** The section excerpt's source extent (offsets and 1-based lines). */
  section: Span & { startLine: number; endLine: number };
  sectionText: string;
}

/** Default for {@link EvidenceOptions.maxSectionChars}. */
export const DEFAULT_MAX_SECTION_CHARS = 6000;

/**
 * The evidence window of `chunks[index]`.
 *
 * Section rule: it starts at the last heading at or before the chunk's start (or
 * after the front matter when none) and ends before the first heading after the
 * chunk's end whose depth is at most that heading's depth (any heading for the
 * preamble), surrounding whitespace trimmed. So a chunk under `## A` sees all of A,
 * subsections included, and a chunk spanning merged sections sees all of them.
 * A section longer than `maxSectionChars` is cut to a window of that size centred
 * on the chunk (never smaller than the chunk itself).
 */
export function evidenceOf(doc: ParsedDoc, chunks: readonly Chunk[], index: number, options: EvidenceOptions = {}): Evidence {
  const chunk = chunks[index]!;
  const maxChars = Math.max(0, options.maxSectionChars ?? DEFAULT_MAX_SECTION_CHARS);
  const span = clip(sectionSpan(doc, chunk), { start: chunk.startOffset, end: chunk.endOffset }, maxChars);
  return {
    index,
    chunkText: chunk.text,
    headingPath: chunk.headingPath,
    neighbours: [chunks[index - 1]?.text ?? '', chunks[index + 1]?.text ?? ''],
    section: {
      ...span,
      startLine: lineAt(doc.lineStarts, span.start),
      endLine: lineAt(doc.lineStarts, Math.max(span.start, span.end - 1)),
    },
    sectionText: doc.source.slice(span.start, span.end),
  };
}

function sectionSpan(doc: ParsedDoc, chunk: Chunk): Span {
  let governing: { start: number; depth: number } | undefined;
  for (const block of doc.blocks) {
    if (block.start > chunk.startOffset) break;
    if (block.kind === 'heading') governing = { start: block.start, depth: block.depth ?? 1 };
  }
  const start = governing?.start ?? doc.frontmatter?.end ?? 0;
  let end = doc.source.length;
  for (const block of doc.blocks) {
    if (block.kind !== 'heading' || block.start < chunk.endOffset) continue;
    if (governing === undefined || (block.depth ?? 1) <= governing.depth) {
      end = block.start;
      break;
    }
  }
  let begin = start;
  while (begin < end && /\s/.test(doc.source[begin]!)) begin += 1;
  while (end > begin && /\s/.test(doc.source[end - 1]!)) end -= 1;
  // A chunk's own extent always belongs to its evidence, whatever the blocks say.
  return { start: Math.min(begin, chunk.startOffset), end: Math.max(end, chunk.endOffset) };
}

/** Cuts `section` to `maxChars` around `chunk`, keeping the whole chunk. */
function clip(section: Span, chunk: Span, maxChars: number): Span {
  if (section.end - section.start <= maxChars) return section;
  const room = maxChars - (chunk.end - chunk.start);
  if (room <= 0) return chunk;
  let start = Math.max(section.start, chunk.start - Math.floor(room / 2));
  const end = Math.min(section.end, start + maxChars);
  start = Math.max(section.start, end - maxChars);
  return { start, end };
}
