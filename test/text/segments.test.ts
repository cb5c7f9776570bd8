import { describe, expect, it } from 'vitest';
import { SEGMENT_WINDOW, segmentText } from '../../src/text/segments.js';

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
