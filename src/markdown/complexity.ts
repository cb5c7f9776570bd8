/**
 * Complexity caps checked before a file is parsed (docs/rules.md#files-chunkgate-cannot-check):
 * one linear pass over the source finds the shapes that make the Markdown parser take time far
 * beyond the file's size, so such a file is refused in milliseconds, with the line, whatever
 * the machine's load.
 *
 * - **Nesting** of lists and block quotes. The parser re-checks every open container on every
 *   line, and nests its tree (and its stack) as deep: a list nested 1,000 levels deep (1 MB)
 *   held a runner for 300 s, 10,000 nested quotes overflowed the stack.
 * - **Backtick runs.** A run of backticks opens inline code that only a run of the same length
 *   closes; the parser looks for it up to the end of the paragraph. Runs of every length from
 *   1 to 1,799 (1.6 MB) took 272 s. With runs of at most L backticks, at most L openers per
 *   paragraph can go unclosed, so parsing stays within L passes over a paragraph.
 *
 * - **Inline markers** (`*`, `_` and `~` runs, `[` and `]`). The parser resolves emphasis,
 *   strikethrough and links by walking back over the paragraph and splicing its list of tokens
 *   for each marker, so a paragraph costs about its markers × its length: 20,000 `a_ ` (60 KB)
 *   took 43 s, 20,000 `**b** c` (160 KB) 7 s. The cap is on that product, summed over the
 *   paragraphs (list items, headings and table rows each count apart, fenced code not at all).
 *
 * The scan follows CommonMark's container rules closely enough to count what the parser would
 * nest (block quote markers, list items by their content indent, fenced and indented code
 * opening nothing); it errs towards counting a level too many, never far too few.
 */

import { lineAt, lineStartsOf } from './lines.js';

/** The caps of {@link complexityExcess}. */
export interface ComplexityLimits {
  /** Deepest nesting of lists and block quotes (levels). */
  nesting: number;
  /** Longest run of backticks (characters). */
  backtickRun: number;
  /** Inline markers × the length of their paragraph, summed over the paragraphs, in millions. */
  inlineMarkers: number;
}

/** Defaults of `limits` in the config: far above ordinary pages (a few levels, runs of 3–6). */
export const DEFAULT_COMPLEXITY_LIMITS: ComplexityLimits = { nesting: 100, backtickRun: 64, inlineMarkers: 200 };

/** What went over a cap: the measure, the limit, and the 1-based line where it first went over. */
export interface ComplexityExcess {
  kind: 'nesting' | 'backtickRun' | 'inlineMarkers';
  /** The largest value in the file (deepest nesting, longest run), or the sum (inline markers, in millions, rounded up). */
  actual: number;
  limit: number;
  /** Line where the value first went over the limit (inline markers: where the heaviest paragraph starts). */
  line: number;
  /** The sentence the writer reads, e.g. `lists and block quotes nested 1,000 levels deep, over the limit of 100 (from line 103)`. */
  reason: string;
  hint: string;
}

/**
 * The first cap `source` goes over, or `null` when the file is within every cap. Linear in the
 * length of the source (one pass per cap).
 */
export function complexityExcess(source: string, limits: ComplexityLimits): ComplexityExcess | null {
  return nestingExcess(source, limits.nesting) ?? backtickExcess(source, limits.backtickRun) ?? markerExcess(source, limits.inlineMarkers);
}

/** Marker runs of one paragraph: a run of `*`, `_` or `~`, or a single `[` or `]`. */
const MARKERS = /[*]+|_+|~+|\[|\]/g;
/**
 * A line that ends the paragraph before it, after indentation and quote markers: a heading, or a
 * list item with text that may interrupt a paragraph (a bullet, or an ordered item numbered 1).
 * Anything else continues it, as the parser does (`2. x` or an empty `- ` does not interrupt).
 */
