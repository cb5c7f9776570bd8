import { segmentText } from '../text/segments.js';

/** Letter/number runs. */
const RUNS = /[\p{L}\p{N}_]+/gu;
/** Scripts written without spaces (Han, kana, Hangul syllables are spaced but CJK-adjacent). */
const UNSPACED = /[\u2E80-\u9FFF\uF900-\uFAFF\u3040-\u30FF]/;

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/**
 * Search terms of `text` for BM25: lower-cased letter/number runs; runs in a script
 * written without spaces (Chinese, Japanese) are cut into words by `Intl.Segmenter`, so
 * "上传文件" matches "文件". Only those runs go through the segmenter: it is slow on
 * long text.
 */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  for (const match of text.toLowerCase().matchAll(RUNS)) {
    const run = match[0];
    if (!UNSPACED.test(run)) {
      terms.push(run);
      continue;
    }
    for (const segment of segmentText(segmenter, run)) if (segment.isWordLike) terms.push(segment.segment);
  }
  return terms;
}
