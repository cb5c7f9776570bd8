/** Letter/number runs, with inner apostrophes (`don't`). */
const RUNS = /[\p{L}\p{N}\p{M}_]+(?:['’][\p{L}\p{N}\p{M}_]+)*/gu;

/**
 * Scripts written without spaces between words, by block: CJK radicals to Yi
 * (Han, kana, bopomofo…), CJK compatibility ideographs, Thai, Lao, Myanmar, Khmer.
 * Plain ranges: a `\p{Script=…}` test per word costs more than the segmentation.
 */
const UNSPACED = /[\u2E80-\uA4CF\uF900-\uFAFF\u0E00-\u0EFF\u1000-\u109F\u1780-\u17FF]/;

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/**
 * The lower-cased words of `text`. Letter/number runs that contain a script
 * written without spaces (Han, kana, Thai, Lao, Khmer, Myanmar) go through
 * `Intl.Segmenter` word segmentation (ICU dictionaries, so CJK works); other runs
 * are words as they are. Same words as segmenting everything, about 100× faster:
 * Intl.Segmenter over a whole 1.4 MB docs corpus took ~5 s.
 */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const match of text.toLowerCase().matchAll(RUNS)) {
    const run = match[0];
    if (!UNSPACED.test(run)) {
      words.push(run);
      continue;
    }
    for (const segment of segmenter.segment(run)) if (segment.isWordLike) words.push(segment.segment);
  }
  return words;
}
