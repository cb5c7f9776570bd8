/**
 * Content terms and sentence units of the content metrics. Tokens come from the one word
 * tokenizer (`text/words.ts`; policy in `text/scripts.ts`): CJK text is handled without a
 * dictionary, one token per character, and content terms are character bigrams.
 */
import { isUnspaced } from '../../text/scripts.js';
import type { Tokens } from '../../text/words.js';

/** Function words that say nothing about a topic (English). */
const STOPWORDS = new Set(
  (
    'the and for are but not you your yours with this that these those from have has had was were will ' +
    'would can could should may might must shall its it’s into onto than then them they their there here ' +
    'when where which while who whom whose what why how all any each every both few more most other some ' +
    'such only own same too very just also use used using via per out off over under again once about above ' +
    'below after before between through during until against does did doing done being been our ours we ' +
    'his her hers him she he one two get gets set sets see make makes like able need needs want if else'
  ).split(' '),
);

/** CJK characters that mostly act as particles or pronouns: bigrams holding one carry no topic. */
const CJK_STOP_CHARS = new Set([...'的了是在和与或及就都也把被我你他她它们这那个之其该此为对从将']);

/** Frequent CJK function bigrams. */
const CJK_STOP_BIGRAMS = new Set([
  '可以', '如果', '需要', '进行', '通过', '以及', '因此', '但是', '所以', '然后', '例如', '或者',
  '已经', '没有', '一个', '不是', '时候', '如下', '以下', '所示', '并且', '而且', '同时', '另外',
]);

/**
 * The content terms of a token range `[from, to)`: spaced-script words of 3+ characters
 * that are not stopwords (a plural `s` dropped, so "chunks" matches "chunk"), and
 * bigrams of adjacent unspaced-script characters (adjacent in the text) without particles.
 */
export function contentTerms(tokens: Tokens, from = 0, to = tokens.words.length): string[] {
  const terms: string[] = [];
  for (let index = from; index < to; index++) {
    const word = tokens.words[index]!;
    if (isUnspaced(word)) {
      const next = index + 1 < to ? tokens.words[index + 1]! : '';
      const adjacent = tokens.starts[index + 1] === tokens.ends[index] && isUnspaced(next);
      if (!adjacent || CJK_STOP_CHARS.has(word) || CJK_STOP_CHARS.has(next)) continue;
      const bigram = word + next;
      if (!CJK_STOP_BIGRAMS.has(bigram)) terms.push(bigram);
      continue;
    }
    if (word.length < 3 || STOPWORDS.has(word) || /^\d+$/.test(word)) continue;
    terms.push(word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word);
  }
  return terms;
}

/** Sentence terminators (ASCII and full-width). */
const TERMINATORS = '.!?。！？；;';

/** Closing quotes, brackets and inline markup that may follow a terminator: `end."` or `。」`. */
export const CLOSERS = '"\'”’)）」』】]*_`';

/**
 * Whether the text before `end` (whitespace and {@link CLOSERS} skipped) ends with a
 * sentence terminator (`.!?。！？；;`). A `.` only counts after a non-digit, so
 * "version 1." and "1.5" are not sentence ends but "done." is.
 */
export function endsSentence(text: string, end = text.length): boolean {
  let at = end;
  while (at > 0 && /\s/.test(text[at - 1]!)) at -= 1;
  while (at > 0 && CLOSERS.includes(text[at - 1]!)) at -= 1;
  if (at === 0) return false;
  const last = text[at - 1]!;
  if (!TERMINATORS.includes(last)) return false;
  return last !== '.' || (at >= 2 && !/\d/.test(text[at - 2]!));
}

/**
 * Splits text into sentence-like units as `[start, end)` ranges: a fenced code block
 * or a run of table lines is one unit; headings and list items start a unit; blank
 * lines end one; inside prose a unit ends after `.!?` followed by a space, or after
 * `。！？；`. Units hold at least one non-space character.
 */
export function sentenceUnits(text: string): Array<[number, number]> {
  const units: Array<[number, number]> = [];
  let unitStart = -1;
  let fence: string | null = null;
  let inTable = false;
  const close = (end: number): void => {
    if (unitStart >= 0 && /\S/.test(text.slice(unitStart, end))) units.push([unitStart, end]);
    unitStart = -1;
  };
  const cut = (at: number): void => {
    close(at);
    unitStart = at;
  };
  let lineStart = 0;
  while (lineStart < text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    const trimmed = line.trim();
    const fenceMatch = /^(`{3,}|~{3,})/.exec(trimmed);
    // What the line does, applied below in one order (docs/design.md#speed: one call site per step, all of
    // them met by the first lines, so a table or fence met later does not deoptimise the caller).
    let closesBefore = false;
    let opens = false;
    let prose = false;
    let closesAfter = false;
    if (fence !== null) {
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length) {
        closesAfter = true;
        fence = null;
      }
    } else if (fenceMatch) {
      closesBefore = true;
      opens = true;
      fence = fenceMatch[1]!;
    } else if (trimmed.startsWith('|')) {
      closesBefore = !inTable;
      opens = true;
      inTable = true;
    } else {
      closesBefore = inTable || trimmed === '';
      inTable = false;
      if (trimmed !== '') {
        if (/^(#{1,6}\s|[-*+]\s|\d+[.)]\s|>)/.test(trimmed)) closesBefore = true;
        opens = true;
        prose = true;
        closesAfter = /^#{1,6}\s/.test(trimmed);
      }
    }
    if (closesBefore) close(lineStart);
    if (opens && unitStart < 0) unitStart = lineStart;
    if (prose) splitProse(text, lineStart, lineEnd, cut);
    if (closesAfter) close(lineEnd);
    lineStart = lineEnd + 1;
  }
  close(text.length);
  return units;
}

/** Calls `cut(at)` at each sentence end inside the prose line `text[start, end)`. */
function splitProse(text: string, start: number, end: number, cut: (at: number) => void): void {
  // Every character of a chunk's prose passes here: codes, not one-character strings (docs/design.md#speed).
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code === FULL_STOP || code === FULL_EXCLAMATION || code === FULL_QUESTION || code === FULL_SEMICOLON) {
      let next = at + 1;
      while (next < end && CLOSERS.includes(text[next]!)) next += 1;
      if (next < end) cut(next);
    } else if ((code === 0x2e || code === 0x21 || code === 0x3f) && /\s/.test(text[at + 1] ?? '') && at + 1 < end && (code !== 0x2e || !/\d/.test(text[at - 1] ?? ''))) {
      cut(at + 1);
    }
  }
}

/** `。！？；`: full-width terminators, which end a sentence without a following space. */
const FULL_STOP = 0x3002;
const FULL_EXCLAMATION = 0xff01;
const FULL_QUESTION = 0xff1f;
const FULL_SEMICOLON = 0xff1b;
