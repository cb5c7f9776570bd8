import { describe, expect, it } from 'vitest';
import { SEGMENT_WINDOW, dictionaryWords, firstSentence, segmentText, sentenceSegments } from '../../src/text/segments.js';

const sentences = new Intl.Segmenter('und', { granularity: 'sentence' });
const words = new Intl.Segmenter('zh', { granularity: 'word' });
const plain = (segmenter: Intl.Segmenter, text: string) => [...segmenter.segment(text)].map(({ segment, index }) => ({ segment, index }));

describe('segmentText', () => {
  it('gives exactly the segmenter\'s segments on ordinary text longer than a window', () => {
    const text = 'First sentence here. Second one? Yes! 中文句子。另一句；还有。\n'.repeat(400);
    expect(text.length).toBeGreaterThan(3 * SEGMENT_WINDOW);
    expect(segmentText(sentences, text).map(({ segment, index }) => ({ segment, index }))).toEqual(plain(sentences, text));
    const cjk = '上传文件之前请先登录帐户然后选择目录'.repeat(600);
    expect(segmentText(words, cjk).map(({ segment, index }) => ({ segment, index }))).toEqual(plain(words, cjk));
    expect(segmentText(words, '上传文件')[0]).toMatchObject({ isWordLike: true });
  });

  it('cuts a segment longer than a window at its last whitespace in the window\'s second half, else at the window end', () => {
    const spaced = 'word '.repeat(2000); // 10,000 characters, no terminator
    const parts = segmentText(sentences, spaced);
    expect(parts.map((part) => part.segment).join('')).toBe(spaced);
    // The window [0, 4096) ends inside "word": the cut goes after the space at 4094.
    expect(parts[0]!.segment).toHaveLength(4095);
    const solid = 'x'.repeat(9000);
    expect(segmentText(sentences, solid).map((part) => [part.index, part.segment.length])).toEqual([
      [0, 4096],
      [4096, 4096],
      [8192, 808],
    ]);
  });
});

describe('sentenceSegments, firstSentence, dictionaryWords', () => {
  it('segments sentences in windows, like segmentText with a sentence segmenter', () => {
    const text = 'One. Two? 三。四！\n'.repeat(600);
    expect(sentenceSegments(text)).toEqual(segmentText(sentences, text));
    expect(sentenceSegments('One. Two?').map((part) => part.segment)).toEqual(['One. ', 'Two?']);
  });

  it('gives the first sentence, looking at one window only', () => {
    expect(firstSentence('Install it. Then run it.')).toBe('Install it. ');
    expect(firstSentence('先安装。再运行。')).toBe('先安装。');
    expect(firstSentence('')).toBe('');
    // no terminator in 10,000 characters: the first window's text
    expect(firstSentence('x'.repeat(10_000))).toHaveLength(SEGMENT_WINDOW);
  });

  it('cuts an unspaced run into dictionary words, keeping every character', () => {
    const parts = dictionaryWords('上传文件');
    expect(parts).toContain('文件');
    expect(parts.join('')).toBe('上传文件');
  });

  it('gives the word-like segments of segmentText for runs longer than a window, forced cuts included', () => {
    const wordLike = (text: string) => segmentText(words, text).flatMap((part) => (part.isWordLike ? [part.segment] : []));
    const cjk = '上传文件之前请先登录帐户然后选择目录'.repeat(600);
    expect(dictionaryWords(cjk)).toEqual(wordLike(cjk));
    expect(dictionaryWords(cjk).length).toBeGreaterThan(1000);
    // one "word" of 9,000 characters: cut at the window ends, pieces that are not word-like
    const solid = '𠀀'.repeat(4500);
    expect(dictionaryWords(solid)).toEqual(wordLike(solid));
  });
});
