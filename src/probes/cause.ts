import type { Chunk, Span } from '../types.js';

/** The chunks of a page that hold part of `span`, in order. */
export function holdersOf(chunks: readonly Pick<Chunk, 'startOffset' | 'endOffset'>[], span: Span): number[] {
  const holders: number[] = [];
  for (const [index, chunk] of chunks.entries()) if (chunk.startOffset < span.end && span.start < chunk.endOffset) holders.push(index);
  return holders;
}

/** What the change did to the chunks that hold a passage: the likely cause of a retrieval loss. */
export interface PassageChange {
  /** The holding chunks' heading paths on each side (of the first holder). */
  basePath: string[];
  headPath: string[];
  /** Tokens of the holding chunks on each side (summed when several hold it). */
  baseTokens: number;
  headTokens: number;
  /** How many chunks hold part of it on each side. */
  basePieces: number;
  headPieces: number;
}

/** A chunk that grew or shrank by this factor or more changed how it ranks. */
const SIZE_FACTOR = 1.25;

/**
 * One sentence naming what the change did to a passage's chunks, or `null` when its chunks are
 * the same size under the same headings in as many pieces (what moved is the rest of the corpus).
 * Pure; the first cause that applies, in this order: cut, heading, size.
 */
export function causeOf(change: PassageChange, kind: string): string | null {
  if (change.headPieces > change.basePieces) {
    const what = kind === 'table' ? 'the table' : kind === 'code' ? 'the code block' : 'the passage';
    return `${what} is now cut across ${change.headPieces} chunks`;
  }
  const base = change.basePath;
  const head = change.headPath;
  if (!samePath(base, head)) {
    if (head.length > base.length && samePath(base, head.slice(0, base.length))) return `a new heading "${head.at(-1)}" now stands above it`;
    if (head.length < base.length && samePath(head, base.slice(0, head.length))) return `its heading "${base.at(-1)}" is gone`;
    return `moved under "${head.join(' › ') || '(no heading)'}" (was "${base.join(' › ') || '(no heading)'}")`;
  }
  if (change.headTokens >= change.baseTokens * SIZE_FACTOR) return `its chunk grew from ${change.baseTokens} to ${change.headTokens} tokens`;
  if (change.headTokens * SIZE_FACTOR <= change.baseTokens) return `its chunk shrank from ${change.baseTokens} to ${change.headTokens} tokens`;
  return null;
}

function samePath(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((heading, index) => heading === b[index]);
}
