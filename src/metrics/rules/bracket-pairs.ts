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
  const offsets: number[] = [];
  const partner = new Map<number, number>();
  for (const block of doc.blocks) {
    if (PROSE.has(block.kind)) pairBlock(doc.source, block.start, block.end, offsets, partner);
  }
  return { offsets: offsets.sort((a, b) => a - b), partner };
}

/**
 * {@link pairBrackets} in one prose block `[start, end)` of `source`. Reads code units, not
 * one-character strings (whose string types made V8 deoptimise the loop), and the block's fields
 * once (blocks of different kinds have different shapes).
 */
function pairBlock(source: string, blockStart: number, blockEnd: number, offsets: number[], partner: Map<number, number>): void {
  const open = new Map<number, number[]>();
  let inFence = false;
  // Jump from one character of interest to the next instead of visiting every character.
  const scan = INTERESTING;
  scan.lastIndex = blockStart + 1;
  // The block's first character is always visited: it starts a line that may be a fence.
  for (let at = blockStart; at !== -1; at = nextInteresting(scan, source, blockEnd)) {
    const code = source.charCodeAt(at);
    if (code === NEWLINE || at === blockStart) {
      const start = code === NEWLINE ? at + 1 : at;
      const lineEnd = source.indexOf('\n', start);
      const end = lineEnd === -1 || lineEnd > blockEnd ? blockEnd : lineEnd;
      const fence = NESTED_FENCE.test(source.slice(start, end));
      if (fence) inFence = !inFence;
      if (inFence || fence) {
        scan.lastIndex = end;
        continue;
      }
      if (code === NEWLINE) continue;
    }
    if (code === BACKSLASH) {
      // An escaped character is text; a backslash line break still lets the next line be a fence.
      scan.lastIndex = at + 1 < source.length && source.charCodeAt(at + 1) === NEWLINE ? at + 1 : at + 2;
    } else if (code === BACKTICK) {
      scan.lastIndex = inlineCodeEnd(source, at, blockEnd);
    } else if (OPENERS.has(code)) {
      const stack = open.get(code);
      if (stack === undefined) open.set(code, [at]);
      else stack.push(at);
    } else {
      const opener = OPENER_CODE_OF.get(code);
      const from = opener === undefined ? undefined : open.get(opener)?.pop();
      if (from !== undefined) {
        partner.set(from, at);
        partner.set(at, from);
        offsets.push(from, at);
      }
    }
  }
}

const NEWLINE = 10;
const BACKSLASH = 92;
const BACKTICK = 96;
/** Code units of the opening brackets (every one a single UTF-16 code unit). */
const OPENERS = new Set(Object.keys(BRACKET_PAIRS).map((open) => open.charCodeAt(0)));
/** Code unit of a closing bracket → code unit of its opener. */
const OPENER_CODE_OF = new Map([...OPENER_OF].map(([close, open]) => [close.charCodeAt(0), open.charCodeAt(0)]));

/**
 * Line breaks (fence lines), escapes, code ticks and the bracket characters. One global instance,
 * its `lastIndex` set before every use (the scan is not re-entrant, and never needs to be).
 */
const INTERESTING = /[\n\\`()[\]{}（）【】「」“”]/g;

function nextInteresting(scan: RegExp, source: string, limit: number): number {
  if (scan.lastIndex >= limit) return -1;
  const match = scan.exec(source);
  return match === null || match.index >= limit ? -1 : match.index;
}

/** The offset after an inline code span starting at `start`, or `start + run` when the run never closes. */
function inlineCodeEnd(source: string, start: number, limit: number): number {
  let run = 1;
  while (isTick(source, start + run)) run += 1;
  const fence = '`'.repeat(run);
  for (let at = source.indexOf(fence, start + run); at !== -1 && at < limit; at = source.indexOf(fence, at + 1)) {
    let length = 0;
    while (isTick(source, at + length)) length += 1;
    if (length === run && !isTick(source, at - 1)) return at + run;
    at += length - 1;
  }
  return start + run;
}

/** Whether `source[at]` is a backtick (a code unit compare: `source[at]` strings come in several string types). */
function isTick(source: string, at: number): boolean {
  return at >= 0 && at < source.length && source.charCodeAt(at) === BACKTICK;
}
