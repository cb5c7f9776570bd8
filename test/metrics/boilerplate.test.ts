import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.js';
import { addBoilerplate } from '../../src/engine/boilerplate.js';
import { compareFiles } from '../../src/engine/compare-files.js';
import { analyzeDocument } from '../../src/engine/evaluate.js';
import { parseGolden } from '../../src/golden/load.js';
import { parseMarkdown } from '../../src/markdown/parse.js';
import { boilerplateIssues, repeatedBlocks } from '../../src/metrics/boilerplate.js';
import { build, draftAt } from './structural/fixture.js';

const FOOTER = 'Found a mistake? Edit this page on GitHub and send us a pull request.';
const page = (topic: string, footer = true) => `# ${topic}\n\nThe ${topic} guide explains ${topic} in detail.\n${footer ? `\n${FOOTER}\n` : ''}`;
const parsed = (path: string, source: string) => ({ path, doc: parseMarkdown(path, source).doc });

describe('repeatedBlocks', () => {
  it('finds a block whose text is on at least 3 pages and 10% of them, at every occurrence with its line', () => {
    const pages = ['alpha', 'beta', 'gamma'].map((topic) => parsed(`${topic}.md`, page(topic)));
    const found = repeatedBlocks(pages);
    // the footer is line 5 of each page; the headings repeat nothing; the first paragraphs differ
    expect(found.map((block) => [block.path, block.line, block.pages, block.of, block.threshold])).toEqual([
      ['alpha.md', 5, 3, 3, 3],
      ['beta.md', 5, 3, 3, 3],
      ['gamma.md', 5, 3, 3, 3],
    ]);
    expect(found[0]!.text).toBe(FOOTER);
  });

  it('needs the larger of 3 pages and 10% of the pages: 4 of 31 pages', () => {
    const topics = Array.from({ length: 31 }, (_, index) => `topic${index}`);
    // footer on 3 of 31: ⌈0.1 × 31⌉ = 4 > 3 → not repeated; on 4 → repeated
    const three = topics.map((topic, index) => parsed(`${topic}.md`, page(topic, index < 3)));
    expect(repeatedBlocks(three)).toEqual([]);
    const four = topics.map((topic, index) => parsed(`${topic}.md`, page(topic, index < 4)));
    expect(new Set(repeatedBlocks(four).map((block) => block.path)).size).toBe(4);
  });

  it('ignores headings, short blocks, MDX markup, whitespace differences and the same path given twice', () => {
    const short = (topic: string) => `# Usage\n\nSee below.\n\n<Tabs client:load />\n\nThe ${topic} guide.\n\nFound a mistake?   Edit this page\non GitHub and send us a pull request.\n`;
    const found = repeatedBlocks([parsed('a.mdx', short('a')), parsed('b.mdx', short('b')), parsed('c.mdx', short('c')), parsed('c.mdx', short('c'))]);
    // "# Usage" is a heading, "See below." has 2 search terms (< 5), <Tabs /> is JSX; the footer differs
    // only in whitespace and repeats on the 3 distinct paths
    expect(found.map((block) => [block.path, block.line, block.pages, block.of])).toEqual([
      ['a.mdx', 9, 3, 3],
      ['b.mdx', 9, 3, 3],
      ['c.mdx', 9, 3, 3],
    ]);
  });
});

describe('boilerplateIssues', () => {
  it('gives each repeated block to the first chunk holding its start, as a low finding with the line', () => {
    const source = page('alpha');
    const footer = source.indexOf(FOOTER);
    const input = build(source, [draftAt(0, footer), draftAt(footer, source.length), draftAt(footer, source.length)]);
    const [block] = repeatedBlocks(['alpha', 'beta', 'gamma'].map((topic) => parsed(`${topic}.md`, page(topic)))).filter((b) => b.path === 'alpha.md');
    const issues = boilerplateIssues(input.chunks, [block!]);
    expect(issues[0]).toEqual([]);
    expect(issues[2]).toEqual([]);
    expect(issues[1]).toEqual([
      {
        tag: 'boilerplate',
        severity: 'low',
        line: 5,
        actual: 3,
        expected: '< 3',
        message: 'Unexpected text repeated on 3 of 3 pages ("Found a mistake? Edit this page on GitHub and sen…"), expected text unique to the page',
        hint: 'Strip repeated template text (footers, notices, boilerplate paragraphs) in your RAG pipeline, or keep one copy and link to it: every copy matches the same queries.',
      },
    ]);
  });
});

