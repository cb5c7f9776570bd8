import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { renderHtmlReport } from '../../src/report/html/index.js';
import { escapeText } from '../../src/report/html/escape.js';
import { sectionHistogram } from '../../src/report/html/histogram.js';
import { CONTENT_SECURITY_POLICY, SCRIPT } from '../../src/report/html/script.js';
import { assignLanes, sourceView } from '../../src/report/html/source-view.js';
import { demoComparison, HOSTILE_PAIR } from '../helpers/browser.js';
import { chunk, doc } from './factory.js';
import { sampleReport } from './sample.js';

function count(text: string, pattern: RegExp): number {
  return (text.match(pattern) ?? []).length;
}

describe('escapeText', () => {
  it('turns markup characters into entities and keeps line feeds', () => {
    expect(escapeText(`<a href="x" title='y'>&</a>\r\nnext\u0000`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;\nnext\uFFFD');
  });
});

describe('assignLanes', () => {
  it('puts line-sharing neighbours side by side and reuses free lanes', () => {
    // 1–5 → lane 0; 5–8 shares line 5 → lane 1; 9–10 → lane 0 again (it ended on 5 < 9).
    expect(assignLanes([{ startLine: 1, endLine: 5 }, { startLine: 5, endLine: 8 }, { startLine: 9, endLine: 10 }])).toEqual({ lanes: [0, 1, 0], count: 2 });
    expect(assignLanes([])).toEqual({ lanes: [], count: 1 });
  });
});

describe('sourceView', () => {
  const source = '# A\n\nOne. Two.\n';
  // Chunk 0 = "# A\n\nOne." (offsets 0–9, lines 1–3); chunk 1 = "Two." (10–14, line 3).
  const chunks = [
    chunk({ text: '# A\n\nOne.', index: 0, startOffset: 0, endOffset: 9, startLine: 1, endLine: 3, score: 90 }),
    chunk({ text: 'Two.', index: 1, startOffset: 10, endOffset: 14, startLine: 3, endLine: 3, score: 40 }),
  ];
  const view = sourceView({ prefix: 'f0-head', doc: doc('a.md', chunks), text: source, regressed: new Set([1]) });

  it('draws one band per chunk over its lines, in lanes, coloured by grade', () => {
    expect(count(view, /class="band /g)).toBe(2);
    expect(view).toContain('class="band g-pass" id="f0-head-c0"');
    expect(view).toContain('grid-row: 1 / 4; grid-column: 2');
    expect(view).toContain('class="band g-fail reg" id="f0-head-c1"');
    expect(view).toContain('grid-row: 3 / 4; grid-column: 3');
  });

  it('marks where each chunk starts and ends on the text, mid-line too', () => {
    // Line 3 "One. Two.": end of chunk 0 after "One.", start marker of chunk 1 before "Two.".
    const line3 = view.split('\n').find((line) => line.includes('grid-row: 3; grid-column: 4'))!;
    expect(line3).toMatch(/One\.<span class="end"[^>]*><\/span> <span class="cut g-fail" data-ref="f0-head-c1"[^>]*>2<\/span>Two\./);
    // Source has 4 lines (the last one empty).
    expect(count(view, /class="n"/g)).toBe(4);
  });

  it('rebuilds lines from chunk texts when the source is missing', () => {
    const rebuilt = sourceView({ prefix: 'p', doc: doc('a.md', chunks), text: null, regressed: new Set() });
    expect(rebuilt).toContain('# A');
    expect(count(rebuilt, /class="band /g)).toBe(2);
  });
});

describe('sectionHistogram', () => {
  it('scales bars to the largest bucket count', () => {
    // base: 2 sections in [0,100), head: 1 in [0,100) and 1 in [200,500); largest count 2.
    const svg = sectionHistogram({ base: [10, 50], head: [20, 300], unit: 'tokens' })!;
    // plot height 160 − 30 − 30 = 100: count 2 → 100, count 1 → 50, count 0 → 0.
    expect(svg).toMatch(/class="bar-base"[^>]*height="100\.0"/);
    expect(svg).toMatch(/class="bar-head"[^>]*height="50\.0"/);
    expect(count(svg, /<rect /g)).toBe(12);
    expect(sectionHistogram({ base: null, head: [], unit: 'tokens' })).toBeNull();
  });
});

describe('renderHtmlReport', () => {
  it('pins its one script by hash in the Content-Security-Policy and loads nothing', async () => {
    const { report, sources } = await demoComparison();
    const html = renderHtmlReport({ report, sources });
    const hash = createHash('sha256').update(SCRIPT).digest('base64');
    expect(CONTENT_SECURITY_POLICY).toContain(`script-src 'sha256-${hash}'`);
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(html).toContain(`<script>${SCRIPT}</script>`);
    expect(html).not.toMatch(/\bsrc="(https?:)?\/\//);
    expect(html).not.toMatch(/<link\b/);
    // The only way out is a click: links to the rule pages, opened in a new tab that gets no opener or referrer.
    const remote = [...html.matchAll(/<a [^>]*href="((?:https?:)?\/\/[^"]*)"[^>]*>/g)];
    expect(remote.length).toBeGreaterThan(0);
    for (const [tag, url] of remote) {
      expect(url).toMatch(/^https:\/\/github\.com\/chunkgate\/chunkgate\/blob\/v0\/docs\/rules\/[a-z-]+\.md$/);
      expect(tag).toContain('rel="noopener noreferrer"');
    }
    expect(html.match(/\bhref="(https?:)?\/\//g)).toHaveLength(remote.length);
    // Same input → same bytes.
    expect(renderHtmlReport({ report, sources })).toBe(html);
  });

  it('draws as many bands as the report has chunks and lists every regression with a link', async () => {
    const { report, sources } = await demoComparison();
    const html = renderHtmlReport({ report, sources });
    const chunks = report.files.reduce((sum, file) => sum + (file.base?.chunks.length ?? 0) + (file.head?.chunks.length ?? 0), 0);
    expect(count(html, /class="band /g)).toBe(chunks);
    expect(count(html, /<a class="jump" href="#f\d+-head-c\d+"/g)).toBe(report.summary.regressions);
    expect(count(html, /class="band [^"]* reg"/g)).toBe(report.summary.regressions);
    expect(count(html, /<svg class="hist"/g)).toBe(report.files.length);
  });

  it('escapes repository text everywhere: no tag or attribute comes from the docs', async () => {
    const { report, sources } = await demoComparison([HOSTILE_PAIR]);
    const html = renderHtmlReport({ report, sources, title: '<b>x</b>' });
    expect(count(html, /<script/gi)).toBe(1);
    expect(html).not.toMatch(/<img|<iframe/i);
    expect(html).toContain('&lt;script&gt;window.__pwned = 1&lt;/script&gt;');
    expect(html).toContain('data-path="docs/evil&quot;&gt;&lt;img src=x onerror=alert(1)&gt;.md"');
    expect(html).toContain('<title>&lt;b&gt;x&lt;/b&gt;</title>');
  });

  it('renders without sources (no histogram) and for added and removed files', () => {
    const html = renderHtmlReport({ report: sampleReport() });
    expect(html).not.toContain('<svg class="hist"');
    expect(html).toContain('No base side (added)');
    expect(html).toContain('No head side (removed)');
  });

  it('states the verdict with the counts the comment states', () => {
    const html = renderHtmlReport({ report: sampleReport(), baseSha: 'a1b2c3d4e5f6', headSha: 'e4f5a6b7c8d9' });
    // The comment: "❌ **Fails: 1 code block split, 1 heading lost** in 2 of 8 changed Markdown files"; 10 head chunks.
    expect(html).toContain('<p class="verdict-fail">Fails: 1 code block split, 1 heading lost in 2 of 8 changed Markdown files · 8 files · 10 chunks</p>');
    expect(html).not.toContain('threshold failure');
  });
});
