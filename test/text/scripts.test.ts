import { describe, expect, it } from 'vitest';
import { cjkShare, isUnspaced, UNSPACED_CLASS } from '../../src/text/scripts.js';

describe('isUnspaced', () => {
  it('holds for the letters of Han (all blocks), kana, Bopomofo and the Southeast Asian scripts', () => {
    // 中 (unified), 㐀 (extension A), 𠀋 (extension B), 豈 (compatibility), 々, ひ, カ, ｶ (halfwidth), ー, ㄅ, ก, ລ, က, ក
    const unspaced = ['中', '㐀', '𠀋', '豈', '々', 'ひ', 'カ', 'ｶ', 'ー', 'ㄅ', 'ก', 'ລ', 'က', 'ក'];
    expect(unspaced.filter((char) => !isUnspaced(char))).toEqual([]);
  });

  it('does not hold for Hangul, Latin, digits, CJK punctuation and radicals, or empty text', () => {
    expect(['한', 'a', '5', '。', '「', '⺀', '฿', ''].filter(isUnspaced)).toEqual([]);
  });

  it('answers every code point as the unspaced-letter regex does (the fast path below U+0E00 included)', () => {
    // The regex isUnspaced stood for before its fast path (docs/design.md#speed), over every code point.
    const reference = new RegExp(`^(?=[\\p{L}\\p{N}])[${UNSPACED_CLASS}]`, 'u');
    const differ: string[] = [];
    for (let code = 0; code <= 0x10ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const text = `${String.fromCodePoint(code)}x`;
      if (isUnspaced(text) !== reference.test(text)) differ.push(code.toString(16));
    }
    expect(differ).toEqual([]);
  });

  it('looks at the first character only', () => {
    expect(isUnspaced('中a')).toBe(true);
    expect(isUnspaced('a中')).toBe(false);
  });
});

describe('cjkShare', () => {
  it('is the share of letters that are Chinese, Japanese or Korean', () => {
    // letters H e l l o 世 界: 2 of 7
    expect(cjkShare('Hello, 世界!')).toBeCloseTo(2 / 7, 10);
    // 한 국 어 t e x t: 3 of 7
    expect(cjkShare('한국어 text')).toBeCloseTo(3 / 7, 10);
    expect(cjkShare('サーバー')).toBe(1);
  });

  it('is 0 without letters', () => {
    expect(cjkShare('')).toBe(0);
    expect(cjkShare('123 !?')).toBe(0);
  });
});
