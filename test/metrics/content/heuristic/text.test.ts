import { describe, expect, it } from 'vitest';
import { contentTerms, endsSentence, sentenceUnits } from '../../../../src/metrics/content/text.js';
import { tokenize } from '../../../../src/text/words.js';

describe('content text helpers', () => {
  it('keeps content terms: no stopwords, plural s dropped, CJK bigrams without particles', () => {
    expect(contentTerms(tokenize('The chunks of this page are good'))).toEqual(['chunk', 'page', 'good']);
    // 配置的文件 → bigrams 配置, 置的 (particle 的), 的文 (particle), 文件 → 配置, 文件
    expect(contentTerms(tokenize('配置的文件'))).toEqual(['配置', '文件']);
    // kana and astral Han are unspaced too: サー, ーバ, バー; 𠀋 (two code units) pairs with 字
    expect(contentTerms(tokenize('サーバー'))).toEqual(['サー', 'ーバ', 'バー']);
    expect(contentTerms(tokenize('𠀋字'))).toEqual(['𠀋字']);
    // no bigram across a space or a range end: 文件 夹 → 文件 only
    expect(contentTerms(tokenize('文件 夹'))).toEqual(['文件']);
    expect(contentTerms(tokenize('文件夹'), 0, 2)).toEqual(['文件']);
  });

  it('recognises sentence ends after closing markup, not after a number', () => {
    expect(endsSentence('Done.**  ')).toBe(true);
    expect(endsSentence('完成。」')).toBe(true);
    expect(endsSentence('version 1.')).toBe(false);
    expect(endsSentence('and then')).toBe(false);
  });

  it('splits units at sentences, headings, list items, and keeps code and tables whole', () => {
    const text = '# T\n\nOne. Two!\n- a\n- b\n\n```js\nx. y.\n```\n| a |\n| b |\n甲。乙';
    const units = sentenceUnits(text).map(([start, end]) => text.slice(start, end).trim());
    expect(units).toEqual(['# T', 'One.', 'Two!', '- a', '- b', '```js\nx. y.\n```', '| a |\n| b |', '甲。', '乙']);
  });
});
