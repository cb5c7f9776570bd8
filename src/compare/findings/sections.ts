import type { ParsedDoc } from '../../types.js';

/**
 * The heading stack over each line of a document: `paths[line]` (1-based) lists the titles of
 * the headings enclosing that line, outermost first (a heading line is inside its own section).
 * Lines before the first heading, and front matter, have `[]`.
 */
export function headingStacks(doc: ParsedDoc): string[][] {
  const lineCount = doc.lineStarts.length;
  const paths: string[][] = new Array<string[]>(lineCount + 1).fill([]);
  const stack: { depth: number; title: string }[] = [];
  let current: string[] = [];
  let line = 1;
  for (const block of doc.blocks) {
    if (block.kind !== 'heading') continue;
    for (; line < block.startLine; line += 1) paths[line] = current;
    const depth = block.depth ?? 1;
    while (stack.length > 0 && stack.at(-1)!.depth >= depth) stack.pop();
    stack.push({ depth, title: block.title ?? '' });
    current = stack.map((entry) => entry.title);
  }
  for (; line <= lineCount; line += 1) paths[line] = current;
  return paths;
}

/** A heading stack as one map key. */
export function pathKey(path: readonly string[]): string {
  return path.join('\u0000');
}
