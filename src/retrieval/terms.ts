import { dictionaryWords } from '../text/segments.js';
import { isUnspaced } from '../text/scripts.js';
import { wordRuns } from '../text/words.js';

/**
 * Search terms of `text` for BM25: lower-cased words of spaced scripts; runs in a script
 * written without spaces (Chinese, Japanese, Thai…) are cut into words by ICU's dictionary
 * (`dictionaryWords`), so "上传文件" matches "文件". Only those runs go through the segmenter:
 * it is slow on long text, so each distinct run is cut once per process ({@link cutRun}).
 * The one dictionary use of the code base (policy: `text/scripts.ts`).
 */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  for (const run of wordRuns(text)) {
    if (isUnspaced(run)) terms.push(...cutRun(run));
    else terms.push(run);
  }
  return terms;
}

/** Runs cut so far in this process → their words: the same runs recur in a document's chunks, queries and pages. */
const cuts = new Map<string, string[]>();
/** The memo holds at most this many runs (then starts again), … */
const MEMO_RUNS = 65_536;
/** … of at most this many code units (a longer run rarely recurs): some 15 MB at worst. */
const MEMO_RUN_LENGTH = 64;

/** `dictionaryWords(run)`, memoised: the segmenter gives the same words for the same run every time. */
function cutRun(run: string): string[] {
  let words = cuts.get(run);
  if (words === undefined) {
    words = dictionaryWords(run);
    if (run.length <= MEMO_RUN_LENGTH) {
      if (cuts.size >= MEMO_RUNS) cuts.clear();
      cuts.set(run, words);
    }
  }
  return words;
}

/** Empties the memo of cut runs (benchmarks: each round starts as a fresh process would). */
export function clearSearchTermMemo(): void {
  cuts.clear();
}
