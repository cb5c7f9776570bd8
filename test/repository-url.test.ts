/** The repository URL is one setting (src/version.ts): every link to chunkgate's own files derives from it. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { configJsonSchema } from '../src/config/json-schema.js';
import { goldenJsonSchema } from '../src/golden/json-schema.js';
import { ruleDocsUrl } from '../src/shared/rules.js';
import { checkRunOutput } from '../src/report/check.js';
import { renderComment } from '../src/report/comment.js';
import { renderHtmlReport } from '../src/report/html/index.js';
import { renderSummary } from '../src/report/summary.js';
import { demoComparison } from './helpers/browser.js';
import { CONTEXT, sampleReport } from './report/sample.js';

// The change check: the setting moved to another repository and tag. Every consumer imports the
// module, so every link it renders must follow; a literal left anywhere still says chunkgate/chunkgate.
vi.mock('../src/version.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/version.js')>();
  return {
    ...actual,
    REPOSITORY: 'acme/gate-fork',
    MAJOR_TAG: 'v7',
    REPOSITORY_URL: 'https://github.com/acme/gate-fork',
    repositoryFileUrl: (path: string) => `https://github.com/acme/gate-fork/blob/v7/${path}`,
    repositoryRawUrl: (path: string) => `https://raw.githubusercontent.com/acme/gate-fork/v7/${path}`,
  };
});

const ROOT = new URL('..', import.meta.url).pathname;
const LINK = /https?:\/\/[^\s)"'<>`\]]+/g;
const OURS = /github\.com\/|githubusercontent\.com\//;

/** Every link to GitHub in `text`: each must point at the (moved) repository. */
function githubLinks(text: string): string[] {
  return [...text.matchAll(LINK)].map((match) => match[0]).filter((url) => OURS.test(url));
}

describe('links to chunkgate follow the one repository setting', () => {
  it('rule pages and schema ids', () => {
    expect(ruleDocsUrl('table-split')).toBe('https://github.com/acme/gate-fork/blob/v7/docs/rules/table-split.md');
    expect(configJsonSchema().$id).toBe('https://raw.githubusercontent.com/acme/gate-fork/v7/schema/chunkgate.schema.json');
    expect(goldenJsonSchema().$id).toBe('https://raw.githubusercontent.com/acme/gate-fork/v7/schema/golden.schema.json');
    const links = githubLinks(JSON.stringify(configJsonSchema()));
    // One link per rule in `rules` and again in `overrides[].rules`: a schema without them proves nothing.
    expect(links.length).toBeGreaterThan(20);
    for (const url of links) expect(url).toMatch(/^https:\/\/(github\.com|raw\.githubusercontent\.com)\/acme\/gate-fork\/(blob\/)?v7\//);
  });

  it('the comment, the check run, the job summary and the HTML report', async () => {
    const { report, sources } = await demoComparison();
    const rendered = [
      renderComment(sampleReport(), CONTEXT),
      JSON.stringify(checkRunOutput(sampleReport(), CONTEXT)),
      renderSummary(sampleReport(), CONTEXT),
      renderHtmlReport({ report, sources }),
    ];
    for (const text of rendered) {
      expect(text).not.toContain('chunkgate/chunkgate');
      // The run's own pages (the job summary, the artifact) are the user's repository, not chunkgate's.
      const links = githubLinks(text).filter((url) => !url.startsWith('https://github.com/acme/docs/'));
      expect(links.length).toBeGreaterThan(0);
      for (const url of links) expect(url).toMatch(/^https:\/\/github\.com\/acme\/gate-fork\/blob\/v7\/docs\/rules\/[a-z-]+\.md$/);
    }
  });

  it('no other module of src/ spells the repository or a GitHub file URL', () => {
    const actual = 'chunkgate/chunkgate';
    const files = (readdirSync(join(ROOT, 'src'), { recursive: true }) as string[]).filter((file) => file.endsWith('.ts')).map((file) => join(ROOT, 'src', file));
    const spelled = files.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return text.includes(actual) || /raw\.githubusercontent\.com|\/blob\/v\d/.test(text);
    });
    expect(spelled.map((file) => relative(ROOT, file))).toEqual(['src/version.ts']);
  });
});
