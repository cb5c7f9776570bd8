/**
 * Script classes: the one place that says which characters belong to which writing system.
 *
 * ## Text policy
 *
 * Every score, finding and comparison must be the same on every runner: the CLI supports Node 20,
 * the action runs on Node 24, and the two ship different ICU data. So:
 *
 * 1. **Words come from one regex** ({@link ./words.ts}): lower-cased runs of letters, digits, marks
 *    and `_` (`cache_dir`; an apostrophe splits) for scripts written with spaces, and one token per
 *    character for scripts written without them ({@link UNSPACED_CLASS}). No dictionary: metrics,
 *    rules, similarity and shingles never call `Intl.Segmenter` for words, because its word
 *    boundaries for Chinese, Japanese and Thai come from ICU dictionaries that change between
 *    ICU versions, and one regex pass is ~10× faster.
 * 2. **Script classes are Unicode script properties** (`\p{Script=Han}`…), not hand-typed block
 *    ranges: they cover every CJK extension and the compatibility ideographs, and the property
 *    data only grows (a character assigned in a newer Unicode version than the runner's is the
 *    one possible difference; Node 20 and Node 24 both know Unicode 15.1).
 * 3. **`Intl.Segmenter` is used for sentences** (UAX #29 rules, not dictionaries; a line whose
 *    characters all have a class in `./segments.ts`'s tables — ASCII, Latin-1 letters, Han, CJK
 *    punctuation — is broken by the same rules without it, tested equal) and for one
 *    dictionary case: BM25 search terms of unspaced runs (`retrieval/terms.ts`), where a query
 *    must find "文件" inside "上传文件". Base and head are always searched in the same process,
 *    so the comparison is unaffected; an absolute retrieval number may differ by a rank between
 *    Node versions on Chinese or Japanese text.
 * 4. **`Intl.Segmenter` only runs in bounded windows** (`segmentText`, {@link ./segments.ts}):
 *    V8's segment iterator is quadratic in the length of the string it walks. Every segmenter is
 *    created in `src/text/segments.ts`; a test pins that no other file under `src/` creates one
 *    or defines a script class.
 *
 * Not covered by this policy: the chunking presets that reproduce a library's own splitting
 * (LangChain, LlamaIndex, natural), which must match that library character for character.
 */

const script = (name: string): string => `\\p{Script=${name}}`;

/**
 * Chinese and Japanese letters: Han (every extension block, the compatibility ideographs, 々 and
 * 〇), Hiragana, Katakana (with its halfwidth forms) and Bopomofo, plus the kana marks of the
 * Common script that are only ever written inside kana words: the prolonged sound mark ー / ｰ
 * and the halfwidth voicing marks ﾞ ﾟ (without them "サーバー" would fall apart into runs).
 */
const CHINESE_JAPANESE = ['Han', 'Hiragana', 'Katakana', 'Bopomofo'].map(script).join('') + '\\u30FC\\uFF70\\uFF9E\\uFF9F';

/** Southeast Asian scripts written without spaces between words. */
const SOUTHEAST_ASIAN = ['Thai', 'Lao', 'Myanmar', 'Khmer'].map(script).join('');

/**
 * Body of a regex character class (no brackets, `u` flag) for scripts written without spaces
 * between words: {@link CHINESE_JAPANESE} and Thai, Lao, Myanmar, Khmer. Hangul is not in it:
 * Korean separates words with spaces, so a Korean word is a word like an English one (one token
 * per syllable would make a 5-token shingle two words long and match unrelated text).
 */
export const UNSPACED_CLASS = CHINESE_JAPANESE + SOUTHEAST_ASIAN;

/** Body of a character class for the letters of Chinese, Japanese and Korean (Hangul). */
const CJK_CLASS = CHINESE_JAPANESE + script('Hangul');

/**
 * Letters and digits of unspaced scripts: script radicals, punctuation and symbols of those
 * scripts (`。`, `⺀`, `၊`, `฿`) are not word characters.
 */
const UNSPACED_START = new RegExp(`^(?=[\\p{L}\\p{N}])[${UNSPACED_CLASS}]`, 'u');
const CJK_LETTERS = new RegExp(`(?=\\p{L})[${CJK_CLASS}]`, 'gu');
const LETTERS = /\p{L}/gu;

/**
 * Below the Thai block (U+0E00) no character is a letter or digit of {@link UNSPACED_CLASS}
 * (the class's only earlier characters, Bopomofo's tone marks U+02EA–02EB, are symbols).
 */
const FIRST_UNSPACED = 0x0e00;

/**
 * Whether `text` starts with a letter or digit of a script written without spaces (Han, kana,
 * Bopomofo, Thai, Lao, Myanmar, Khmer). A token of {@link ./words.ts} is unspaced exactly when
 * this holds for it.
 */
export function isUnspaced(text: string): boolean {
  // Most words start below U+0E00 and are answered without the regex (docs/design.md#speed). Empty text
  // (`NaN`) and surrogate pairs (≥ U+D800) fall through to it.
  if (text.charCodeAt(0) < FIRST_UNSPACED) return false;
  return UNSPACED_START.test(text);
}

/**
 * The share of the letters of `text` that are Chinese, Japanese or Korean (Han, kana, Bopomofo,
 * Hangul), `0` for text without letters.
 */
export function cjkShare(text: string): number {
  const letters = text.match(LETTERS)?.length ?? 0;
  return letters === 0 ? 0 : (text.match(CJK_LETTERS)?.length ?? 0) / letters;
}
