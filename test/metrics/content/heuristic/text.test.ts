import { describe, expect, it } from 'vitest';
import { contentTerms, endsSentence, sentenceUnits, tokenize } from '../../../../src/metrics/content/text.js';

describe('content text helpers', () => {
  it('tokenizes spaced words (lower-cased) and CJK characters one by one', () => {
    const tokens = tokenize('Set `cache_dir` 缓存目录!');
    expect(tokens.words).toEqual(['set', 'cache', 'dir', '缓', '存', '目', '录']);
    expect(tokens.starts).toEqual([0, 5, 11, 16, 17, 18, 19]);
  });

  it('keeps content terms: no stopwords, plural s dropped, CJK bigrams without particles', () => {
    expect(contentTerms(tokenize('The chunks of this page are good'))).toEqual(['chunk', 'page', 'good']);
    // 配置的文件 → bigrams 配置, 置的 (particle 的), 的文 (particle), 文件 → 配置, 文件
    expect(contentTerms(tokenize('配置的文件'))).toEqual(['配置', '文件']);
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
