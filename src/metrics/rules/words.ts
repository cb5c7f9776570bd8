/** Scripts written without spaces between words: only these need a dictionary segmenter. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+/u;

/** Letter/number runs (with inner apostrophes), and runs of unspaced scripts. */
const RUNS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+|[\p{L}\p{N}\p{M}_]+(?:['’][\p{L}\p{N}\p{M}_]+)*/gu;

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/**
 * The lower-cased words of `text`. Runs of scripts written without spaces (Han,
 * kana, Thai, Lao, Khmer, Myanmar) go through `Intl.Segmenter` word segmentation
 * (ICU dictionaries, so CJK works); everything else is split on letter/number runs,
 * which gives the same words for spaced scripts about 100× faster (Intl.Segmenter
 * over a whole 1.4 MB docs corpus took ~5 s).
 */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(RUNS)) {
    const run = match[0].toLowerCase();
    if (!UNSPACED.test(run)) {
      words.push(run);
      continue;
    }
    for (const segment of segmenter.segment(run)) if (segment.isWordLike) words.push(segment.segment);
  }
  return words;
}
