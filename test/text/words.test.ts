import { describe, expect, it } from 'vitest';
import { isWordChar, tokenize, wordRuns, wordsOf } from '../../src/text/words.js';

/** `[word, start, end]` triples of `tokenize(text)`. */
const triples = (text: string) => {
  const { words, starts, ends } = tokenize(text);
  return words.map((word, index) => [word, starts[index], ends[index]]);
};

describe('tokenize', () => {
  it('lower-cases Latin words and keeps their offsets; markup and punctuation are not tokens', () => {
    // "Set" 0–3, "cache_dir" 5–14 (inside backticks), "Chunks" 16–22, "!" dropped
    expect(triples('Set `cache_dir` Chunks!')).toEqual([
      ['set', 0, 3],
      ['cache_dir', 5, 14],
      ['chunks', 16, 22],
    ]);
  });

  it('makes every Chinese character a token and drops CJK punctuation', () => {
    expect(triples('上传文件。')).toEqual([
      ['上', 0, 1],
      ['传', 1, 2],
      ['文', 2, 3],
      ['件', 3, 4],
    ]);
    expect(wordsOf('「你好」，世界！')).toEqual(['你', '好', '世', '界']);
  });

  it('makes every kana a token, the prolonged sound mark ー included', () => {
    expect(wordsOf('サーバーを起動')).toEqual(['サ', 'ー', 'バ', 'ー', 'を', '起', '動']);
  });

  it('keeps Korean words whole: Hangul is written with spaces', () => {
    // "문서를" 0–3, space, "확인하세요" 4–9
    expect(triples('문서를 확인하세요')).toEqual([
      ['문서를', 0, 3],
      ['확인하세요', 4, 9],
    ]);
  });

  it('splits mixed text at every change between spaced and unspaced scripts', () => {
    expect(wordsOf('Deploy 到 Vercel平台')).toEqual(['deploy', '到', 'vercel', '平', '台']);
  });

  it('ignores emoji and symbols', () => {
    expect(wordsOf('🚀 Ship it ✨ → now © 2024 ⺀')).toEqual(['ship', 'it', 'now', '2024']);
  });

  it('keeps digits and underscores inside words, and splits numbers at the dot', () => {
    expect(wordsOf('v2_beta 1.5 __init__ 3rd')).toEqual(['v2_beta', '1', '5', '__init__', '3rd']);
  });

  it('splits words at apostrophes, so a possessive holds its noun', () => {
    expect(wordsOf("Tauri's it’s 'quoted'")).toEqual(['tauri', 's', 'it', 's', 'quoted']);
  });

  it('keeps combining marks with their letter', () => {
    expect(wordsOf('cafe\u0301 x\u0305')).toEqual(['cafe\u0301', 'x\u0305']);
    // Thai is unspaced: one token per letter, the vowel sign ิ stays with ก
    expect(wordsOf('กิน')).toEqual(['กิ', 'น']);
  });

  it('gives offsets in the original text, also for astral characters and length-changing case', () => {
    // 𠀋 (CJK extension B) is two code units
    expect(triples('𠀋a')).toEqual([
      ['𠀋', 0, 2],
      ['a', 2, 3],
    ]);
    // "İ" lower-cases to two code units: offsets stay those of the input
    expect(triples('İstanbul x')).toEqual([
      ['i̇stanbul', 0, 8],
      ['x', 9, 10],
    ]);
  });

  it('gives no tokens for text without words', () => {
    expect(triples('')).toEqual([]);
    expect(wordsOf(' -- 。！ 🚀 ')).toEqual([]);
  });
});

describe('wordRuns', () => {
  it('keeps runs of unspaced characters together and spaced words apart', () => {
    expect(wordRuns('上传file文件, サーバー 한국어 Docs')).toEqual(['上传', 'file', '文件', 'サーバー', '한국어', 'docs']);
  });
});

describe('isWordChar', () => {
  it('holds for letters, digits, marks and _ of spaced scripts only', () => {
    expect(['a', 'É', '5', '_', '한', '\u0301'].map(isWordChar)).toEqual([true, true, true, true, true, true]);
    expect(['中', 'ー', 'ก', ' ', '-', '。', ''].map(isWordChar)).toEqual([false, false, false, false, false, false, false]);
  });
});
