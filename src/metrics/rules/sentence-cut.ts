import { lineAt } from '../../markdown/lines.js';
import { blockAt, chunkContentEnd } from '../structural/blocks.js';
import type { StructuralInput } from '../structural/input.js';
import { endsWithTerminator, startsListItem } from '../structural/sentence-end.js';
import { contentEnd } from '../structural/text.js';
import { excerpt, finding, type RuleFinding } from './finding.js';

/** Prose blocks in which a cut can split a sentence. */
const PROSE = new Set(['paragraph', 'list', 'blockquote']);

/** How far back the cut sentence is quoted in the message. */
const QUOTE_CHARS = 80;

/**
 * `sentence-cut`: the chunk's extent ends inside a paragraph, list or blockquote
 * that continues in the next chunk, and not at a sentence end (`。！？!?.；;`
 * after trailing markup) nor between list items. Line: the line of the cut.
 */
export function checkSentenceCuts(input: StructuralInput): RuleFinding[] {
  const { doc, chunks } = input;
  const { source } = doc;
  const findings: RuleFinding[] = [];
  for (let index = 0; index + 1 < chunks.length; index += 1) {
    const chunk = chunks[index]!;
    const next = chunks[index + 1]!;
    const end = chunkContentEnd(doc, chunk);
    if (end <= chunk.startOffset) continue;
    const block = blockAt(doc.blocks, end - 1);
    if (!block || !PROSE.has(block.kind)) continue;
    const blockEnd = contentEnd(source, block.start, block.end);
    const continues = end < blockEnd && next.startOffset < blockEnd && next.endOffset > end;
    if (!continues) continue;
    const before = source.slice(Math.max(block.start, end - QUOTE_CHARS), end);
    if (endsWithTerminator(before) || startsListItem(source, end)) continue;
    findings.push(
      finding(index, 'sentence-cut', {
        message: `Unexpected chunk end mid-sentence (“${excerpt(before, { from: 'end' })}”), expected a cut at a sentence end`,
        line: lineAt(doc.lineStarts, end - 1),
      }),
    );
  }
  return findings;
}
