import type { Root } from 'mdast';
import type { RuleComment } from '../types.js';
import { lineAt } from './lines.js';

/** Text that can hold a rule comment: the cheap test that spares a tree walk on almost every page. */
export const RULE_COMMENT_MARK = 'chunkgate-';

/** An HTML comment whose text starts with `chunkgate-<keyword>`. */
const HTML_COMMENT = /<!--\s*chunkgate-([\w-]*)([\s\S]*?)-->/g;
/** The body of an MDX expression that is only a `/* chunkgate-<keyword> … *\/` comment. */
const MDX_COMMENT = /^\s*\/\*\s*chunkgate-([\w-]*)([\s\S]*?)\*\/\s*$/;

type Node = { type: string; value?: unknown; children?: Node[]; position?: { start: { offset?: number } } };

/**
 * The rule comments of a parsed document, in source order: HTML comments (`html` nodes, block or
 * inline) and, in MDX, expressions holding only a block comment. Comments inside code blocks or
 * inline code are text, not comments, and are not found (the parser never makes them `html` nodes).
 */
export function ruleComments(tree: Root, lineStarts: readonly number[]): RuleComment[] {
  const found: RuleComment[] = [];
  const add = (keyword: string, rest: string, offset: number) =>
    found.push({ keyword, rules: rest.split(/[\s,]+/).filter((name) => name !== ''), line: lineAt(lineStarts, offset) });
  const visit = (node: Node): void => {
    const offset = node.position?.start.offset;
    if (typeof node.value === 'string' && offset !== undefined && node.value.includes(RULE_COMMENT_MARK)) {
      if (node.type === 'html') {
        for (const match of node.value.matchAll(HTML_COMMENT)) add(match[1]!, match[2]!, offset + match.index);
      } else if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
        const match = MDX_COMMENT.exec(node.value);
        if (match) add(match[1]!, match[2]!, offset);
      }
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  return found;
}

/** Every rule comment in a text, HTML or MDX form, with the blanks before it. */
const ANY_RULE_COMMENT = /\s*(?:<!--\s*chunkgate-[\w-]*[\s\S]*?-->|\{\s*\/\*\s*chunkgate-[\w-]*[\s\S]*?\*\/\s*\})/g;

/**
 * `text` without its rule comments: what is left once the markup addressed to chunkgate is
 * taken out, so a comment never makes a chunk look cut (`…retrieval. <!-- chunkgate-disable x -->`
 * still ends a sentence) or makes a chunk of its own look like text.
 */
export function withoutRuleComments(text: string): string {
  return text.includes(RULE_COMMENT_MARK) ? text.replace(ANY_RULE_COMMENT, '') : text;
}

/**
 * `text` with its rule comments replaced by spaces (same length, so offsets hold): for measures
 * that split text into sentences, where the comment's words are no sentence of the page.
 */
export function blankRuleComments(text: string): string {
  return text.includes(RULE_COMMENT_MARK) ? text.replace(ANY_RULE_COMMENT, (match) => match.replace(/[^\n]/g, ' ')) : text;
}
