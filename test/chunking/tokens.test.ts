import { describe, expect, it } from 'vitest';
import { createMeasure, tokenOffsets } from '../../src/tokens/index.js';
import { chunk, uncovered, view } from './helpers.js';

// Common English words after a space are one o200k token each (" two", " three", …), as are
// "One", "#", "." and "\n\n"; the first assertion below checks that premise.
describe('token-unit chunking', () => {
  const measure = createMeasure('tokens', 'o200k_base');

  it('counts the words used below as one token each', () => {
    expect(measure.size('one two three four five six seven eight nine ten')).toBe(10);
    expect(measure.size('One two.')).toBe(3);
    expect(measure.size(' Three four.')).toBe(3);
  });

  it('fixed: windows of max tokens, cut at token boundaries', () => {
    const source = 'one two three four five six seven eight nine ten';
    // 10 tokens, max 4 → tokens [0,4) [4,8) [8,10).
    expect(view(chunk(source, { strategy: 'fixed', unit: 'tokens', max: 4 }).chunks).map((piece) => piece.text)).toEqual([
      'one two three four',
      'five six seven eight',
      'nine ten',
    ]);
    // overlap 1 → a window every 3 tokens: [0,4) [3,7) [6,10); [9,10) lies inside the last → dropped.
    expect(view(chunk(source, { strategy: 'fixed', unit: 'tokens', max: 4, overlap: 1 }).chunks).map((piece) => piece.text)).toEqual([
      'one two three four',
      'four five six seven',
      'seven eight nine ten',
    ]);
  });

  it('fixed: slices of the source even where a token ends inside a character', () => {
    // Rare CJK characters and emoji take several byte-level tokens; every cut must still be a
    // valid source slice, and all of it covered.
    const source = '龘龘龘 🎉🎉 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 齉齉齉';
    const { doc, chunks } = chunk(source, { strategy: 'fixed', unit: 'tokens', max: 1 });
    for (const piece of chunks) expect(piece.text).toBe(source.slice(piece.startOffset, piece.endOffset));
    expect(chunks.every((piece) => !/[\uD800-\uDBFF]$|^[\uDC00-\uDFFF]/.test(piece.text))).toBe(true);
    expect(uncovered(doc, chunks)).toEqual([]);
  });

  it('sentence: packs sentences by token count', () => {
    // "One two." 3 + " Three four." 3 = 6 ≤ 6; + " Five six." 3 = 9 > 6.
    const { chunks } = chunk('One two. Three four. Five six.', { strategy: 'sentence', unit: 'tokens', max: 6 });
    expect(view(chunks).map((piece) => piece.text)).toEqual(['One two. Three four.', 'Five six.']);
    expect(chunks.map((piece) => piece.tokens)).toEqual([6, 3]);
  });

  it('heading: splits a section over max tokens at sentences, the heading staying with the first', () => {
    // "# Setup" = "#" + " Setup" = 2; "\n\nInstall it now." = "\n\n" + 4 = 5; " Then run it." = 4.
    // Section 11 > 7 → the paragraph (8 > 7) is cut at sentences: 2 + 5 = 7 ≤ 7, + 4 > 7.
    const { chunks } = chunk('# Setup\n\nInstall it now. Then run it.\n', { unit: 'tokens', max: 7 });
    expect(view(chunks)).toEqual([
      { text: '# Setup\n\nInstall it now.', path: 'Setup', split: 'section 1/2' },
      { text: 'Then run it.', path: 'Setup', split: 'section 2/2' },
    ]);
  });

  it('tokenOffsets: one end per token, the last at the end of the text, none inside a character', () => {
    const text = 'one two 龘 🎉';
    const ends = tokenOffsets(text, 'o200k_base');
    expect(ends).toHaveLength(measure.size(text));
    expect(ends.at(-1)).toBe(text.length);
    // Offsets never fall between the two halves of the emoji's surrogate pair.
    expect(ends).not.toContain(text.indexOf('🎉') + 1);
    expect(tokenOffsets('', 'cl100k_base')).toEqual([]);
    // Special-token text is plain text in documents.
    expect(tokenOffsets('<|endoftext|>', 'cl100k_base').at(-1)).toBe('<|endoftext|>'.length);
  });
});
