import type { Block, Span } from '../types.js';
import { lineAt } from './lines.js';

/**
 * A Hugo shortcode that opens a pair, alone on its line: `{{< clients-example set_tutorial hset >}}`,
 * `{{% tab header="toml" %}}`. Groups: delimiter (`<` or `%`), name, arguments. A self-closing one
 * (`{{< tab disabled=true />}}`) and a Hugo comment (`{{</` then `*`) open nothing.
 */
const OPENING = /^ {0,3}\{\{([<%])-?[ \t]*([A-Za-z][\w./-]*)((?:[ \t][^\n]*?)?)[ \t]*-?([<%>])\}\}[ \t]*$/;

/** A shortcode name that says its body is code (`highlight`, `clients-example`, `card-code`, `code-block`, …). */
const CODE_NAME = /(?:^|[-_./])(?:highlight|code|codeblock|example|examples|snippet|terminal|console|shell)(?:$|[-_./])/i;

/** Arguments that say the body is code: a language (`lang="toml"`, `langEqualsHeader=true`, `language=go`) or `code=true`. */
const CODE_ARGS = /(?:^|\s)(?:lang\w*|language)\s*=|(?:^|\s)code\s*=\s*"?true/i;

/** `text=true`: Docsy's tab panes render their bodies as Markdown, not code. */
const TEXT_ARG = /(?:^|\s)text\s*=\s*"?true/i;

interface Opening {
  delimiter: '<' | '%';
  name: string;
  args: string;
}

