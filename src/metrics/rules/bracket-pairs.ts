import type { ParsedDoc } from '../../types.js';

/** Bracket and quote pairs checked in prose: ASCII brackets and the CJK pairs （）【】「」“”. */
export const BRACKET_PAIRS: Readonly<Record<string, string>> = {
  '(': ')',
  '[': ']',
  '{': '}',
  '（': '）',
  '【': '】',
  '「': '」',
  '“': '”',
};

const OPENER_OF = new Map(Object.entries(BRACKET_PAIRS).map(([open, close]) => [close, open]));

/** Blocks holding prose (code, html, JSX and math blocks are skipped whole). */
const PROSE = new Set(['paragraph', 'heading', 'list', 'blockquote', 'table', 'footnoteDefinition']);

/** A fence line, possibly inside a blockquote or list item: fenced code nested in prose blocks. */
const NESTED_FENCE = /^[ \t]*(?:>[ \t]?)*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?[ \t]*(?:`{3,}|~{3,})/;

/** The brackets of a document that close each other, by source offset. */
export interface BracketPairs {
  /** Offsets of every paired bracket (openers and closers), ascending. */
  offsets: number[];
  /** Offset of each paired bracket → offset of its partner. */
  partner: Map<number, number>;
}

/**
 * Pairs the brackets of the document's prose blocks, per bracket kind (so `( [ ) ]`
 * still pairs both), skipping inline code, fenced code nested in lists or quotes,
 * and backslash escapes. Brackets without a partner in the source (`1)` list
 * markers, smileys) stay unpaired: they are the author's text, not a chunk cut.
 */
export function pairBrackets(doc: ParsedDoc): BracketPairs {
  const { source } = doc;
  const offsets: number[] = [];
  const partner = new Map<number, number>();
  for (const block of doc.blocks) {
    if (!PROSE.has(block.kind)) continue;
    const open = new Map<string, number[]>();
    let inFence = false;
    // Jump from one character of interest to the next instead of visiting every character.
    const scan = new RegExp(INTERESTING.source, 'g');
    scan.lastIndex = block.start + 1;
    // The block's first character is always visited: it starts a line that may be a fence.
    for (let at = block.start; at !== -1; at = nextInteresting(scan, source, block.end)) {
      const char = source[at]!;
      if (char === '\n' || at === block.start) {
        const start = char === '\n' ? at + 1 : at;
        const lineEnd = source.indexOf('\n', start);
        const end = lineEnd === -1 || lineEnd > block.end ? block.end : lineEnd;
        const fence = NESTED_FENCE.test(source.slice(start, end));
        if (fence) inFence = !inFence;
        if (inFence || fence) {
          scan.lastIndex = end;
          continue;
        }
        if (char === '\n') continue;
      }
      if (char === '\\') {
        // An escaped character is text; a backslash line break still lets the next line be a fence.
        scan.lastIndex = source[at + 1] === '\n' ? at + 1 : at + 2;
      } else if (char === '`') {
        scan.lastIndex = inlineCodeEnd(source, at, block.end);
      } else if (char in BRACKET_PAIRS) {
        const stack = open.get(char) ?? [];
        stack.push(at);
        open.set(char, stack);
      } else {
        const opener = OPENER_OF.get(char);
        const from = opener === undefined ? undefined : open.get(opener)?.pop();
        if (from !== undefined) {
          partner.set(from, at);
          partner.set(at, from);
          offsets.push(from, at);
        }
      }
    }
  }
  return { offsets: offsets.sort((a, b) => a - b), partner };
}

/** Line breaks (fence lines), escapes, code ticks and the bracket characters. */
const INTERESTING = /[\n\\`()[\]{}（）【】「」“”]/;

function nextInteresting(scan: RegExp, source: string, limit: number): number {
  if (scan.lastIndex >= limit) return -1;
  const match = scan.exec(source);
  return match === null || match.index >= limit ? -1 : match.index;
}

/** The offset after an inline code span starting at `start`, or `start + run` when the run never closes. */
function inlineCodeEnd(source: string, start: number, limit: number): number {
  let run = 1;
  while (source[start + run] === '`') run += 1;
  const fence = '`'.repeat(run);
  for (let at = source.indexOf(fence, start + run); at !== -1 && at < limit; at = source.indexOf(fence, at + 1)) {
    let length = 0;
    while (source[at + length] === '`') length += 1;
    if (length === run && source[at - 1] !== '`') return at + run;
    at += length - 1;
  }
  return start + run;
}
