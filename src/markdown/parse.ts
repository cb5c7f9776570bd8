import type { Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { parse as parseYaml } from 'yaml';
import type { Block, BlockKind, ParsedDoc, Span } from '../types.js';
import { plainYamlTitle } from './frontmatter-title.js';
import { expandIndentedBodies } from './indented-bodies.js';
import { lineStartsOf, lineAt } from './lines.js';
import { nestedCode } from './nested-code.js';
import { RULE_COMMENT_MARK, ruleComments } from './rule-comments.js';
import { mergeShortcodeCode } from './shortcodes.js';
import { capTitle } from './title.js';

const markdownParser = unified().use(remarkParse).use(remarkFrontmatter, ['yaml', 'toml']).use(remarkGfm).freeze();
const mdxParser = unified().use(remarkParse).use(remarkFrontmatter, ['yaml', 'toml']).use(remarkGfm).use(remarkMdx).freeze();

const ATOMIC: ReadonlySet<BlockKind> = new Set(['table', 'code', 'html', 'jsx', 'expression', 'esm', 'math']);

/** Options for {@link parseMarkdown}. */
export interface ParseOptions {
  /** Parse as MDX (JSX blocks, expressions, ESM) (default: `true` when `path` ends in `.mdx`). */
  mdx?: boolean;
}

/**
 * Front matter longer than this (UTF-16 code units) is still metadata, kept out of the chunks,
 * but not read for its `title`: YAML parsing takes time quadratic in the number of keys
 * (1.9 MB of keys took more than 120 s, docs/rules.md#files-chunkgate-cannot-check).
 */
const FRONTMATTER_LIMIT = 64 * 1024;

/** Something the parser left out for its size: a finding for the report (the shell adds origin and gating). */
export interface ParseLimit {
  kind: 'frontmatter-too-large';
  severity: 'medium';
  message: string;
  hint: string;
  line: number;
  endLine: number;
  actual: number;
  expected: number;
}

/** The parsed document plus anything the parser had to work around. */
export interface ParseResult {
  doc: ParsedDoc;
  /** Human-readable notes, e.g. an MDX file that only parsed as plain Markdown. */
  warnings: string[];
  /** Parts left unparsed for their size (front matter above {@link FRONTMATTER_LIMIT}). */
  limits: ParseLimit[];
}

/**
 * Parses Markdown (remark + GFM + front matter, MDX for `.mdx`) into top-level
 * blocks that keep their source offsets and lines. An `.mdx` file that is not valid MDX is
 * parsed as Markdown with a warning. Throws only when the parser itself breaks down (a stack
 * overflow on thousands of nested block quotes); the engine reports that file as unchecked.
 */
export function parseMarkdown(path: string, source: string, options: ParseOptions = {}): ParseResult {
  const wantMdx = options.mdx ?? path.toLowerCase().endsWith('.mdx');
  const warnings: string[] = [];
  const limits: ParseLimit[] = [];
  let tree: Root;
  if (wantMdx) {
    try {
      tree = mdxParser.parse(source);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      warnings.push(`${path}: not valid MDX (${reason}); parsed as plain Markdown`);
      tree = markdownParser.parse(source);
    }
  } else {
    tree = markdownParser.parse(source);
  }
  const lineStarts = lineStartsOf(source);
  let frontmatter: ParsedDoc['frontmatter'] = null;
  const blocks: Block[] = [];
  for (const node of tree.children) {
    const position = node.position;
    if (!position || position.start.offset === undefined || position.end.offset === undefined) continue;
    const span = { start: position.start.offset, end: position.end.offset };
    const type = node.type as string;
    if (type === 'yaml' || type === 'toml') {
      if (blocks.length === 0 && frontmatter === null) {
        const value = (node as { value: string }).value;
        if (value.length > FRONTMATTER_LIMIT) {
          frontmatter = span;
          limits.push(frontmatterLimit(span, value.length, lineStarts));
        } else frontmatter = { ...span, ...frontmatterTitle(type, value) };
      }
      continue;
    }
    const kind = kindOf(node);
    if (!kind) continue;
    blocks.push(toBlock(node, kind, span, source, lineStarts));
  }
  // MkDocs admonition, tab and definition bodies are indented Markdown, not code.
  const expanded = wantMdx ? blocks : expandIndentedBodies(blocks, source, lineStarts, (text) => blocksOf(markdownParser.parse(text), text));
  // Hugo shortcodes that wrap code are one code block.
  const merged = wantMdx ? expanded : mergeShortcodeCode(expanded, source, lineStarts);
  const doc: ParsedDoc = { path, source, lineStarts, frontmatter, blocks: merged };
  if (source.includes(RULE_COMMENT_MARK)) {
    const comments = ruleComments(tree, lineStarts);
    if (comments.length > 0) doc.ruleComments = comments;
  }
  return { doc, warnings, limits };
}

function frontmatterLimit(span: Span, length: number, lineStarts: number[]): ParseLimit {
  return {
    kind: 'frontmatter-too-large',
    severity: 'medium',
    message: `Unexpected ${length}-character front matter, expected at most ${FRONTMATTER_LIMIT}: not read for its title`,
    hint: 'Keep front matter to metadata (title, description, tags); move data into the page body or a data file.',
    line: lineAt(lineStarts, span.start),
    endLine: lineAt(lineStarts, Math.max(span.start, span.end - 1)),
    actual: length,
    expected: FRONTMATTER_LIMIT,
  };
}

/** The blocks of a tree parsed from `text` (no front matter expected: a body inside the document). */
function blocksOf(tree: Root, text: string): Block[] {
  const lineStarts = lineStartsOf(text);
  const blocks: Block[] = [];
  for (const node of tree.children) {
    const position = node.position;
    if (!position || position.start.offset === undefined || position.end.offset === undefined) continue;
    const kind = (node.type as string) === 'yaml' || (node.type as string) === 'toml' ? undefined : kindOf(node);
    if (kind) blocks.push(toBlock(node, kind, { start: position.start.offset, end: position.end.offset }, text, lineStarts));
  }
  return blocks;
}

function kindOf(node: RootContent): BlockKind | undefined {
  switch (node.type) {
    case 'heading':
    case 'paragraph':
    case 'list':
    case 'table':
    case 'code':
    case 'html':
    case 'blockquote':
    case 'thematicBreak':
    case 'definition':
    case 'footnoteDefinition':
      return node.type;
    case 'mdxJsxFlowElement':
      return 'jsx';
    case 'mdxFlowExpression':
      return 'expression';
    case 'mdxjsEsm':
      return 'esm';
    default:
      // `math` and any other flow node a plugin adds are kept whole.
      return (node.type as string) === 'math' ? 'math' : 'paragraph';
  }
}

function toBlock(node: RootContent, kind: BlockKind, span: Span, source: string, lineStarts: number[]): Block {
  const block: Block = {
    kind,
    start: span.start,
    end: span.end,
    startLine: lineAt(lineStarts, span.start),
    endLine: lineAt(lineStarts, Math.max(span.start, span.end - 1)),
    atomic: ATOMIC.has(kind),
  };
  if (node.type === 'heading') {
    block.depth = node.depth;
    block.title = capTitle(toString(node));
  } else if (node.type === 'table') {
    block.rows = node.children.flatMap((row) => spanOf(row) ?? []);
  } else if (node.type === 'list') {
    block.items = node.children.flatMap((item) => spanOf(item) ?? []);
  } else if (node.type === 'code') {
    block.fence = codeLayout(source, span, lineStarts);
  }
  if (node.type !== 'code') {
    const fences = nestedCode(node);
    if (fences.length > 0) block.fences = fences;
  }
  return block;
}

function spanOf(node: { position?: { start: { offset?: number }; end: { offset?: number } } }): Span | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? undefined : { start, end };
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Splits a code block into its opening fence, content lines and closing fence. */
function codeLayout(source: string, span: Span, lineStarts: number[]): NonNullable<Block['fence']> {
  const lines: Span[] = [];
  const first = lineAt(lineStarts, span.start);
  const last = lineAt(lineStarts, Math.max(span.start, span.end - 1));
  for (let line = first; line <= last; line++) {
    const start = Math.max(span.start, lineStarts[line - 1] ?? 0);
    const next = lineStarts[line];
    let end = next === undefined ? source.length : next - 1;
    if (end > 0 && source[end - 1] === '\r') end -= 1;
    lines.push({ start, end: Math.min(end, span.end) });
  }
  const opening = FENCE.exec(source.slice(lines[0]!.start, lines[0]!.end));
  if (!opening) return { open: null, lines, close: null };
  const marker = opening[1]!;
  const open = lines.shift()!;
  const tail = lines.at(-1);
  const closing = tail ? /^ {0,3}(`{3,}|~{3,})\s*$/.exec(source.slice(tail.start, tail.end)) : null;
  const closes = closing !== null && closing[1]![0] === marker[0] && closing[1]!.length >= marker.length;
  const close = closes ? lines.pop()! : null;
  return { open, lines, close };
}

function frontmatterTitle(type: 'yaml' | 'toml', value: string): { title?: string } {
  if (type === 'toml') {
    const match = /^title\s*=\s*["']?(.+?)["']?\s*$/m.exec(value);
    return match ? { title: capTitle(match[1]!) } : {};
  }
  const plain = plainYamlTitle(value);
  if (plain !== undefined) return plain === '' ? {} : { title: plain };
  try {
    const data: unknown = parseYaml(value);
    if (data && typeof data === 'object' && 'title' in data) {
      const title = (data).title;
      if (typeof title === 'string' && title.trim()) return { title: capTitle(title) };
    }
  } catch {
    // Broken front matter is still front matter; it just has no title.
  }
  return {};
}
