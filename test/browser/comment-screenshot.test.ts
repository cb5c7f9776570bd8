/**
 * The PR comment as a reader sees it: the demo's comment (charts on, as the action posts it)
 * rendered the way GitHub renders Markdown (remark-gfm to HTML, raw `<details>` and `<sub>`
 * kept), opened in headless Chromium and photographed. The assertions are on what is drawn: the
 * headline in the DOM, the rows of "What this PR breaks" laid out with height and text, the
 * collapsed pieces block opening to its three pieces, and a screenshot that is a real picture
 * (the PNG's size is the page's, and it is not one flat colour). Screenshots go to
 * test-output/browser/. Skipped without Chromium, like the other browser tests.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config/types.js';
import { renderComment } from '../../src/report/comment.js';
import { demoComparison, hasChromium, launchBrowser, outputPath, type TestBrowser } from '../helpers/browser.js';
import { CONTEXT } from '../report/sample.js';

/** GitHub-like rendering: GFM, raw HTML kept as raw (GitHub sanitises it but keeps `<details>`, `<sub>`, `<code>`). */
async function renderMarkdown(markdown: string): Promise<string> {
  const file = await unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).use(rehypeStringify, { allowDangerousHtml: true }).process(markdown);
  return String(file);
}

/** A page shaped like a GitHub comment box (about 900 px of text, bordered tables); no script may run. */
function page(html: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>chunkgate comment</title>
<style>
  body { margin: 0; background: #ffffff; color: #1f2328; font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; }
  .comment { max-width: 880px; margin: 16px; padding: 16px; border: 1px solid #d1d9e0; border-radius: 6px; }
  table { border-collapse: collapse; display: block; overflow: auto; }
  th, td { border: 1px solid #d1d9e0; padding: 6px 13px; vertical-align: top; }
  tr:nth-child(2n) { background: #f6f8fa; }
  code { background: #eff1f3; border-radius: 4px; padding: 0.2em 0.4em; font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; }
  pre { background: #f6f8fa; padding: 16px; overflow: auto; }
  pre code { background: none; padding: 0; }
</style></head>
<body><div class="comment">${html}</div></body></html>`;
}

/** What the browser's own PNG decoder sees in a screenshot: size, distinct colours, and the share of dark (text) pixels. */
async function pixels(target: Page, png: Buffer): Promise<{ width: number; height: number; colours: number; dark: number }> {
  // Run in the page (the test's TypeScript has no DOM types): the browser decodes the PNG onto a canvas.
  const measure = `async (base64) => {
    const image = new Image();
    image.src = 'data:image/png;base64,' + base64;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const colours = new Set();
    let dark = 0;
    for (let offset = 0; offset < data.length; offset += 4) {
      colours.add((data[offset] << 16) | (data[offset + 1] << 8) | data[offset + 2]);
      if (data[offset] + data[offset + 1] + data[offset + 2] < 3 * 128) dark += 1;
    }
    return { width: canvas.width, height: canvas.height, colours: colours.size, dark: dark / (data.length / 4) };
  }`;
  return target.evaluate(`(${measure})(${JSON.stringify(png.toString('base64'))})`);
}

describe.skipIf(!hasChromium)('the PR comment rendered like GitHub, in headless Chromium', () => {
  let browser: TestBrowser;
  let tab: Page;
  let url: string;
  let markdown: string;
  const requests: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    const { report } = await demoComparison();
    // As the action renders it: charts on, the header naming the config's chunking (max 320).
    markdown = renderComment(report, { ...CONTEXT, chunking: (report.config as Config).chunking, charts: true });
    const file = outputPath('comment.html');
    writeFileSync(file, page(await renderMarkdown(markdown)));
    url = pathToFileURL(file).href;
    browser = await launchBrowser({ width: 960, height: 900 });
    // Anything but the page itself is recorded and refused.
    await browser.context.route('**/*', (route) => {
      if (route.request().url() === url) return route.continue();
      requests.push(route.request().url());
      return route.abort();
    });
    tab = await browser.context.newPage();
    tab.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    tab.on('pageerror', (error) => errors.push(error.message));
    await tab.goto(url, { waitUntil: 'load' });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the title, then the headline as bold text in the DOM', async () => {
    expect(await tab.locator('.comment > :first-child').innerText()).toBe('🧩 chunkgate — RAG chunk quality');
    // The verdict the Markdown holds (its counts are the report model's), drawn bold on the next line.
    const verdict = /^❌ \*\*(Fails: [^*]+)\*\* in (\d+) of (\d+) changed Markdown files/m.exec(markdown)!;
    expect(verdict[1]).toContain('1 table split');
    const headline = tab.locator('.comment > :nth-child(2)');
    expect(await headline.locator('strong').innerText()).toBe(verdict[1]);
    expect(await headline.innerText()).toContain(`in ${verdict[2]} of 3 changed Markdown files`);
    expect(await headline.innerText()).toContain('max 320 / min 48 tokens');
    expect((await headline.boundingBox())!.height).toBeGreaterThan(10);
  });

  it('lays out the "What this PR breaks" table: a header and one row per problem, each with height and its four cells of text', async () => {
    const heading = tab.locator('h3', { hasText: 'What this PR breaks' });
    expect(await heading.isVisible()).toBe(true);
    const table = tab.locator('h3:has-text("What this PR breaks") + table');
    const rows = await table
      .locator('tr')
      .evaluateAll((all) => all.map((row) => ({ height: row.getBoundingClientRect().height, cells: [...row.children].map((cell) => (cell.textContent ?? '').trim()) })));
    // One row per problem the Markdown lists, the settings table cut into 3 pieces among them.
    const after = markdown.slice(markdown.indexOf('### ❌ What this PR breaks')).split('\n').slice(1);
    const listed = after.slice(0, after.findIndex((line) => !line.startsWith('|'))).slice(2);
    expect(listed.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(1 + listed.length);
    expect(rows[0]!.cells).toEqual(['Where', 'What happened', 'Before → after', 'What to do']);
    const split = rows.findIndex((row) => row.cells[0] === 'docs/deploy.md L34–L63 · Deploying the agent › Settings');
    expect(split).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.height).toBeGreaterThan(10);
      expect(row.cells).toHaveLength(4);
      for (const cell of row.cells) expect(cell.length).toBeGreaterThan(0);
    }
    expect(rows[split]!.cells[2]).toBe('1 chunk → 3 pieces · overall 100 → 59');
    // The row is drawn, not just present: its picture holds text (dark pixels) on its background.
    const shot = await table.locator('tr').nth(split).screenshot({ path: outputPath('comment-row.png') });
    const row = await pixels(tab, shot);
    expect(row.width).toBeGreaterThan(100);
    expect(row.colours).toBeGreaterThan(2);
    expect(row.dark).toBeGreaterThan(0.005);
  });

  it('opens the pieces block to the three pieces of the table', async () => {
    const details = tab.locator('details', { hasText: 'the 3 pieces of the table' });
    const block = details.locator('pre');
    expect(await block.isVisible()).toBe(false);
    await details.locator('summary').click();
    expect(await block.isVisible()).toBe(true);
    const lines = (await block.innerText()).trim().split('\n');
    expect(lines.map((line) => /^piece (\d)\/3 (L\d+–L\d+)/.exec(line)?.slice(1, 3))).toEqual([
      ['1', 'L34–L46'],
      ['2', 'L47–L56'],
      ['3', 'L57–L63'],
    ]);
    expect((await block.boundingBox())!.height).toBeGreaterThan(3 * 10);
  });

  it('carries the split table’s chart as a mermaid block (GitHub draws it) under the charts heading', async () => {
    expect(await tab.locator('h3', { hasText: 'Chunk sizes' }).isVisible()).toBe(true);
    const chart = tab.locator('pre code.language-mermaid');
    expect(await chart.count()).toBe(1);
    expect(await chart.innerText()).toContain('bar [0, 0, 296, 304, 217]');
  });

  it('photographs as a real picture: the page’s size, many colours, text on a white page', async () => {
    const png = await tab.screenshot({ path: outputPath('comment.png'), fullPage: true });
    // A PNG, as wide as the viewport and as tall as the page.
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const height = await tab.evaluate<number>('document.documentElement.scrollHeight');
    const shot = await pixels(tab, png);
    expect([shot.width, shot.height]).toEqual([960, height]);
    expect(shot.height).toBeGreaterThan(400);
    // Not blank and not one flat colour: text in many anti-aliased shades, mostly white page.
    expect(shot.colours).toBeGreaterThan(50);
    expect(shot.dark).toBeGreaterThan(0.005);
    expect(shot.dark).toBeLessThan(0.5);
    expect(markdown.length).toBeGreaterThan(0);
  });

  it('logs no console errors and requests nothing beyond the page', () => {
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
  });
});
