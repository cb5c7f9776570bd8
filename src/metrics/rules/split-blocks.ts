import { lineAt } from '../../markdown/lines.js';
import type { Block, Chunk, Span } from '../../types.js';
import { blockAt, chunkContentEnd } from '../structural/blocks.js';
import type { StructuralInput } from '../structural/input.js';
import { contentEnd, contentStart } from '../structural/text.js';
import { finding, type RuleFinding } from './finding.js';
import { BLOCK_NOUN, RULES } from '../../shared/rules.js';
import { SPLIT_RULE } from './tag-sets.js';

const TAG = SPLIT_RULE;
const NOUN = BLOCK_NOUN;

/**
 * `table-split` / `code-fence-split`: the chunk is a piece of an over-`max` table
 * or code block (`split.kind`), or its extent starts or ends strictly inside a
 * table or code block (a boundary cut the block) — a code block nested in a list
 * item, blockquote or JSX / HTML block included. An indented code block whose
 * indent fell in the previous chunk is not cut. At most one issue per block and
 * chunk; line: the first line of the piece, or the line of the cut.
 */
export function checkSplitBlocks(input: StructuralInput): RuleFinding[] {
  const { doc, chunks, options, measure } = input;
  const findings: RuleFinding[] = [];
  for (const [index, chunk] of chunks.entries()) {
    const reported = new Set<Block | 'piece'>();
    const kind = chunk.split?.kind;
    if (chunk.split && (kind === 'table' || kind === 'code')) {
      reported.add('piece');
      findings.push(
        finding(index, TAG[kind], {
          message: `Unexpected piece ${chunk.split.part}/${chunk.split.parts} of a split ${NOUN[kind]}, expected the whole ${NOUN[kind]} in one chunk`,
          line: chunk.startLine,
          actual: chunk.split.parts,
          expected: 1,
          hint: RULES[TAG[kind]].hint({ max: options.max, unit: measure.unit }),
        }),
      );
    }
    for (const cut of cutsInsideBlocks(input, chunk)) {
      if (reported.has(cut.block) || (reported.has('piece') && cut.block.kind === kind)) continue;
      reported.add(cut.block);
      const blockKind = cut.block.kind as 'table' | 'code';
      findings.push(
        finding(index, TAG[blockKind], {
          message: `Unexpected chunk boundary inside a ${NOUN[blockKind]} (lines ${cut.block.startLine}–${cut.block.endLine}), expected the whole ${NOUN[blockKind]} in one chunk`,
          line: lineAt(doc.lineStarts, cut.offset),
          hint: RULES[TAG[blockKind]].hint(null),
        }),
      );
    }
    const nested = cutNestedFence(input, chunk);
    if (nested && !reported.has('piece')) {
      const [from, to] = [lineAt(doc.lineStarts, nested.fence.start), lineAt(doc.lineStarts, Math.max(nested.fence.start, nested.fence.end - 1))];
      findings.push(
        finding(index, 'code-fence-split', {
          message: `Unexpected chunk boundary inside a code block nested in a ${nested.block.kind === 'list' ? 'list item' : nested.block.kind} (lines ${from}–${to}), expected the whole code block in one chunk`,
          line: lineAt(doc.lineStarts, nested.offset),
          hint: RULES['code-fence-split'].hint(null),
        }),
      );
    }
  }
  return findings;
}

/** A code block nested in a list, blockquote or JSX / HTML block that the chunk's first or last character lies strictly inside. */
function cutNestedFence(input: StructuralInput, chunk: Chunk): { block: Block; fence: Span; offset: number } | null {
  const { doc } = input;
  const start = contentStart(doc.source, chunk.startOffset, chunk.endOffset);
  if (start >= chunk.endOffset) return null;
  const end = chunkContentEnd(doc, chunk);
  for (const offset of [start, end - 1]) {
    const block = blockAt(doc.blocks, offset);
    for (const fence of block?.fences ?? []) {
      const inside =
        offset === start
          ? start > contentStart(doc.source, fence.start, fence.end) && start < fence.end
          : end < contentEnd(doc.source, fence.start, fence.end) && end > fence.start;
      if (inside) return { block: block!, fence, offset };
    }
  }
  return null;
}

/**
 * Tables and code blocks that the chunk's first or last non-whitespace character lies strictly
 * inside. A cut whose far side holds only the block's closing fence line is not a split:
 * a chunk that opens with the bare closing fence, or one that ends just before it, leaves
 * every line of the code whole on one side — LangChain's Markdown separator "```\n" cuts exactly there.
 */
function cutsInsideBlocks(input: StructuralInput, chunk: Chunk): { block: Block; offset: number }[] {
  const { doc } = input;
  const cuts: { block: Block; offset: number }[] = [];
  const start = contentStart(doc.source, chunk.startOffset, chunk.endOffset);
  if (start >= chunk.endOffset) return cuts;
  const first = blockAt(doc.blocks, start);
  // Against the block's first character, not its first column: an indented code block whose
  // indent fell in the previous chunk is whole in this one.
  if (first && isAtomicTarget(first) && start > contentStart(doc.source, first.start, first.end) && !startsOnClosingFence(doc.source, first, start)) {
    cuts.push({ block: first, offset: start });
  }
  const end = chunkContentEnd(doc, chunk);
  const last = blockAt(doc.blocks, end - 1);
  if (last && isAtomicTarget(last) && end < contentEnd(doc.source, last.start, last.end) && !endsBeforeClosingFence(doc.source, last, end)) {
    cuts.push({ block: last, offset: end - 1 });
  }
  return cuts;
}

/** Whether `start` lies on the closing fence line of code block `block`. */
function startsOnClosingFence(source: string, block: Block, start: number): boolean {
  const close = block.fence?.close;
  return close !== null && close !== undefined && start >= contentStart(source, close.start, close.end);
}

/** Whether only whitespace lies between `end` and the closing fence line of code block `block`. */
function endsBeforeClosingFence(source: string, block: Block, end: number): boolean {
  const close = block.fence?.close;
  return close !== null && close !== undefined && contentStart(source, end, close.end) >= contentStart(source, close.start, close.end);
}

function isAtomicTarget(block: Block): boolean {
  return block.kind === 'table' || block.kind === 'code';
}