const config = configSchema.parse({});
const settings = { chunking: config.chunking, weights: config.scoring.weights };

describe('addBoilerplate', () => {
  it('adds findings to the analysed pages only, looking at the other pages too, and leaves scores alone', () => {
    const fresh = () => [analyzeDocument('alpha.md', page('alpha'), settings), analyzeDocument('beta.md', page('beta'), settings)];
    const tags = (list: ReturnType<typeof fresh>) => list.map((analysis) => analysis.issues.flat().filter((issue) => issue.tag === 'boilerplate').map((issue) => `${issue.tag} L${issue.line}`));
    const before = fresh();
    // two analysed pages alone are below 3 pages: nothing (the pages are also tiny-chunk; that stays)
    expect(tags(addBoilerplate(fresh()))).toEqual([[], []]);
    // a third page, looked at but not analysed, makes the footer boilerplate on the two analysed pages
    const withOthers = addBoilerplate(fresh(), [{ path: 'gamma.md', text: page('gamma') }]);
    expect(tags(withOthers)).toEqual([['boilerplate L5'], ['boilerplate L5']]);
    expect(withOthers.map((analysis) => analysis.issues.flat().length)).toEqual(before.map((analysis) => analysis.issues.flat().length + 1));
    expect(withOthers.map((analysis) => analysis.structural)).toEqual(before.map((analysis) => analysis.structural));
  });
});

describe('compareFiles and boilerplate', () => {
  it('finds a footer a pull request adds to three pages on the head side only', async () => {
    const topics = ['alpha', 'beta', 'gamma'];
    const pairs = topics.map((topic) => ({ path: `${topic}.md`, status: 'modified' as const, base: page(topic, false), head: page(topic) }));
    const { report } = await compareFiles(pairs, { config });
    for (const file of report.files) {
      const boilerplate = (side: NonNullable<typeof file.head>) => side.chunks.flatMap((chunk) => chunk.issues.filter((issue) => issue.tag === 'boilerplate').map((issue) => issue.line));
      expect(boilerplate(file.base!)).toEqual([]);
      expect(boilerplate(file.head!)).toEqual([5]);
    }
    // a low finding with no score change gates nothing
    expect(report.summary.verdict).toBe('pass');
  });

  it('looks at the whole docs set of each side when a golden set loads it', async () => {
    const others = ['beta', 'gamma'].map((topic) => ({ path: `${topic}.md`, text: page(topic) }));
    const golden = parseGolden('queries:\n  - { id: q, type: A, query: alpha guide, evidence: [{ file: alpha.md, text: The alpha guide }] }\n', 'golden.yml');
    const pairs = [{ path: 'alpha.md', status: 'modified' as const, base: page('alpha', false), head: page('alpha') }];
    const retrieval = { golden, base: [{ path: 'alpha.md', text: page('alpha', false) }, ...others], head: [{ path: 'alpha.md', text: page('alpha') }, ...others] };
    const { report } = await compareFiles(pairs, { config, retrieval });
    const lines = (side: 'base' | 'head') => report.files[0]![side]!.chunks.flatMap((chunk) => chunk.issues.filter((issue) => issue.tag === 'boilerplate').map((issue) => issue.line));
    // base: the footer is on beta and gamma only (2 < 3), not on alpha; head: on all three
    expect(lines('base')).toEqual([]);
    expect(lines('head')).toEqual([5]);
  });
});
