import { ruleMeta } from '../shared/rules.js';
import type { Block, DocEval, EvaluatedChunk, IssueTag, ParsedDoc } from '../types.js';
import { jaccard, wordSet } from './similarity.js';

/** The base side of a file, as {@link preexistingTag} reads it. */
export interface BaseSide {
  base?: DocEval;
  /** Parsed base document: blocks let a split table or code block be found again on the base side. */
  baseDoc?: ParsedDoc;
  /** Parsed head document. */
  headDoc?: ParsedDoc;
}

/** Smallest word-level similarity for a base block to count as the same table or code block. */
const SAME_BLOCK = 0.5;

/** Blocks of `kind` the chunk's extent touches without holding them whole: the blocks it is a piece of, or cuts. */
function cutBlocks(doc: ParsedDoc, chunk: EvaluatedChunk, kind: Block['kind']): Block[] {
  return doc.blocks.filter(
    (block) =>
      block.kind === kind &&
      block.start < chunk.endOffset &&
      block.end > chunk.startOffset &&
      (block.start < chunk.startOffset || block.end > chunk.endOffset || chunk.split?.kind === kind),
  );
}

/** The base block most like `block` (same kind, word similarity ≥ 0.5), or `null`. */
function counterpart(block: Block, headSource: string, baseDoc: ParsedDoc): Block | null {
  const words = wordSet(headSource.slice(block.start, block.end));
  let best: Block | null = null;
  let bestScore = SAME_BLOCK;
  for (const candidate of baseDoc.blocks) {
    if (candidate.kind !== block.kind) continue;
    const score = jaccard(words, wordSet(baseDoc.source.slice(candidate.start, candidate.end)));
    if (score >= bestScore && (best === null || score > bestScore)) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Whether the base side already had the problem a head chunk's high tag names (a PR answers only for
 * what it changed, docs/design.md#what-a-change-answers-for):
 *
 * - `table-split` / `code-fence-split`: every table or code block the chunk is a piece of (or cuts)
 *   has a counterpart on the base side (same kind, word-level Jaccard ≥ 0.5) that some base chunk
 *   carrying the same tag overlaps — the block was split before this change, whatever the piece
 *   count now. Without parsed documents: a base chunk with the tag under the same heading path.
 * - any other tag (`oversize-chunk`, `source-loss`, …): a base chunk with the same tag under the
 *   same heading path.
 *
 * No base side: never.
 */
export function preexistingTag(side: BaseSide): (head: EvaluatedChunk, tag: IssueTag) => boolean {
  const { base, baseDoc, headDoc } = side;
  return (head, tag) => {
    if (!base) return false;
    const tagged = base.chunks.filter((chunk) => chunk.issues.some((issue) => issue.tag === tag));
    if (tagged.length === 0) return false;
    // The block kind a split tag is about (registry `block`).
    const kind = ruleMeta(tag).block;
    if (kind && baseDoc && headDoc) {
      const blocks = cutBlocks(headDoc, head, kind);
      if (blocks.length > 0) {
        return blocks.every((block) => {
          const before = counterpart(block, headDoc.source, baseDoc);
          return before !== null && tagged.some((chunk) => chunk.startOffset < before.end && chunk.endOffset > before.start);
        });
      }
    }
    const path = head.headingPath.join('\u0000');
    return tagged.some((chunk) => chunk.headingPath.join('\u0000') === path);
  };
}
