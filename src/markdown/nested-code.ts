import type { RootContent } from 'mdast';
import type { Span } from '../types.js';

/**
 * Node types whose children are phrasing content (or table rows of it) only. A fenced or
 * indented code block is flow content, so it can never sit below one of these: the walk
 * for nested code skips them instead of visiting every text node of every paragraph.
 * Any type not listed (lists, items, block quotes, footnotes, JSX flow elements, plugin
 * nodes) is walked.
 */
const NO_FLOW_INSIDE: ReadonlySet<string> = new Set([
  'paragraph',
  'heading',
  'table',
  'tableRow',
  'tableCell',
  'thematicBreak',
  'definition',
  'html',
  'code',
  'math',
  'mdxFlowExpression',
  'mdxjsEsm',
  'yaml',
  'toml',
]);

/** Spans of the code blocks anywhere inside `node` (list items, blockquotes, JSX children), in source order. */
export function nestedCode(node: RootContent): Span[] {
  const spans: Span[] = [];
  const visit = (parent: { children?: unknown[] }): void => {
    for (const child of (parent.children ?? []) as RootContent[]) {
      if (child.type === 'code') {
        const start = child.position?.start.offset;
        const end = child.position?.end.offset;
        if (start !== undefined && end !== undefined) spans.push({ start, end });
      } else if (!NO_FLOW_INSIDE.has(child.type) && 'children' in child) visit(child);
    }
  };
  if (!NO_FLOW_INSIDE.has(node.type) && 'children' in node) visit(node);
  return spans;
}