const PARAGRAPH_START = /^[ \t>]*(?:[-+*][ \t]+\S|1[.)][ \t]+\S|#{1,6}(?:[ \t]|$))/;
/** A block quote or list start: it ends a table. */
const BLOCK_START = /^[ \t]*(?:>|[-+*][ \t]|\d{1,9}[.)][ \t]|#{1,6}(?:[ \t]|$))/;
const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const FENCE_LINE = /^[ \t>]*(`{3,}|~{3,})/;

/** Inline markers × the length of their paragraph, summed, if over `limitMillions` million. */
function markerExcess(source: string, limitMillions: number): ComplexityExcess | null {
  const lineStarts = lineStartsOf(source);
  let total = 0;
  let heaviest = { work: 0, line: 0, markers: 0, length: 0 };
  let unit = { line: 0, markers: 0, length: 0 };
  const close = () => {
    const work = unit.markers * unit.length;
    total += work;
    if (work > heaviest.work) heaviest = { work, ...unit };
    unit = { line: 0, markers: 0, length: 0 };
  };
  let fence = '';
  let table = false;
  let previous = '';
  for (let index = 0; index < lineStarts.length; index++) {
    const line = lineText(source, lineStarts, index);
    const fenceMark = FENCE_LINE.exec(line)?.[1];
    if (fence) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = '';
      previous = line;
      continue;
    }
    if (fenceMark && !(fenceMark[0] === '`' && line.slice(line.indexOf(fenceMark) + fenceMark.length).includes('`'))) {
      close();
      table = false;
      fence = fenceMark;
      previous = line;
      continue;
    }
    if (indentAt(line, 0).end === line.length) {
      close();
      table = false;
      previous = line;
      continue;
    }
    if (table && BLOCK_START.test(line)) table = false;
    else if (!table && line.includes('|') && TABLE_DELIMITER.test(line) && cellCount(line) === cellCount(previous)) table = true;
    // Table rows (cells are parsed apart), list items and headings start their own paragraph.
    if (table || PARAGRAPH_START.test(line)) close();
    if (unit.line === 0) unit.line = index + 1;
    unit.length += line.length + 1;
    unit.markers += line.match(MARKERS)?.length ?? 0;
    previous = line;
  }
  close();
  const limit = limitMillions * 1e6;
  if (total <= limit) return null;
  const millions = Math.ceil(total / 1e6);
  return {
    kind: 'inlineMarkers',
    actual: millions,
    limit: limitMillions,
    line: heaviest.line,
    reason: `inline markers (* _ ~ [ ]) times the length of their paragraph add up to ${number(millions)} million, over the limit of ${number(limitMillions)} million (the heaviest paragraph, from line ${number(heaviest.line)}: ${number(heaviest.markers)} markers in ${number(heaviest.length)} characters)`,
    hint: `Split the paragraph, or use fewer emphasis and link markers in it: the parser walks back over the paragraph for each one. Or raise limits.inlineMarkers in the base branch's .chunkgate.yml.`,
  };
}

const number = (value: number) => value.toLocaleString('en-US');

/** The longest run of backticks, if longer than `limit`. */
function backtickExcess(source: string, limit: number): ComplexityExcess | null {
  let longest = 0;
  let firstOver = -1;
  for (let at = source.indexOf('`'); at !== -1; at = source.indexOf('`', at)) {
    let end = at + 1;
    while (source.charCodeAt(end) === 0x60) end++;
    const length = end - at;
    if (length > longest) longest = length;
    if (length > limit && firstOver === -1) firstOver = at;
    at = end;
  }
  if (firstOver === -1) return null;
  const line = lineAt(lineStartsOf(source), firstOver);
  return {
    kind: 'backtickRun',
    actual: longest,
    limit,
    line,
    reason: `a run of ${number(longest)} backticks, over the limit of ${number(limit)} (from line ${number(line)})`,
    hint: `Use runs of at most ${number(limit)} backticks (the parser looks for the closing run of each length to the end of the paragraph), or raise limits.backtickRun in the base branch's .chunkgate.yml.`,
  };
}

/** An open container while scanning: a block quote, or a list item with its content indent. */
type Container = { quote: true } | { quote: false; indent: number };

