import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLOSERS, sentenceUnits } from '../../../../src/metrics/content/text.js';

/**
 * The former `splitProse`, one-character strings tested with `includes` (the module reads char
 * codes, docs/design.md#speed).
 */
function referenceSplitProse(text: string, start: number, end: number, cut: (at: number) => void): void {
  for (let at = start; at < end; at++) {
    const char = text[at]!;
    if ('。！？；'.includes(char)) {
      let next = at + 1;
      while (next < end && CLOSERS.includes(text[next]!)) next += 1;
      if (next < end) cut(next);
    } else if ('.!?'.includes(char) && /\s/.test(text[at + 1] ?? '') && at + 1 < end && (char !== '.' || !/\d/.test(text[at - 1] ?? ''))) {
      cut(at + 1);
    }
  }
}

/**
 * The former sentenceUnits: a close call per branch (the module applies each line's steps at
 * one site each, docs/design.md#speed).
 */
function referenceSentenceUnits(text: string): Array<[number, number]> {
  const units: Array<[number, number]> = [];
  let unitStart = -1;
  let fence: string | null = null;
  let inTable = false;
  const close = (end: number): void => {
    if (unitStart >= 0 && /\S/.test(text.slice(unitStart, end))) units.push([unitStart, end]);
    unitStart = -1;
  };
  let lineStart = 0;
  while (lineStart < text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    const trimmed = line.trim();
    const fenceMatch = /^(`{3,}|~{3,})/.exec(trimmed);
    if (fence !== null) {
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length) {
        close(lineEnd);
        fence = null;
      }
    } else if (fenceMatch) {
      close(lineStart);
      fence = fenceMatch[1]!;
      unitStart = lineStart;
    } else if (trimmed.startsWith('|')) {
      if (!inTable) close(lineStart);
      if (unitStart < 0) unitStart = lineStart;
      inTable = true;
    } else {
      if (inTable) close(lineStart);
      inTable = false;
      if (trimmed === '') close(lineStart);
      else {
        if (/^(#{1,6}\s|[-*+]\s|\d+[.)]\s|>)/.test(trimmed)) close(lineStart);
        if (unitStart < 0) unitStart = lineStart;
        referenceSplitProse(text, lineStart, lineEnd, (at) => {
          close(at);
          unitStart = at;
        });
        if (/^#{1,6}\s/.test(trimmed)) close(lineEnd);
      }
    }
    lineStart = lineEnd + 1;
  }
  close(text.length);
  return units;
}

/** The units `sentenceUnits` gives for one prose line, from the reference splitter: the cuts it makes. */
function referenceCuts(line: string): number[] {
  const cuts: number[] = [];
  referenceSplitProse(line, 0, line.length, (at) => cuts.push(at));
  return cuts;
}

// Terminators of both widths, closers, spaces of both kinds, digits, letters and a lone surrogate.
const CHARS = ['.', '!', '?', ';', '。', '！', '？', '；', '"', '」', ')', '*', ' ', '\u3000', '\t', 'a', 'B', '1', '文', '\ud83d'];

describe('sentenceUnits prose cuts (char codes)', () => {
  it('cuts a prose line where the one-character-string splitter did', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 40 }), (chars) => {
        // One line that starts with a letter, so it is prose (not a heading, list item, table or fence).
        const line = `x${chars.join('')}`;
        const starts = [0, ...referenceCuts(line)];
        const expected = starts
          .map((start, index): [number, number] => [start, starts[index + 1] ?? line.length])
          .filter(([start, end]) => /\S/.test(line.slice(start, end)));
        expect(sentenceUnits(line)).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });
});

// Whole lines: fences of both kinds and lengths, table rows, headings, list items, quotes, prose.
const LINES = ['```', '````', '~~~', '```js', '| a | b |', '|---|', '# Title', '###### Deep', '#no', '- item. Next', '* item', '1. Step! Then', '2) Step', '> Quote? Yes', 'Plain text. More text', '第一句。第二句', 'Version 1. ok', '', '   ', 'end'];

describe('sentenceUnits (one call site per step)', () => {
  it('gives the units of the one-close-per-branch splitter, for any mix of lines', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...LINES), { maxLength: 14 }), fc.boolean(), (lines, newline) => {
        const text = lines.join('\n') + (newline ? '\n' : '');
        expect(sentenceUnits(text)).toEqual(referenceSentenceUnits(text));
      }),
      { numRuns: 3000 },
    );
  });
});
