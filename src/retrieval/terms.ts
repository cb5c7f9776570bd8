import { dictionaryWords } from '../text/segments.js';
import { isUnspaced } from '../text/scripts.js';
import { wordRuns } from '../text/words.js';

/**
 * Search terms of `text` for BM25: lower-cased words of spaced scripts; runs in a script
 * written without spaces (Chinese, Japanese, Thai…) are cut into words by ICU's dictionary
 * (`dictionaryWords`), so "上传文件" matches "文件". Only those runs go through the segmenter:
 * it is slow on long text. The one dictionary use of the code base (policy: `text/scripts.ts`).
 */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  for (const run of wordRuns(text)) {
    if (isUnspaced(run)) terms.push(...dictionaryWords(run));
    else terms.push(run);
  }
  return terms;
}
