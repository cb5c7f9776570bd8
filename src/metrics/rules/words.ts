/** Letter/number runs, with inner apostrophes (`don't`). */
const RUNS = /[\p{L}\p{N}\p{M}_]+(?:['’][\p{L}\p{N}\p{M}_]+)*/gu;

/**
 * Scripts written without spaces between words, by block: CJK radicals to Yi
 * (Han, kana, bopomofo…), CJK compatibility ideographs, Thai, Lao, Myanmar, Khmer.
 */
const UNSPACED = /[\u2E80-\uA4CF\uF900-\uFAFF\u0E00-\u0EFF\u1000-\u109F\u1780-\u17FF]/;

/**
 * The lower-cased words of `text`: letter/number runs as they are, and for runs in a
 * script written without spaces (Han, kana, Thai, …) every character on its own — as
 * the heuristic content scorer tokenizes. Dictionary segmentation (`Intl.Segmenter`)
 * would cost ~10× more here and depends on the ICU data of the Node build, which would
 * make the report differ between runners.
 */
export function wordsOf(text: string): string[] {
  // `match` with a global pattern lists the runs without a match object per run.
  const lower = text.toLowerCase();
  const runs = lower.match(RUNS);
  if (runs === null) return [];
  if (!UNSPACED.test(lower)) return runs;
  const words: string[] = [];
  for (const run of runs) {
    if (UNSPACED.test(run)) words.push(...run);
    else words.push(run);
  }
  return words;
}
