/**
 * Generators of the hostile inputs of issue 10 items 5–7: small files that used to take
 * quadratic time, blow up the report or overflow the stack. Each returns Markdown text of
 * about `bytes` UTF-16 code units (ASCII and CJK alike), deterministic.
 */

/** A heading, then one run of `a` with no space at all (160 KB took 24 s in the tokenizer). */
export function lettersWithoutSpaces(bytes: number): string {
  return `# Run\n\n${'a'.repeat(bytes)}\n`;
}

/** A heading, then one paragraph of short sentences and no line break (950 KB took 73 s in Intl.Segmenter). */
export function longParagraph(bytes: number): string {
  const sentence = 'The quick fox jumps. ';
  return `# Paragraph\n\n${sentence.repeat(Math.ceil(bytes / sentence.length)).trimEnd()}\n`;
}

/** The same in Chinese: sentences of four characters and a full stop, no space anywhere. */
export function longCjkParagraph(bytes: number): string {
  return `# 段落\n\n${'中文字符。'.repeat(Math.ceil(bytes / 5))}\n`;
}

/** YAML front matter of `key<n>: v` lines (1.9 MB took more than 120 s to parse), then a short body. */
export function frontMatterKeys(bytes: number): string {
  const lines: string[] = [];
  for (let size = 0, index = 0; size < bytes; index++) {
    const line = `key${index}: v`;
    lines.push(line);
    size += line.length + 1;
  }
  return `---\n${lines.join('\n')}\n---\n\n# Page\n\nA short body.\n`;
}

/** One ATX heading of `bytes` characters of words (a 36 KB heading gave a 408 MB report), then a body. */
export function hugeHeading(bytes: number): string {
  const words: string[] = [];
  for (let size = 0, index = 0; size < bytes; index++) {
    const word = `word${index % 10}`;
    words.push(word);
    size += word.length + 1;
  }
  return `# ${words.join(' ')}\n\nThe body of the section.\n`;
}

/** `> ` nested `depth` times before one letter (10,000 levels in 20 KB overflowed the stack). */
export function deepBlockQuotes(depth: number): string {
  return `${'> '.repeat(depth)}x\n`;
}
