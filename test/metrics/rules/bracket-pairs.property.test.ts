import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../src/markdown/parse.js';
import { BRACKET_PAIRS, pairBrackets, type BracketPairs } from '../../../src/metrics/rules/bracket-pairs.js';
import type { ParsedDoc } from '../../../src/types.js';

// pairBrackets reads code units through one shared regex; the former implementation read
// one-character strings with a regex per block. The former one is the reference here.

const OPENER_OF = new Map(Object.entries(BRACKET_PAIRS).map(([open, close]) => [close, open]));
const PROSE = new Set(['paragraph', 'heading', 'list', 'blockquote', 'table', 'footnoteDefinition']);
const NESTED_FENCE = /^[ \t]*(?:>[ \t]?)*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?[ \t]*(?:`{3,}|~{3,})/;
const INTERESTING = /[\n\\`()[\]{}（）【】「」“”]/;

function reference(doc: ParsedDoc): BracketPairs {
  const { source } = doc;
  const offsets: number[] = [];
  const partner = new Map<number, number>();
  for (const block of doc.blocks) {
    if (!PROSE.has(block.kind)) continue;
    const open = new Map<string, number[]>();
    let inFence = false;
    const scan = new RegExp(INTERESTING.source, 'g');
    scan.lastIndex = block.start + 1;
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

function nextInteresting(scan: RegExp, source: string, limit: number): number {
  if (scan.lastIndex >= limit) return -1;
  const match = scan.exec(source);
  return match === null || match.index >= limit ? -1 : match.index;
}

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

/** Brackets of every kind, escapes, code ticks, fences nested in lists and quotes, line breaks, text. */
const piece = fc.constantFrom(
  '(', ')', '[', ']', '{', '}', '（', '）', '【', '】', '「', '」', '“', '”',
  '\\', '\\(', '\\\n', '`', '``', '```', '\n', '\n\n', '```\n', '~~~\n', '> ', '- ', '1. ', '1) ', '# ', '| a |\n|---|\n',
  'a', 'word', ' ', '\t', '上', '😀', '\u00e9',
);
const markdown = fc.array(piece, { maxLength: 50 }).map((parts) => parts.join(''));

describe('pairBrackets (property): the same pairs as the former string-based scan', () => {
  it('on generated Markdown with brackets, escapes, inline code and nested fences', () => {
    fc.assert(
      fc.property(markdown, (source) => {
        const { doc } = parseMarkdown('doc.md', source);
        const expected = reference(doc);
        const actual = pairBrackets(doc);
        expect(actual.offsets).toEqual(expected.offsets);
        expect([...actual.partner].sort((a, b) => a[0] - b[0])).toEqual([...expected.partner].sort((a, b) => a[0] - b[0]));
      }),
      { numRuns: 3000 },
    );
  });

  it('pairs a hand-checked line: escaped and code brackets stay unpaired', () => {
    const source = 'See (a [b) c] \\( and `(x` “q”.\n';
    const { offsets } = pairBrackets(parseMarkdown('doc.md', source).doc);
    expect(offsets).toEqual([4, 7, 9, 12, 26, 28]);
  });
});
