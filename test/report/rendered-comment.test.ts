/**
 * The comment as a person sees it: rendered to HTML with remark-gfm the way GitHub renders it,
 * then checked for layout bugs — an unclosed `<details>`, a table row with the wrong number of
 * cells, a fence that swallows the rest of the comment.
 */
import type { Root, RootContent } from 'mdast';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { compareDoc } from '../../src/compare/diff-doc.js';
import { buildReport } from '../../src/compare/summary.js';
import { renderComment } from '../../src/report/comment.js';
import type { CommentContext } from '../../src/report/context.js';
import type { Report } from '../../src/types.js';
import { demoComparison, HOSTILE_PAIR } from '../helpers/browser.js';
import { chunk, doc, issue } from './factory.js';
import { CONTEXT, sampleReport, THRESHOLDS } from './sample.js';

interface Rendered {
  mdast: Root;
  html: string;
}

/** GitHub-like rendering: GFM, raw HTML kept as raw (GitHub sanitises it but keeps `<details>`). */
async function render(markdown: string): Promise<Rendered> {
  const mdast = unified().use(remarkParse).use(remarkGfm).parse(markdown);
  const hast = await unified().use(remarkRehype, { allowDangerousHtml: true }).run(mdast);
  const html = unified().use(rehypeStringify, { allowDangerousHtml: true }).stringify(hast);
  return { mdast, html };
}

function walk(node: Root | RootContent, visit: (node: Root | RootContent) => void): void {
  visit(node);
  if ('children' in node) for (const child of node.children) walk(child, visit);
}

/** Raw `<details>` / `</details>` tags in document order must nest properly and all close. */
function detailsBalance(html: string): { opened: number; balanced: boolean } {
  let depth = 0;
  let opened = 0;
  let balanced = true;
  for (const tag of html.match(/<\/?details\b[^>]*>/g) ?? []) {
    if (tag.startsWith('</')) depth -= 1;
    else {
      depth += 1;
      opened += 1;
    }
    if (depth < 0) balanced = false;
  }
  return { opened, balanced: balanced && depth === 0 };
}

/** The layout checks, with the number of excerpts (`<details>`) the body is expected to show. */
async function expectSound(body: string): Promise<Rendered> {
  const rendered = await render(body);
  const { mdast, html } = rendered;
  // Every <details> opens and closes as raw HTML (a swallowed one would be escaped inside <pre>).
  const details = detailsBalance(html);
  expect(details.balanced).toBe(true);
  expect(details.opened).toBe((body.match(/^<details><summary>/gm) ?? []).length);
  // Every table: each row has the header's number of cells, in the tree and in the HTML.
  const tables: number[][] = [];
  walk(mdast, (node) => {
    if (node.type === 'table') tables.push(node.children.map((row) => row.children.length));
  });
  for (const widths of tables) expect(new Set(widths).size).toBe(1);
  for (const table of html.match(/<table>[\s\S]*?<\/table>/g) ?? []) {
    const rows = table.match(/<tr>[\s\S]*?<\/tr>/g)!.map((row) => (row.match(/<t[hd][ >]/g) ?? []).length);
    expect(new Set(rows).size).toBe(1);
  }
  expect((html.match(/<table>/g) ?? []).length).toBe(tables.length);
  // No fence runs to the end: every code block ends before the footer, which renders as <sub>.
  const lastLine = body.trimEnd().split('\n').length;
  walk(mdast, (node) => {
    if (node.type === 'code') expect(node.position!.end.line).toBeLessThan(lastLine);
  });
  const last = mdast.children.at(-1)!;
  expect(last.type === 'html' || last.type === 'paragraph').toBe(true);
  expect(html.replace(/<pre>[\s\S]*?<\/pre>/g, '')).toMatch(/<sub>(?:[^<]* · )?Full report \(chunk map, report\.json\) via the/);
  return rendered;
}

/** A report whose chunk text and paths try to break the layout. */
function hostileReport(): Report {
  const text = 'Intro |a|b|\n\n```js\nopen fence never closed\n</details>\n<details>\n~~~~\n| x | y |\n@octocat #12 <!-- chunkgate -->';
  const head = doc('docs/we|ird`path.md', [
    chunk({ text, headingPath: ['A | B', '`code` *x*'], score: 20, startLine: 3, endLine: 9, issues: [issue('source-loss', 4)] }),
    chunk({ text: '</summary></details>\n```', index: 1, score: 30, startLine: 10, endLine: 12, issues: [issue('table-split', 10)] }),
  ]);
  const base = doc('docs/we|ird`path.md', [chunk({ text: 'old', score: 95, startLine: 3, endLine: 9 })]);
  const file = compareDoc({ path: 'docs/we|ird`path.md', status: 'modified', base, head }, THRESHOLDS);
  return buildReport({ version: '0.1.0', config: {}, scorer: 'heuristic', files: [file], failOn: ['regression'], partial: false, cost: null });
}

const WITH_CHARTS: CommentContext = { ...CONTEXT, charts: true, artifactUrl: 'https://github.com/acme/docs/actions/runs/1/artifacts/9' };

describe('the comment rendered like GitHub', () => {
  it('is sound for the demo, with its chart rendered as a mermaid code block', async () => {
    const { report } = await demoComparison([HOSTILE_PAIR]);
    const { mdast, html } = await expectSound(renderComment(report, WITH_CHARTS));
    const mermaid: string[] = [];
    walk(mdast, (node) => {
      if (node.type === 'code' && node.lang === 'mermaid') mermaid.push(node.value);
    });
    expect(mermaid).toHaveLength(1);
    expect(mermaid[0]).toContain('\nxychart-beta\n');
    // GitHub renders ```mermaid as a diagram from <pre lang="mermaid">; here: language-mermaid.
    expect(html).toContain('<code class="language-mermaid">');
    expect(html).toContain('<a href="https://github.com/acme/docs/actions/runs/1/artifacts/9">HTML chunk map</a>');
    // The injected script is text, never a tag.
    expect(html).not.toMatch(/<script/i);
  });

  it('is sound for the example situation', async () => {
    await expectSound(renderComment(sampleReport(), WITH_CHARTS));
  });

  it('is sound when chunk text and paths fight the layout', async () => {
    const body = renderComment(hostileReport(), WITH_CHARTS);
    const { html } = await expectSound(body);
    expect(html).not.toMatch(/<!-- chunkgate -->[\s\S]*<!-- chunkgate -->/);
  });

  it('is sound when truncated to a small limit', async () => {
    const { report } = await demoComparison();
    for (const maxLength of [1_500, 3_000, 6_000, 12_000]) {
      const body = renderComment(report, { ...WITH_CHARTS, maxLength });
      expect(body.length).toBeLessThan(maxLength);
      await expectSound(body);
    }
  });
});
