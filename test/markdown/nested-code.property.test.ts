import fc from 'fast-check';
import type { Root, RootContent } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { nestedCode } from '../../src/markdown/nested-code.js';
import type { Span } from '../../src/types.js';

const markdown = unified().use(remarkParse).use(remarkFrontmatter, ['yaml', 'toml']).use(remarkGfm).freeze();
const mdx = unified().use(remarkParse).use(remarkFrontmatter, ['yaml', 'toml']).use(remarkGfm).use(remarkMdx).freeze();

/** The walk nestedCode replaced: every node of every block, no type skipped. */
function everyNodeWalk(node: RootContent): Span[] {
  const spans: Span[] = [];
  const visit = (parent: { children?: unknown[] }): void => {
    for (const child of (parent.children ?? []) as RootContent[]) {
      if (child.type === 'code') {
        const start = child.position?.start.offset;
        const end = child.position?.end.offset;
        if (start !== undefined && end !== undefined) spans.push({ start, end });
      } else if ('children' in child) visit(child);
    }
  };
  if ('children' in node) visit(node);
  return spans;
}

/** Lines that open, hold or close every container and leaf remark + GFM + MDX know. */
const LINE = fc.constantFrom(
  '',
  '# Heading with `code`',
  'Setext title',
  '===',
  'Some *text* with `inline code` and <b>html</b> and [a link](x).',
  '- item',
  '* item',
  '1. item',
  '- [ ] task',
  '> quote',
  '> ```js',
  '> ```',
  '```js',
  '```',
  '~~~',
  '    indented code',
  '| a | b |',
  '| --- | --- |',
  '| `x` | y |',
  '<div>',
  '</div>',
  '<Tabs>',
  '</Tabs>',
  '<Tab label="x">',
  '</Tab>',
  '{props.value}',
  'import X from "y"',
  '[^1]: a footnote',
  '[ref]: https://example.com',
  '---',
  '***',
  'text[^1] and ~~strike~~',
);
const DOC = fc
  .array(fc.tuple(fc.constantFrom('', '  ', '    ', '   ', '\t', '> ', '- ', '1. '), LINE), { maxLength: 40 })
  .map((lines) => lines.map(([indent, line]) => indent + line).join('\n'));

function agreeOn(tree: Root): void {
  for (const node of tree.children) expect(nestedCode(node)).toEqual(everyNodeWalk(node));
}

describe('nestedCode', () => {
  it('finds the code blocks inside lists, quotes, footnotes and JSX, in source order', () => {
    const source = '- a\n\n  ```js\n  x\n  ```\n\n> ```\n> y\n> ```\n';
    const tree = markdown.parse(source);
    expect(nestedCode(tree.children[0]!)).toEqual([{ start: 7, end: 22 }]);
    expect(nestedCode(tree.children[1]!)).toEqual([{ start: 26, end: 39 }]);
    const jsx = mdx.parse('<Tabs>\n\n```sh\nnpm i\n```\n\n</Tabs>\n');
    expect(nestedCode(jsx.children[0]!)).toEqual([{ start: 8, end: 23 }]);
  });

  it('equals the every-node walk on Markdown', () => {
    fc.assert(fc.property(DOC, (source) => agreeOn(markdown.parse(source))), { numRuns: 400 });
  });

  it('equals the every-node walk on MDX', () => {
    fc.assert(
      fc.property(DOC, (source) => {
        let tree: Root;
        try {
          tree = mdx.parse(source);
        } catch {
          return;
        }
        agreeOn(tree);
      }),
      { numRuns: 400 },
    );
  });
});
