import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderComment } from '../src/report/comment.js';
import { renderHtmlReport } from '../src/report/html/index.js';
import { runCli } from './helpers/cli.js';
import { demoComparison } from './helpers/browser.js';
import { CONTEXT, sampleReport } from './report/sample.js';

// Users never saw the spec or the design seeds: what they read names the metric, the rule or
// the report field instead of citing "SPEC §2" or "seed 002".
const INTERNAL = /\bSPEC\b|§\s*\d|\b[Ss]eeds?\s*\d{1,3}\b|\b[Ii]ssue\s+#?\d+\b/;

describe('user-facing text cites no internal document', () => {
  it.each([[[] as string[]], [['eval', '--help']], [['diff', '--help']], [['advise', '--help']], [['golden', '--help']], [['calibrate', '--help']]])('chunkgate %j', async (argv) => {
    const { stdout, stderr } = await runCli(argv.length ? argv : ['--help'], { cwd: import.meta.dirname });
    const text = stdout + stderr;
    expect(text).toContain('Usage');
    expect(text).not.toMatch(INTERNAL);
  });

  it('the README, the docs pages and action.yml', () => {
    const pages = readdirSync(new URL('../docs/', import.meta.url)).filter((name) => name.endsWith('.md')).map((name) => `../docs/${name}`);
    expect(pages).toContain('../docs/config.md');
    for (const file of ['../README.md', ...pages, '../action.yml']) expect(readFileSync(new URL(file, import.meta.url), 'utf8'), file).not.toMatch(INTERNAL);
  });

  it('the PR comment and the HTML report', async () => {
    expect(renderComment(sampleReport(), CONTEXT)).not.toMatch(INTERNAL);
    const { report, sources } = await demoComparison();
    const html = renderHtmlReport({ report, sources });
    expect(html).toContain('Section body length');
    expect(html).not.toMatch(INTERNAL);
  });
});
