import { createHash } from 'node:crypto';
import { lineAt } from '../markdown/lines.js';
import type { Chunk, ChunkDraft, ParsedDoc, Span } from '../types.js';
import { joinedTokens } from '../tokens/index.js';

/** The 12-hex-digit stable chunk id: SHA-256 of the file path and the chunk text. */
function chunkId(path: string, text: string): string {
  return createHash('sha256').update(path).update('\0').update(text).digest('hex').slice(0, 12);
}

/**
 * Turns chunker drafts into report chunks: joins the text from source slices (or keeps
 * the draft's own `text`), measures it once and fills lines, ids and indexes.
 *
 * @param tokens counts tokens of a text (memoised by the caller's measure).
 * @param sliceTokens counts tokens of `doc.source.slice(start, end)`, used for chunks joined
 *   from source slices (default: `tokens` of the text).
 */
export function finalizeChunks(
  doc: ParsedDoc,
  drafts: readonly ChunkDraft[],
  tokens: (text: string) => number,
  sliceTokens?: (start: number, end: number) => number,
): Chunk[] {
  return drafts.map((draft, index) => {
    const spans: Span[] = [...(draft.prefix ?? []), { start: draft.start, end: draft.end }, ...(draft.suffix ?? [])];
    // Only a chunk whose text is exactly one source slice may be counted from the source.
    const slice = draft.text === undefined && spans.length === 1;
    const text = draft.text ?? (slice ? doc.source.slice(draft.start, draft.end) : spans.map((span) => doc.source.slice(span.start, span.end)).join(''));
    const chunk: Chunk = {
      id: chunkId(doc.path, text),
      index,
      text,
      tokens: !sliceTokens || draft.text !== undefined ? tokens(text) : slice ? sliceTokens(draft.start, draft.end) : joinedTokens(doc.source, spans, text, sliceTokens, tokens),
      chars: text.length,
      headingPath: draft.headingPath,
      startLine: lineAt(doc.lineStarts, draft.start),
      endLine: lineAt(doc.lineStarts, Math.max(draft.start, draft.end - 1)),
      startOffset: draft.start,
      endOffset: draft.end,
      kinds: draft.kinds,
      spans,
    };
    if (draft.split) chunk.split = draft.split;
    return chunk;
  });
}
