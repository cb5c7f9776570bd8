import { orphanHeading } from '../../metrics/structural/orphan.js';
import { mapLines } from '../line-map.js';
import type { Block, Chunk, FileFinding } from '../../types.js';
import type { FindingInput } from './input.js';

/**
 * `orphan-heading`: a head chunk ends on a heading whose text went to the next chunk (the rule
 * check's tag) — e.g. a rename with an edit that leaves a heading stranded. `preexisting` when a
 * base chunk was orphaned by a heading of the same title, or by a heading whose line the edit
 * maps onto this one (a reworded heading); else `new`. Severity `medium`; gates unless
 * pre-existing or the rule is at `warn` (then `level: 'warn'`). Line: the heading.
 */
export function orphanHeadings(input: FindingInput): FileFinding[] {
  const { base, head, baseDoc, headDoc } = input;
  if (!head || !headDoc) return [];
  const before = new Set<string>();
  const beforeLines = new Set<number>();
  if (base && baseDoc) {
    let lineMap: ReturnType<typeof mapLines> | null = null;
    for (const chunk of base.chunks) {
      if (!chunk.issues.some((issue) => issue.tag === 'orphan-heading')) continue;
      const heading = orphanHeading(baseDoc, chunk);
      if (!heading) continue;
      before.add(heading.title ?? '');
      lineMap ??= mapLines(baseDoc.source, headDoc.source);
      const mapped = lineMap[heading.startLine];
      if (mapped) for (let line = mapped.from; line <= mapped.to; line += 1) beforeLines.add(line);
    }
  }
  const findings: FileFinding[] = [];
  for (const [index, chunk] of head.chunks.entries()) {
    const issue = chunk.issues.find((candidate) => candidate.tag === 'orphan-heading');
    if (!issue) continue;
    const heading = orphanHeading(headDoc, chunk);
    if (!heading || opensSubsection(headDoc.blocks, heading, head.chunks[index + 1])) continue;
    const preexisting = before.has(heading.title ?? '') || beforeLines.has(heading.startLine);
    // The rule at `warn` (`rules:` in the config): reported, never gating.
    const warn = issue.level === 'warn';
    findings.push({
      kind: 'orphan-heading',
      origin: preexisting ? 'preexisting' : 'new',
      gating: !preexisting && !warn,
      ...(warn ? { level: 'warn' as const } : {}),
      severity: 'medium',
      message: `The heading “${heading.title ?? ''}” (L${heading.startLine}) ends a chunk; its section text went to the next one`,
      hint: 'keep the heading with the text below it: give the section a body before any large block, or move the block under its own heading',
      line: heading.startLine,
      headingPath: chunk.headingPath,
    });
  }
  return findings;
}

/**
 * Whether `heading` is followed at once by a deeper heading that opens the next chunk, whose
 * heading path still names it (`## Usage` then `### Basic usage`): the section's text is under
 * its sub-headings, and retrieval indexes every one of their chunks with `heading` in its path.
 * On real pull requests this was never a loss (4 of 4 replay items were noise).
 */
function opensSubsection(blocks: readonly Block[], heading: Block, next: Chunk | undefined): boolean {
  const after = blocks[blocks.indexOf(heading) + 1];
  if (after?.kind !== 'heading' || (after.depth ?? 0) <= (heading.depth ?? 0) || !next) return false;
  return next.headingPath.includes(heading.title ?? '') && next.startOffset <= after.start;
}
