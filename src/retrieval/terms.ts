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
  return termsOf(text, dictionaryWords);
}

/**
 * {@link searchTerms} for many texts of one document (its chunks and their queries, where
 * heading paths and short runs repeat): each distinct unspaced run is cut once, as it would be
 * wherever it occurs.
 */
export function searchTermsOfOneDocument(): (text: string) => string[] {
  const runs = new Map<string, string[]>();
  const cut = (run: string): string[] => {
    let words = runs.get(run);
    if (!words) runs.set(run, (words = dictionaryWords(run)));
    return words;
  };
  return (text) => termsOf(text, cut);
}

function termsOf(text: string, cut: (run: string) => string[]): string[] {
  const terms: string[] = [];
  for (const run of wordRuns(text)) {
    if (isUnspaced(run)) terms.push(...cut(run));
    else terms.push(run);
  }
  return terms;
}