/** The shortcode a line opens, or `null`. */
function openingOf(line: string): Opening | null {
  const match = OPENING.exec(line);
  if (!match) return null;
  const [, delimiter, name, args = '', closer] = match;
  const expected = delimiter === '<' ? '>' : '%';
  if (closer !== expected || /\/\s*-?$/.test(args) || args.trimStart().startsWith('/*')) return null;
  return { delimiter: delimiter as '<' | '%', name: name!, args: args.trim() };
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The text of every line of `source` with its span (line break excluded). */
function linesOf(source: string, lineStarts: readonly number[]): Span[] {
  return lineStarts.map((start, index) => {
    const next = lineStarts[index + 1];
    let end = next === undefined ? source.length : next - 1;
    if (end > start && source[end - 1] === '\r') end -= 1;
    return { start, end: Math.max(start, end) };
  });
}

/**
 * Whether a shortcode pair wraps code: a raw-bodied (`{{< >}}`) shortcode whose name says
 * code (`highlight`, `clients-example`) or whose arguments name a language (`lang=`, `code=true`),
 * on itself or on a shortcode nested in it, unless it says `text=true`; or any pair whose body,
 * nested shortcode lines aside, is fenced code only.
 */
function wrapsCode(opening: Opening, nested: Opening[], bodyBlocks: readonly Block[], bodyIsShortcodes: (block: Block) => boolean): boolean {
  const content = bodyBlocks.filter((block) => !bodyIsShortcodes(block));
  if (content.length > 0 && content.every((block) => block.kind === 'code')) return true;
  if (TEXT_ARG.test(opening.args)) return false;
  return [opening, ...nested].some(
    (entry) => entry.delimiter === '<' && !TEXT_ARG.test(entry.args) && (CODE_NAME.test(entry.name) || CODE_ARGS.test(entry.args)),
  );
}

/**
 * Reads each top-level Hugo shortcode pair that wraps code — `{{< clients-example … >}}` …
 * `{{< /clients-example >}}`, `{{< highlight go >}}` … `{{< /highlight >}}`, a Docsy `{{< tabpane >}}`
 * of `lang=` tabs — as one atomic code block: CommonMark reads its body as prose, a
 * `> command` line as a block quote and a `# comment` as a heading, so a chunk boundary fell
 * between the opening shortcode and its body, or between a command and its output, unseen. The
 * block's layout is that of a fenced block: the opening shortcode line, the body lines, the
 * closing shortcode line, so an oversize pair splits like code (every piece re-wrapped) and a cut
 * inside it is a `code-fence-split`. A pair is merged when its opening line starts a block and its
 * matching closing line (same name, nesting counted) ends one; shortcodes around prose
 * (`{{% alert %}}`, `text=true` tab panes) are left as they are. Returns `blocks` itself when
 * nothing was merged.
 */
export function mergeShortcodeCode(blocks: Block[], source: string, lineStarts: readonly number[]): Block[] {
  if (!source.includes('{{')) return blocks;
  const lines = linesOf(source, lineStarts);
  const text = (line: number): string => source.slice(lines[line - 1]!.start, lines[line - 1]!.end);
  const isShortcodeLine = (line: string): boolean => /^\s*\{\{[<%].*[%>]\}\}\s*$/.test(line);
  const bodyIsShortcodes = (block: Block): boolean =>
    source
      .slice(block.start, block.end)
      .split('\n')
      .every((line) => line.trim() === '' || isShortcodeLine(line));
  const result: Block[] = [];
  let merged = false;
  for (let index = 0; index < blocks.length; index += 1) {
    const block = blocks[index]!;
    const opening = block.kind === 'code' ? null : openingOf(text(block.startLine));
    const lineStart = lines[block.startLine - 1]!.start;
    if (!opening || source.slice(lineStart, block.start).trim() !== '') {
      result.push(block);
      continue;
    }
    const close = closingLine(opening, block.startLine, lines.length, text);
    const last = close === null ? -1 : blocks.findIndex((candidate, at) => at >= index && candidate.endLine === close);
    if (close === null || last === -1 || source.slice(blocks[last]!.end, lines[close - 1]!.end).trim() !== '') {
      result.push(block);
      continue;
    }
    const nested: Opening[] = [];
    for (let line = block.startLine + 1; line < close; line += 1) {
      const inner = openingOf(text(line));
      if (inner) nested.push(inner);
    }
    const body = blocks.slice(index, last + 1).filter((item) => item.startLine > block.startLine || item.endLine < close);
    const bodyOnly = body.map((item) => trimmedToBody(item, block.startLine, close, lines, source));
    if (!wrapsCode(opening, nested, bodyOnly.filter((item): item is Block => item !== null), bodyIsShortcodes)) {
      result.push(block);
      continue;
    }
    const bodyLines: Span[] = [];
    for (let line = block.startLine + 1; line < close; line += 1) bodyLines.push(lines[line - 1]!);
    result.push({
      kind: 'code',
      start: block.start,
      end: lines[close - 1]!.end,
      startLine: block.startLine,
      endLine: lineAt(lineStarts, Math.max(block.start, lines[close - 1]!.end - 1)),
      atomic: true,
      fence: { open: { start: block.start, end: lines[block.startLine - 1]!.end }, lines: bodyLines, close: { start: lines[close - 1]!.start, end: lines[close - 1]!.end } },
    });
    merged = true;
    index = last;
  }
  return merged ? result : blocks;
}

/** The line of the shortcode closing the one opened on line `from` (same name, nested pairs of that name counted), or `null`. */
function closingLine(opening: Opening, from: number, count: number, text: (line: number) => string): number | null {
  const close = new RegExp(`^\\s*\\{\\{[<%]-?\\s*\\/${escape(opening.name)}\\s*-?[%>]\\}\\}\\s*$`);
  let depth = 1;
  for (let line = from + 1; line <= count; line += 1) {
    const current = text(line);
    if (close.test(current)) {
      depth -= 1;
      if (depth === 0) return line;
    } else if (openingOf(current)?.name === opening.name) depth += 1;
  }
  return null;
}

/** A block of the pair without its opening and closing shortcode lines, or `null` when it holds only those. */
function trimmedToBody(block: Block, openLine: number, closeLine: number, lines: readonly Span[], source: string): Block | null {
  const startLine = Math.max(block.startLine, openLine + 1);
  const endLine = Math.min(block.endLine, closeLine - 1);
  if (startLine > endLine) return null;
  const start = Math.max(block.start, lines[startLine - 1]!.start);
  const end = Math.min(block.end, lines[endLine - 1]!.end);
  return source.slice(start, end).trim() === '' ? null : { ...block, start, end, startLine, endLine };
}
