import type { Block, Span } from '../types.js';
import { measuredSizes, packUnits, type UnitSizes } from './pack.js';
import { sizeOf, type Piece, type SplitContext } from './piece.js';
import { protectFences } from './protectFences.js';
import { textUnits } from './textUnits.js';

/**
 * Splits an atomic block that alone exceeds `max` into standalone pieces:
 * - a table by rows, whole rows packed up to `max − size(header + delimiter row)`, every
 *   piece after the first repeating the header and delimiter rows as `prefix`
 *   (`split: { kind: 'table' }`);
 * - a fenced code block by lines, packed up to `max − size(fences)`, every piece re-fenced
 *   with the source's own opening line (`prefix`) and closing line (`suffix`), so the fence
 *   and info string stay the same (`split: { kind: 'code' }`); an indented or unclosed
 *   block gets no closing suffix, as in the source;
 * - anything else (HTML, JSX, math, a header-only table, …) by lines, then words / characters,
 *   with no `split` (the caller labels those pieces), code nested in it kept whole ({@link protectFences}).
 * Pieces never start or end on a blank line; a block that cannot be cut is one piece.
 * `leadIn` (default: none) holds the heading units just before the block: the first piece
 * starts there when it still fits, so a heading does not stand alone before a split block;
 * otherwise they are packed into pieces of their own.
 */
export function splitAtomic(context: SplitContext, block: Block, options: { leadIn?: Span[] } = {}): Piece[] {
  if (block.kind === 'table' && block.rows && block.rows.length > 1) return splitTable(context, block, block.rows, options.leadIn);
  if (block.kind === 'code' && block.fence) return splitCode(context, block, block.fence, options.leadIn);
  const units = protectFences(textUnits(context, block, ['lines', 'words']), block.fences);
  return packed(context, [...(options.leadIn ?? []), ...units], context.max);
}

function splitTable(context: SplitContext, block: Block, rows: Span[], leadIn: Span[] = []): Piece[] {
  const header: Span = { start: rows[0]!.start, end: rows[1]!.start };
  const body = rows.slice(1);
  const budget = context.max - sizeOf(context, header);
  const [sizes, start, alone] = withLeadIn(context, measuredSizes(context, body), budget, block, leadIn);
  const ranges = packUnits(body.length, sizes, { max: budget });
  return [...alone, ...ranges.map(({ from, to }, index) => {
    const piece: Piece = {
      start: index === 0 ? start : body[from]!.start,
      end: to === body.length ? block.end : body[to - 1]!.end,
      split: { kind: 'table', part: index + 1, parts: ranges.length },
    };
    if (index > 0) piece.prefix = [header];
    return piece;
  })];
}

function splitCode(context: SplitContext, block: Block, fence: NonNullable<Block['fence']>, leadIn: Span[] = []): Piece[] {
  const lines = fence.lines.filter((line) => context.source.slice(line.start, line.end).trim() !== '');
  if (lines.length < 2) return [...packed(context, leadIn, context.max), { start: block.start, end: block.end }];
  // Opening line with its line break; the closing line with the line break before it.
  const open = fence.open ? { start: fence.open.start, end: fence.lines[0]!.start } : null;
  const close = fence.close ? { start: fence.lines.at(-1)!.end, end: fence.close.end } : null;
  const budget = context.max - (open ? sizeOf(context, open) : 0) - (close ? sizeOf(context, close) : 0);
  const [sizes, start, alone] = withLeadIn(context, measuredSizes(context, lines), budget, block, leadIn);
  const ranges = packUnits(lines.length, sizes, { max: budget });
  return [...alone, ...ranges.map(({ from, to }, index) => {
    const first = index === 0;
    const last = to === lines.length;
    const piece: Piece = {
      start: first ? start : lines[from]!.start,
      end: last ? block.end : lines[to - 1]!.end,
      split: { kind: 'code', part: index + 1, parts: ranges.length },
    };
    if (!first && open) piece.prefix = [open];
    if (!last && close) piece.suffix = [close];
    return piece;
  })];
}

/**
 * Lets the first piece also hold `leadIn` (the headings just before the block, so they do
 * not end up alone) when that still fits the budget; the lead-in's size is charged to the
 * first unit. Returns the sizes to pack with, where the first piece starts, and the
 * lead-in as a piece of its own when it does not fit.
 */
function withLeadIn(context: SplitContext, sizes: UnitSizes, budget: number, block: Block, leadIn: Span[]): [UnitSizes, number, Piece[]] {
  const first = leadIn[0];
  if (!first) return [sizes, block.start, []];
  const extra = sizeOf(context, { start: first.start, end: block.start });
  if (sizes.core(0) + extra > budget) return [sizes, block.start, packed(context, leadIn, context.max)];
  return [{ core: (index) => sizes.core(index) + (index === 0 ? extra : 0), lead: sizes.lead }, first.start, []];
}

/** Packs text units into pieces of at most `max` (no overlap: these are atomic pieces). */
function packed(context: SplitContext, units: Span[], max: number): Piece[] {
  if (units.length === 0) return [];
  return packUnits(units.length, measuredSizes(context, units), { max }).map(({ from, to }) => ({
    start: units[from]!.start,
    end: units[to - 1]!.end,
  }));
}
