import { withoutRuleComments } from '../../markdown/rule-comments.js';
import type { Chunk, ChunkDraft, ParsedDoc } from '../../types.js';
import { finalizeChunks } from '../finalize.js';
import type { ChunkMeasure } from '../piece.js';
import { draftsOfLocated, type LocatedChunk } from './located.js';

/** A chunk as an external chunker prints it (`{ chunks: [ { text, start?, end?, metadata? } ] }`). */
export interface ExternalChunk {
  text: string;
  /** UTF-16 offset into the Markdown the command received (optional). */
  start?: number;
  end?: number;
  metadata?: unknown;
}

/**
 * Places an external chunker's chunks in the source, in order: given offsets are used when
 * `source.slice(start, end)` is the chunk's text; otherwise the text is searched for after the
 * previous chunk's start (then from the previous start, then from the top); otherwise valid
 * given offsets stand (the text was rewritten, the command said where it came from); otherwise
 * the chunk is unlocated: an empty span after the previous chunk, listed in `unlocated`
 * (0-based indexes) so the caller can report it. Chunk texts are kept as printed.
 */
export function draftsOfExternal(doc: ParsedDoc, chunks: readonly ExternalChunk[]): { drafts: ChunkDraft[]; unlocated: number[] } {
  const { source } = doc;
  const located: LocatedChunk[] = [];
  const unlocated: number[] = [];
  let previousStart = -1;
  let previousEnd = 0;
  chunks.forEach((chunk, index) => {
    const { text } = chunk;
    const given =
      Number.isInteger(chunk.start) && Number.isInteger(chunk.end) && 0 <= chunk.start! && chunk.start! <= chunk.end! && chunk.end! <= source.length
        ? { start: chunk.start!, end: chunk.end! }
        : null;
    let span: { start: number; end: number } | null = given && source.slice(given.start, given.end) === text ? given : null;
    if (!span && text !== '') {
      let at = source.indexOf(text, previousStart + 1);
      if (at === -1 && previousStart >= 0) at = source.indexOf(text, previousStart);
      if (at === -1) at = source.indexOf(text);
      if (at !== -1) span = { start: at, end: at + text.length };
    }
    span ??= given;
    if (!span) {
      unlocated.push(index);
      located.push({ text, start: previousEnd, end: previousEnd, located: false });
      return;
    }
    previousStart = span.start;
    previousEnd = span.end;
    located.push({ text, ...span, located: true });
  });
  return { drafts: draftsOfLocated(doc, located), unlocated };
}

/**
 * Chunks of a document from an external chunker's output: {@link draftsOfExternal}, then
 * finalized like every strategy's drafts (lines, tokens, ids; the command's text kept).
 * `unlocated` lists the 0-based indexes of chunks whose text was not found in the source.
 */
export function chunkExternal(
  doc: ParsedDoc,
  chunks: readonly ExternalChunk[],
  measure: ChunkMeasure,
): { chunks: Chunk[]; unlocated: number[] } {
  const { drafts, unlocated } = draftsOfExternal(doc, chunks);
  return { chunks: finalizeChunks(doc, drafts, measure.tokens), unlocated };
}

/** The notice for chunks {@link chunkExternal} could not place, or `null` when all were placed. */
export function unlocatedNotice(path: string, unlocated: readonly number[], total: number): string | null {
  if (unlocated.length === 0) return null;
  const list = unlocated.slice(0, 10).map((index) => `#${index + 1}`).join(', ') + (unlocated.length > 10 ? ', …' : '');
  return `${path}: ${unlocated.length} of ${total} chunks from the external chunker could not be located in the source (${list}); their text differs from the Markdown (rewritten by the pipeline), so they cover no source and coverage drops accordingly`;
}

/**
 * Whether a page holds text that some chunk must hold: non-whitespace outside its front matter and
 * its rule comments (`<!-- chunkgate-disable … -->`). A chunker that returns no chunks for such a
 * page drops it from the index.
 */
export function hasBodyText(doc: Pick<ParsedDoc, 'source' | 'frontmatter'>): boolean {
  const { source, frontmatter } = doc;
  const body = frontmatter ? source.slice(0, frontmatter.start) + source.slice(frontmatter.end) : source;
  return /\S/u.test(withoutRuleComments(body));
}
