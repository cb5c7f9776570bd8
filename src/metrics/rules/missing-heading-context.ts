import { blocksOverlapping } from '../structural/blocks.js';
import type { StructuralInput } from '../structural/input.js';
import { isBlank } from '../structural/text.js';
import { finding, type RuleFinding } from './finding.js';

/**
 * `missing-heading-context`: the document has headings, but the chunk's
 * `headingPath` is empty and no heading lies in its extent, so nothing tells a
 * retriever what it is about. Blank chunks are skipped (`empty-chunk`).
 * Line: the chunk's first line.
 */
export function checkMissingHeadingContext(input: StructuralInput): RuleFinding[] {
  const { doc, chunks } = input;
  if (!doc.blocks.some((block) => block.kind === 'heading')) return [];
  const findings: RuleFinding[] = [];
  for (const [index, chunk] of chunks.entries()) {
    if (chunk.headingPath.length > 0 || isBlank(chunk.text)) continue;
    const extent = { start: chunk.startOffset, end: chunk.endOffset };
    if (blocksOverlapping(doc.blocks, extent).some((block) => block.kind === 'heading')) continue;
    findings.push(
      finding(index, 'missing-heading-context', {
        message: 'Unexpected chunk without heading context, expected a heading path',
        line: chunk.startLine,
      }),
    );
  }
  return findings;
}
