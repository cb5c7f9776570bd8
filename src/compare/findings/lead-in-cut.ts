import { endsWithLeadIn } from '../../markdown/lead-in.js';
import { blockAt, lastBlockOf } from '../../metrics/structural/blocks.js';
import { contentStart } from '../../metrics/structural/text.js';
import type { Block, DocEval, EvaluatedChunk, FileFinding, ParsedDoc, Span } from '../../types.js';
import type { FindingInput } from './input.js';

interface Cut {
  leadIn: Block;
  target: Block;
  chunk: EvaluatedChunk;
  next: EvaluatedChunk;
}

/** Boundaries between consecutive chunks that separate a lead-in paragraph from the list or table right after it. */
function leadInCuts(doc: ParsedDoc, chunks: readonly EvaluatedChunk[]): Cut[] {
  const cuts: Cut[] = [];
  for (let index = 0; index + 1 < chunks.length; index += 1) {
    const chunk = chunks[index]!;
    const next = chunks[index + 1]!;
    const leadIn = lastBlockOf(doc, chunk);
    if (!leadIn || leadIn.kind !== 'paragraph' || !endsWithLeadIn(doc.source.slice(leadIn.start, leadIn.end))) continue;
    const target = blockAt(doc.blocks, contentStart(doc.source, next.startOffset, next.endOffset));
    if (!target || (target.kind !== 'list' && target.kind !== 'table')) continue;
    // Only the block right after the lead-in, and only when the chunk does not already hold it.
    if (doc.blocks[doc.blocks.indexOf(leadIn) + 1] !== target || chunk.endOffset > target.start) continue;
    cuts.push({ leadIn, target, chunk, next });
  }
  return cuts;
}

/**
 * `lead-in-cut`: a chunk ends on a sentence that introduces a list or table (“…the following
 * options:”), and the list or table starts the next chunk — retrieval returns a promise without
 * its content, and the list without what it is about.
 *
 * Origin: `preexisting` when the base side cut the same lead-in (same text) from its list or
 * table too, else `new`. A cut the chunker could have avoided — the lead-in fits in `max` together
 * with the block (or, when the block is split anyway, with its first list item or its header and
 * first row), each sized as its share of the chunk holding it, nothing re-tokenized — is
 * severity `medium` and gates unless pre-existing; a cut forced because the two no longer fit
 * together is severity `low` and does not gate (worth a look). Line: the lead-in through the end of
 * the list or table.
 */
export function leadInCut(input: FindingInput): FileFinding[] {
  const { base, head, baseDoc, headDoc } = input;
  if (!head || !headDoc) return [];
  const before = new Set(
    base && baseDoc ? leadInCuts(baseDoc, base.chunks).map((cut) => baseDoc.source.slice(cut.leadIn.start, cut.leadIn.end)) : [],
  );
  return leadInCuts(headDoc, head.chunks).map((cut) => {
    const text = headDoc.source.slice(cut.leadIn.start, cut.leadIn.end);
    const preexisting = before.has(text);
    const avoidable = shareOf(cut.chunk, cut.leadIn, head) + shareOf(cut.next, keptPart(cut), head) <= head.chunking.max;
    const noun = cut.target.kind === 'table' ? 'table' : 'list';
    return {
      kind: 'lead-in-cut',
      origin: preexisting ? 'preexisting' : 'new',
      gating: !preexisting && avoidable,
      severity: avoidable ? 'medium' : 'low',
      message: `The ${noun} at L${cut.target.startLine}–L${cut.target.endLine} starts a new chunk, cut away from its lead-in “${excerpt(text)}” (L${cut.leadIn.startLine})`,
      hint: `keep the lead-in sentence and its ${noun} in one chunk: shorten the passage before it, or give the ${noun} its own heading`,
      line: cut.leadIn.startLine,
      endLine: cut.target.endLine,
      headingPath: cut.next.headingPath,
    } satisfies FileFinding;
  });
}

/** What has to stay with the lead-in: the whole block when the next chunk holds it all, else its first item (a list) or header and first row (a table). */
function keptPart(cut: Cut): Span {
  const { target, next } = cut;
  if (target.end <= next.endOffset) return target;
  const first = target.kind === 'table' ? target.rows?.[1] : target.items?.[0];
  return first ? { start: target.start, end: first.end } : target;
}

/** The size of the part of `chunk` that `span` covers, in the unit: the chunk's size times the share of its characters (exact when the span is the whole chunk). */
function shareOf(chunk: EvaluatedChunk, span: Span, doc: DocEval): number {
  const size = doc.chunking.unit === 'chars' ? chunk.chars : chunk.tokens;
  const length = chunk.endOffset - chunk.startOffset;
  const covered = Math.min(span.end, chunk.endOffset) - Math.max(span.start, chunk.startOffset);
  return length > 0 ? (size * Math.max(0, covered)) / length : 0;
}

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= 60 ? line : `…${line.slice(line.length - 59)}`;
}
