/**
 * The HTML chunk map in real headless Chromium: one band per chunk, regressed bands in the fail
 * colour, regression links that scroll to their band, no console errors, no requests beyond the
 * page itself, and injected `<script>` that never runs. Screenshots go to test-output/browser/.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRADE_COLORS, renderHtmlReport } from '../../src/report/html/index.js';
import type { Report } from '../../src/types.js';
import { demoComparison, hasChromium, HOSTILE_PAIR, launchBrowser, outputPath, type TestBrowser } from '../helpers/browser.js';

/** `#cf222e` → `rgb(207, 34, 46)`, as getComputedStyle reports colours. */
function rgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${value >> 16}, ${(value >> 8) & 255}, ${value & 255})`;
}

describe.skipIf(!hasChromium)('HTML report in headless Chromium', () => {
  let browser: TestBrowser;
  let page: Page;
  let report: Report;
  let url: string;
  const requests: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    const comparison = await demoComparison([HOSTILE_PAIR]);
    report = comparison.report;
    const file = outputPath('report.html');
    writeFileSync(file, renderHtmlReport({ report, sources: comparison.sources, baseSha: 'a1b2c3d4e5f6', headSha: 'f6e5d4c3b2a1' }));
    url = pathToFileURL(file).href;
    browser = await launchBrowser();
    // Anything but the page itself is recorded and refused, so a leak cannot reach the network.
    await browser.context.route('**/*', (route) => {
      if (route.request().url() === url) return route.continue();
      requests.push(route.request().url());
      return route.abort();
    });
    page = await browser.context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      if (request.url() !== url) requests.push(request.url());
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.screenshot({ path: outputPath('report-top.png') });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('draws one band per chunk on each side of each file', async () => {
    const drawn = await page.$$eval('section.file', (sections) =>
      sections.map((section) => ({
        path: section.getAttribute('data-path'),
        base: section.querySelectorAll('.side.base .band').length,
        head: section.querySelectorAll('.side.head .band').length,
      })),
    );
    expect(drawn).toHaveLength(report.files.length);
    for (const file of report.files) {
      expect(drawn.find((entry) => entry.path === file.path)).toEqual({
        path: file.path,
        base: file.base?.chunks.length ?? 0,
        head: file.head?.chunks.length ?? 0,
      });
    }
    // The demo's deploy.md alone: 4 base chunks, and the grown table splits the head into more.
    expect(drawn.find((entry) => entry.path === 'docs/deploy.md')!.base).toBeGreaterThan(0);
  });

  it('paints a failing regressed chunk in the fail colour', async () => {
    const failing = report.files.flatMap((file) => file.regressions.filter((regression) => regression.head.grade === 'fail'));
    expect(failing.length).toBeGreaterThan(0);
    const colours = await page.evaluate<[string, string][]>(
      "[...document.querySelectorAll('.band.reg')].map((band) => [band.getAttribute('data-grade'), getComputedStyle(band).backgroundColor])",
    );
    // Every regression of the report is outlined; the failing ones are red.
    expect(colours).toHaveLength(report.summary.regressions);
    const red = colours.filter(([grade]) => grade === 'fail').map(([, colour]) => colour);
    expect(red.length).toBe(failing.length);
    for (const colour of red) expect(colour).toBe(rgb(GRADE_COLORS.fail));
  });

  it('scrolls to a regressed band when its link in the list is clicked, and shows its details', async () => {
    await page.evaluate('window.scrollTo(0, 0)');
    const link = page.locator('ol.regressions a.jump').last();
    const target = (await link.getAttribute('href'))!.slice(1);
    const band = page.locator(`[id="${target}"]`);
    const viewport = page.viewportSize()!;
    const before = (await band.boundingBox())!;
    expect(before.y).toBeGreaterThan(viewport.height);
    await link.click();
    await page.waitForFunction(`location.hash === '#${target}'`);
    const after = (await band.boundingBox())!;
    expect(after.y).toBeGreaterThanOrEqual(-1);
    expect(after.y).toBeLessThan(viewport.height);
    expect(await band.getAttribute('class')).toContain('sel');
    expect(await page.locator('#panel-body').innerText()).toContain('Regressed');
    await page.screenshot({ path: outputPath('report-regression.png') });
  });

  it('shows a clicked chunk’s metrics, tokens and heading path in the panel', async () => {
    await page.locator('section.file[data-path="docs/deploy.md"] .side.head .band').first().click();
    const text = await page.locator('#panel-body').innerText();
    expect(text).toContain('tokens');
    expect(text).toContain('semantic_coherence');
    expect(text).toContain('Deploying the agent');
  });

  it('never runs injected script and shows it as text', async () => {
    expect(await page.evaluate('typeof window.__pwned')).toBe('undefined');
    expect(await page.locator('script').count()).toBe(1);
    expect(await page.locator('img, iframe').count()).toBe(0);
    const evil = page.locator('section.file').filter({ hasText: 'A harmless page' }).locator('.side.head .src');
    expect(await evil.innerText()).toContain('<script>window.__pwned = 2</script>');
  });

  it('logs no console errors and requests nothing beyond the page', () => {
    expect(errors).toEqual([]);
    expect(requests).toEqual([]);
  });
});
