import { blocksOverlapping, chunkContentEnd } from '../structural/blocks.js';
import type { StructuralInput } from '../structural/input.js';
import { orphanHeading } from '../structural/orphan.js';
import { contentStart } from '../structural/text.js';
import { finding, type RuleFinding } from './finding.js';

/**
 * `orphan-heading`: the chunk ends on a heading (its section text went to another
 * chunk) or holds only headings. Line: the line of the last heading.
 */
export function checkOrphanHeadings(input: StructuralInput): RuleFinding[] {
  const { doc, chunks } = input;
  const findings: RuleFinding[] = [];
  for (const [index, chunk] of chunks.entries()) {
    const heading = orphanHeading(doc, chunk);
    if (!heading) continue;
    const content = { start: contentStart(doc.source, chunk.startOffset, chunk.endOffset), end: chunkContentEnd(doc, chunk) };
    const onlyHeadings = blocksOverlapping(doc.blocks, content).every((block) => block.kind === 'heading');
    findings.push(
      finding(index, 'orphan-heading', {
        message: onlyHeadings
          ? `Unexpected chunk of headings only (“${heading.title ?? ''}”), expected the section text with its heading`
          : `Unexpected heading “${heading.title ?? ''}” at the end of the chunk, expected its section text with it`,
        line: heading.startLine,
      }),
    );
  }
  return findings;
}
