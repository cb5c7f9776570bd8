import { opensContainer } from '../markdown/dialect.js';
import { endsWithLeadIn } from '../markdown/lead-in.js';
import type { Block, Span } from '../types.js';
import { splitAtomic } from './atomicSplit.js';
import { measuredSizes, packUnits } from './pack.js';
import { protectFences } from './protectFences.js';
import { sizeOf, type Piece, type SplitContext } from './piece.js';
import { sentenceSpans } from './sentences.js';
import { textUnits, type TextLevel } from './textUnits.js';

/** Options for {@link splitBlockRun}. */
export interface BlockRunOptions {
  /** How an over-`max` text block is cut before characters / tokens (default: `['sentences', 'words']`). */
  levels?: TextLevel[];
  /** True for a block index that starts a heading section: overlap never reaches back over it (default: none). */
  barrier?: (blockIndex: number) => boolean;
  /**
   * The packing unit of text blocks: whole `blocks` (cut only when above `max`) or
   * `sentences` (every text block cut into its sentences, the `sentence` strategy)
   * (default: `blocks`).
   */
  unit?: 'blocks' | 'sentences';
}

/** A packing unit and the text block it was cut from (`-1` for a whole block). */
interface Unit extends Span {
  cutFrom: number;
  barrier: boolean;
  /** Must not end a piece while units follow: a heading, a lead-in sentence, an opening container line. */
  keep: boolean;
}

/**
 * A paragraph that belongs with the block after it: the lead-in of a list or table (“…the
 * following options:”), or a docs-site container opener such as `!!! note "Title"` or
 * `=== "Tab"` whose body follows.
 */
function isLeadIn(source: string, blocks: readonly Block[], index: number, to: number): boolean {
  const block = blocks[index]!;
  const next = index + 1 < to ? blocks[index + 1] : undefined;
  if (block.kind !== 'paragraph' || !next) return false;
  const text = source.slice(block.start, block.end);
  if (opensContainer(text.trimEnd().split('\n').at(-1) ?? '')) return true;
  return (next.kind === 'list' || next.kind === 'table') && endsWithLeadIn(text);
}

/**
 * Splits the consecutive blocks `blocks[from, to)` into pieces of at most `max`: blocks that
 * fit are units (with `unit: 'sentences'`, text blocks are always cut into sentences); a
 * text block above `max` becomes its sentence (then word, character) units, code nested in it kept
 * whole ({@link protectFences}); runs of units
 * are packed greedily with `overlap` ({@link packUnits}), a heading — or the lead-in sentence of a
 * list or table (“…the following options:”), or a container opener like `!!! note` — never ending a piece; an atomic block above `max`
 * breaks the run and becomes standalone pieces ({@link splitAtomic}), the headings and lead-in
 * just before it going with its first piece. Pieces holding units of a text block spread over several pieces
 * get `split: { kind: 'text', part, parts }` (numbered among that block's pieces). Pieces
 * are in source order and cover every non-whitespace character of the blocks.
 */
export function splitBlockRun(context: SplitContext, blocks: readonly Block[], from: number, to: number, options: BlockRunOptions = {}): Piece[] {
  const pieces: Piece[] = [];
  let units: Unit[] = [];
  const flush = (): void => {
    pieces.push(...packRun(context, units));
    units = [];
  };
  for (let index = from; index < to; index++) {
    const block = blocks[index]!;
    const barrier = options.barrier?.(index) ?? false;
    const keep = block.kind === 'heading' || isLeadIn(context.source, blocks, index, to);
    const cut = (parts: Span[]): void => {
      // Only the last piece of a cut unit keeps with what follows: a heading above `max` packs like
      // text (marking every piece would make each word of a huge heading its own chunk), and so
      // does a cut lead-in.
      parts.forEach((part, position) =>
        units.push({ start: part.start, end: part.end, cutFrom: index, barrier: barrier && position === 0, keep: keep && position === parts.length - 1 }),
      );
    };
    if (options.unit === 'sentences' && !block.atomic) {
      cut(protectFences(sentenceSpans(context.source, block).flatMap((sentence) => textUnits(context, sentence, ['words'])), block.fences));
    } else if (fits(context, blocks, index)) {
      units.push({ start: block.start, end: block.end, cutFrom: -1, barrier, keep });
    } else if (block.atomic) {
      // Headings and a lead-in right before the block go with its first piece instead of standing alone.
      let lead = units.length;
      while (lead > 0 && units[lead - 1]!.keep) lead--;
      const headings = units.splice(lead);
      flush();
      pieces.push(...splitAtomic(context, block, { leadIn: headings }));
    } else {
      cut(protectFences(textUnits(context, block, options.levels), block.fences));
    }
  }
  flush();
  return pieces;
}

/** Packs one run of units and labels the pieces of text blocks that ended up spread out. */
function packRun(context: SplitContext, units: readonly Unit[]): Piece[] {
  const ranges = packUnits(units.length, measuredSizes(context, units), {
    max: context.max,
    overlap: context.overlap,
    barrier: (index) => units[index]!.barrier,
    keepWithNext: (index) => units[index]!.keep,
  });
  const piecesOf = new Map<number, number[]>();
  ranges.forEach(({ from, to }, rangeIndex) => {
    for (let index = from; index < to; index++) {
      const block = units[index]!.cutFrom;
      if (block === -1) continue;
      const list = piecesOf.get(block) ?? [];
      if (list.at(-1) !== rangeIndex) list.push(rangeIndex);
      piecesOf.set(block, list);
    }
  });
  const pieces: Piece[] = ranges.map(({ from, to }) => ({ start: units[from]!.start, end: units[to - 1]!.end }));
  for (const list of piecesOf.values()) {
    if (list.length < 2) continue;
    list.forEach((rangeIndex, position) => {
      pieces[rangeIndex]!.split ??= { kind: 'text', part: position + 1, parts: list.length };
    });
  }
  return pieces;
}

/** Whether a block fits in `max`; the lead slice is measured first because packing measures it anyway. */
function fits(context: SplitContext, blocks: readonly Block[], index: number): boolean {
  const block = blocks[index]!;
  const previous = blocks[index - 1];
  if (previous && sizeOf(context, { start: previous.end, end: block.end }) <= context.max) return true;
  return sizeOf(context, block) <= context.max;
}