/** The deepest nesting of lists and block quotes, if deeper than `limit`. */
function nestingExcess(source: string, limit: number): ComplexityExcess | null {
  const stack: Container[] = [];
  /** Index of the outermost block quote in `stack` (−1: none): a blank line closes it and all inside. */
  let firstQuote = -1;
  const truncate = (length: number) => {
    stack.length = length;
    if (firstQuote >= length) firstQuote = -1;
  };
  let deepest = 0;
  let firstOverLine = 0;
  /** Containers a fenced code block is inside of, while in one (−1: not in a fence). */
  let fenceDepth = -1;
  let fenceMarker = '';
  const lineStarts = lineStartsOf(source);
  for (let index = 0; index < lineStarts.length; index++) {
    const lineNumber = index + 1;
    const line = lineText(source, lineStarts, index);
    if (indentAt(line, 0).end === line.length) {
      // A blank line: list items stay open, block quotes (unmarked here) end; a fence goes on.
      if (firstQuote !== -1) truncate(firstQuote);
      if (fenceDepth > stack.length) fenceDepth = -1;
      continue;
    }
    let at = 0;
    // Continue the open containers: a list item takes its content indent of the line's
    // indentation (measured once, not once per container), a block quote its marker.
    let indent = indentAt(line, 0);
    let matched = 0;
    for (; matched < stack.length; matched++) {
      const container = stack[matched]!;
      if (container.quote) {
        if (indent.width > 3 || line[indent.end] !== '>') break;
        at = indent.end + 1;
        if (line[at] === ' ' || line[at] === '\t') at++;
        indent = indentAt(line, at);
      } else {
        if (indent.end === line.length) {
          matched = stack.length;
          break;
        }
        if (indent.width < container.indent) break;
        at = skipColumns(line, at, container.indent);
        indent = { width: indent.width - container.indent, end: indent.end };
      }
    }
    if (fenceDepth !== -1) {
      if (matched >= fenceDepth) {
        if (closesFence(line.slice(at), fenceMarker)) fenceDepth = -1;
        continue;
      }
      fenceDepth = -1;
    }
    // Open new containers.
    let opened = 0;
    for (;;) {
      const indent = indentAt(line, at);
      if (indent.width > 3) break;
      const rest = indent.end;
      if (line[rest] === '>') {
        if (opened === 0) truncate(matched);
        if (firstQuote === -1) firstQuote = stack.length;
        stack.push({ quote: true });
        at = rest + 1;
        if (line[at] === ' ' || line[at] === '\t') at++;
      } else {
        const marker = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/.exec(line.slice(rest, rest + 11));
        if (!marker || (marker[0].length === 1 && /^([-*_])[ \t]*(?:\1[ \t]*){2,}$/.test(line.slice(rest)))) break;
        const afterMarker = rest + marker[0].length;
        const spaces = indentAt(line, afterMarker);
        const empty = spaces.end === line.length || spaces.width > 4;
        if (opened === 0) truncate(matched);
        stack.push({ quote: false, indent: indent.width + marker[0].length + (empty ? 1 : spaces.width) });
        at = empty ? Math.min(line.length, afterMarker + 1) : spaces.end;
      }
      opened++;
      if (stack.length > deepest) deepest = stack.length;
      if (stack.length > limit && firstOverLine === 0) firstOverLine = lineNumber;
    }
    // A line that opens nothing and leaves containers unmatched continues a paragraph lazily
    // (or starts one in an outer container): the containers are kept, erring towards depth.
    const fence = /^ {0,3}(`{3,}|~{3,})/.exec(line.slice(at));
    if (fence && !(fence[1]![0] === '`' && line.slice(at + fence[0].length).includes('`'))) {
      fenceDepth = stack.length;
      fenceMarker = fence[1]!;
    }
  }
  if (firstOverLine === 0) return null;
  return {
    kind: 'nesting',
    actual: deepest,
    limit,
    line: firstOverLine,
    reason: `lists and block quotes nested ${number(deepest)} levels deep, over the limit of ${number(limit)} (from line ${number(firstOverLine)})`,
    hint: `Flatten the lists and block quotes to at most ${number(limit)} levels (readers and docs sites follow a few; the parser's time grows with the depth on every line), or raise limits.nesting in the base branch's .chunkgate.yml.`,
  };
}

/** Cells of a table row: `|`-separated, leading and trailing `|` not counting, `\\|` not separating. */
function cellCount(line: string): number {
  const cells = line.trim().replace(/\\\|/g, '').split('|');
  if (cells[0] === '') cells.shift();
  if (cells.length > 1 && cells.at(-1) === '') cells.pop();
  return cells.length;
}

/** Line `index` (0-based) of `source` without its line ending. */
function lineText(source: string, lineStarts: readonly number[], index: number): string {
  let end = index + 1 < lineStarts.length ? lineStarts[index + 1]! : source.length;
  if (end > lineStarts[index]! && source.charCodeAt(end - 1) === 0x0a) end--;
  if (end > lineStarts[index]! && source.charCodeAt(end - 1) === 0x0d) end--;
  return source.slice(lineStarts[index], end);
}

/** The width in columns (tabs to the next multiple of 4) of the spaces and tabs from `at`, and where they end. */
function indentAt(line: string, at: number): { width: number; end: number } {
  let width = 0;
  let end = at;
  for (; end < line.length; end++) {
    const char = line.charCodeAt(end);
    if (char === 0x20) width++;
    else if (char === 0x09) width += 4 - (width % 4);
    else break;
  }
  return { width, end };
}

/** The offset `columns` columns of indentation past `at` (a tab counts to the next multiple of 4). */
function skipColumns(line: string, at: number, columns: number): number {
  let width = 0;
  let end = at;
  while (end < line.length && width < columns) {
    width += line.charCodeAt(end) === 0x09 ? 4 - (width % 4) : 1;
    end++;
  }
  return end;
}

function closesFence(rest: string, marker: string): boolean {
  const closing = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(rest);
  return closing !== null && closing[1]![0] === marker[0] && closing[1]!.length >= marker.length;
}

