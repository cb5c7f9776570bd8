import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldWhitespace, type FoldedText } from '../../src/golden/locate.js';
import { isWhitespaceCode } from '../../src/text/whitespace.js';

/** The former fold, one `/\s/` test per character: the reference the fast one must equal. */
function foldByRegex(source: string): FoldedText {
  let folded = '';
  const offsets: number[] = [];
  let pendingSpace = false;
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    if (/\s/.test(char)) {
      pendingSpace = folded.length > 0;
      continue;
    }
    if (pendingSpace) {
      folded += ' ';
      offsets.push(index - 1);
      pendingSpace = false;
    }
    folded += char;
    offsets.push(index);
  }
  offsets.push(offsets.length === 0 ? 0 : offsets.at(-1)! + 1);
  return { folded, offsets };
}

describe('foldWhitespace', () => {
  it('folds runs to one space, trims, and maps each character back to the source', () => {
    // "  a\t\n bc  d " → "a bc d"; the space before "bc" stands for the source's last run character (index 5).
    expect(foldWhitespace('  a\t\n bc  d ')).toEqual({ folded: 'a bc d', offsets: [2, 5, 6, 7, 9, 10, 11] });
    expect(foldWhitespace('')).toEqual({ folded: '', offsets: [0] });
    expect(foldWhitespace(' \u00a0\u3000 ')).toEqual({ folded: '', offsets: [0] });
  });

  it('tells whitespace as /\\s/ does, for every UTF-16 code unit', () => {
    const differ: number[] = [];
    for (let code = 0; code <= 0xffff; code++) if (isWhitespaceCode(code) !== /\s/.test(String.fromCharCode(code))) differ.push(code);
    expect(differ).toEqual([]);
  });

  it('equals the per-character regex fold on any text', () => {
    const char = fc.oneof(
      fc.constantFrom(' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u1680', '\u2003', '\u2028', '\u202f', '\u3000', '\ufeff', '\u200b', '\u0085'),
      fc.string({ minLength: 1, maxLength: 1 }),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    );
    fc.assert(
      fc.property(fc.array(char, { maxLength: 60 }), (chars) => {
        const text = chars.join('');
        expect(foldWhitespace(text)).toEqual(foldByRegex(text));
      }),
      { numRuns: 3000 },
    );
  });
});
