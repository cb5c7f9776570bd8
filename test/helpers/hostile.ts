/**
 * Generators of hostile inputs (docs/rules.md#files-chunkgate-cannot-check): small files that used to take
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

/** A list nested `depth` levels deep, each item indented two spaces more than its parent (1,000 levels: 1 MB). */
export function deepList(depth: number): string {
  const lines: string[] = [];
  for (let level = 0; level < depth; level++) lines.push(`${'  '.repeat(level)}- item ${level}`);
  return `# List\n\n${lines.join('\n')}\n`;
}

/** One paragraph of `count` numeric character references `&#123;` and nothing else (70,000 held a runner 300 s). */
export function numericEntities(count: number): string {
  return `# Entities\n\n${'&#123;'.repeat(count)}\n`;
}

/** One paragraph of `*a **b ` repeated `count` times: emphasis openers that never close. */
export function emphasisStorm(count: number): string {
  return `# Emphasis\n\n${'*a **b '.repeat(count).trimEnd()}\n`;
}

/** One paragraph of backtick runs of every length from 1 to `longest`, none closed (1…1,799: 1.6 MB, 272 s). */
export function backtickRuns(longest: number): string {
  const runs: string[] = [];
  for (let length = 1; length <= longest; length++) runs.push(`${'`'.repeat(length)} a`);
  return `# Backticks\n\n${runs.join(' ')}\n`;
}

/** Chinese prose of `bytes` characters in paragraphs of about 2,000 characters (an ordinary long page: 1.8 MB must be checked). */
export function cjkPage(bytes: number): string {
  const sentence = '这是一个用于测试的中文句子，包含常见的汉字和标点。';
  const paragraph = sentence.repeat(Math.ceil(2000 / sentence.length));
  const paragraphs: string[] = [];
  for (let size = 0, index = 0; size < bytes; index++) {
    const part = index % 20 === 0 ? `## 第${index / 20 + 1}节\n\n${paragraph}` : paragraph;
    paragraphs.push(part);
    size += part.length + 2;
  }
  return `# 中文页面\n\n${paragraphs.join('\n\n')}\n`;
}
