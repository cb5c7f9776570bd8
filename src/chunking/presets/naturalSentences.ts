/*
 * The sentence tokenizer LlamaIndex.TS bundles in @llamaindex/core 0.6.23 (node-parser), a port
 * of `natural`'s SentenceTokenizer. Copyright (c) 2024, Hugo W.L. ter Doest, MIT licence
 * (https://github.com/NaturalNode/natural). Reproduced step for step, quirks included, because
 * the `llamaindex-sentence` preset must cut where the library cuts.
 */

/** The abbreviations LlamaIndex.TS passes to the tokenizer (English then Spanish). */
const ABBREVIATIONS = [
  'i.e.', 'etc.', 'vs.', 'Inc.', 'A.S.A.P.', 'Mr.', 'Mrs.', 'Ms.', 'Dr.', 'Prof.', 'Sr.', 'Jr.', 'Tel.', 'a.m.', 'p.m.', 'Art.',
  'Sr.', 'Sres.', 'Srs.', 'Sra.', 'Sras.', 'Srta.', 'Srtas.', 'Dr.', 'Drs.', 'Dra.', 'Dras.', 'Prof.', 'Profs.', 'Profa.',
  'Profas.', 'Ing.', 'Lic.', 'Arq.', 'Ab.', 'Abs.',
];

const URI = /(https?:\/\/\S+|www\.\S+|ftp:\/\/\S+|(mailto:)?[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}|file:\/\/\S+)/gi;
const NUMBER = /\b\d{1,3}(?:,\d{3})*(?:\.\d+)?\b/g;
const DELIMITER = /([.?!… ]*)([.?!…])(["'”’)}\]]?)/g;

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Splits `text` into sentences like LlamaIndex.TS's `splitBySentenceTokenizer()` (no trimming of
 * sentences; empty sentences dropped at both ends): abbreviations, URIs and numbers are masked,
 * runs of `.?!…` (with a closing quote or bracket) end a sentence, then the masks are restored.
 * On an internal error the whole text is one sentence, as in the library.
 */
export function naturalSentences(text: string, extraAbbreviations: readonly string[] = []): string[] {
  try {
    return tokenize(text, [...ABBREVIATIONS, ...extraAbbreviations]);
  } catch {
    return [text];
  }
}

function tokenize(text: string, abbreviations: readonly string[]): string[] {
  let counter = 0;
  const replacements = new Map<string, string>();
  const delimiters = new Map<string, string>();
  const code = (base: string): string => `{{${base}_${counter++}}}`;
  let masked = text;
  if (abbreviations.length > 0) {
    const pattern = new RegExp(`(${abbreviations.map(escapeRegExp).join('|')})`, 'gi');
    masked = masked.replace(pattern, (match) => {
      const key = code('ABBREV');
      replacements.set(key, match);
      return key;
    });
  }
  masked = masked.replace(URI, (match) => {
    const key = code('URI');
    replacements.set(key, match);
    return key;
  });
  masked = masked.replace(NUMBER, (match) => {
    const key = code('NUMBER');
    replacements.set(key, match);
    return key;
  });
  masked = masked.replace(DELIMITER, (_match, p1: string, p2: string, p3: string) => {
    const key = code('DELIM');
    delimiters.set(key, p1 + p2 + p3);
    return key;
  });
  let sentences: string[];
  if (delimiters.size === 0) {
    sentences = [masked];
  } else {
    const parts = masked.split(new RegExp(`(${[...delimiters.keys()].map(escapeRegExp).join('|')})`));
    sentences = [];
    for (let index = 0; index < parts.length; index += 2) sentences.push(parts[index]! + (parts[index + 1] ?? ''));
  }
  const restored = sentences.map((sentence) => {
    let result = sentence;
    // Same order and `$`-pattern semantics as the library's global replaces; keys a sentence
    // does not hold are skipped (a replace of an absent key changes nothing).
    for (const [key, value] of replacements) if (result.includes(key)) result = result.replace(new RegExp(escapeRegExp(key), 'g'), value);
    for (const [key, value] of delimiters) if (result.includes(key)) result = result.replace(new RegExp(escapeRegExp(key), 'g'), value);
    return result;
  });
  while (restored[restored.length - 1] === '') restored.pop();
  while (restored[0] === '') restored.shift();
  return restored;
}
