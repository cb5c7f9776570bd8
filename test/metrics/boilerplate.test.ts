import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.js';
import { addBoilerplate, addBoilerplateToEntry, addPage, boilerplateOf, runPages } from '../../src/engine/boilerplate.js';
import { compareFiles } from '../../src/engine/compare-files.js';
import { evaluatePair } from '../../src/engine/pair.js';
import { parseGolden } from '../../src/golden/load.js';
import { parseMarkdown } from '../../src/markdown/parse.js';
import { boilerplateIssues, pageBlocks, repeatedBlocks } from '../../src/metrics/boilerplate.js';
import { DEFAULT_RULE_LEVELS, type RuleLevels } from '../../src/shared/rules.js';
import { renderJsonFile } from '../../src/report/json.js';
import { build, draftAt } from './structural/fixture.js';

const FOOTER = 'Found a mistake? Edit this page on GitHub and send us a pull request.';
const page = (topic: string, footer = true) => `# ${topic}\n\nThe ${topic} guide explains ${topic} in detail.\n${footer ? `\n${FOOTER}\n` : ''}`;
const parsed = (path: string, source: string) => ({ path, blocks: pageBlocks(parseMarkdown(path, source).doc) });

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
    expect(found[0]!.excerpt).toBe('Found a mistake? Edit this page on GitHub and sen…');
    // one digest for the same folded text on every page, and where it starts
    expect(new Set(found.map((block) => block.key)).size).toBe(1);
    expect(found[0]!.start).toBe(page('alpha').indexOf(FOOTER));
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

describe('pageBlocks', () => {
  it('lists the text blocks with 5 search terms or more, folded, with their start, line and excerpt', () => {
    const source = '# Title\n\nToo short here.\n\n- one two three\n- four five six\n\n```sh\nnpm   run build --watch\n```\n';
    const blocks = pageBlocks(parseMarkdown('a.md', source).doc);
    // the heading is structure, "Too short here." has 3 terms; the list and the code block qualify
    expect(blocks.map((block) => [block.line, block.start, block.excerpt])).toEqual([
      [5, source.indexOf('- one'), '- one two three - four five six'],
      [8, source.indexOf('```sh'), '```sh npm run build --watch ```'],
    ]);
    // the same folded text has the same key, whatever its whitespace and wherever it is
    const again = pageBlocks(parseMarkdown('b.md', `Intro with enough words to count here.\n\n- one   two three\n- four five\n  six\n`).doc);
    expect(again[1]!.key).toBe(blocks[0]!.key);
    expect(again[0]!.key).not.toBe(blocks[0]!.key);
  });
});

/** A pair task of one added (or, with `base`, modified) page, evaluated as every shell does. */
const evaluated = (path: string, head: string, base: string | null = null, rules?: RuleLevels) =>
  evaluatePair({
    pair: { path, status: base === null ? 'added' : 'modified', base, head },
    base: base === null ? null : { options: { ...settings, ...(rules ? { rules } : {}) } },
    head: { options: { ...settings, ...(rules ? { rules } : {}) } },
    thresholds: { structural: 70, content: 60, fileDrop: 5, chunkDrop: 10, gate: 'changed' },
    unchecked: 'fail',
    want: { diff: true, json: true },
  });

describe('addBoilerplate', () => {
  it('adds findings to the diffs of the analysed pages only, looking at the other pages too, and leaves scores alone', () => {
    const tags = (diff: ReturnType<typeof evaluated>['diff']) => diff!.head!.chunks.flatMap((chunk) => chunk.issues.filter((issue) => issue.tag === 'boilerplate').map((issue) => `${issue.tag} L${issue.line}`));
    const fresh = () => [evaluated('alpha.md', page('alpha')), evaluated('beta.md', page('beta'))];
    const pagesOf = (results: ReturnType<typeof fresh>, others: { path: string; text: string }[] = []) => {
      const pages = runPages();
      for (const result of results) addPage(pages.head, result.diff!.path, result.pages.head);
      for (const other of others) addPage(pages.head, other.path, pageBlocks(parseMarkdown(other.path, other.text).doc));
      return boilerplateOf(pages);
    };
    // two analysed pages alone are below 3 pages: nothing (the pages are also tiny-chunk; that stays)
    const two = fresh();
    expect(two.map((result) => addBoilerplate(result.diff!, pagesOf(two)))).toEqual([false, false]);
    expect(two.map((result) => tags(result.diff))).toEqual([[], []]);
    // a third page, looked at but not analysed, makes the footer boilerplate on the two analysed pages
    const before = fresh();
    const three = fresh();
    const boilerplate = pagesOf(three, [{ path: 'gamma.md', text: page('gamma') }]);
    expect(three.map((result) => addBoilerplate(result.diff!, boilerplate))).toEqual([true, true]);
    expect(three.map((result) => tags(result.diff))).toEqual([['boilerplate L5'], ['boilerplate L5']]);
    const issues = (result: (typeof before)[number]) => result.diff!.head!.chunks.flatMap((chunk) => chunk.issues).length;
    expect(three.map(issues)).toEqual(before.map((result) => issues(result) + 1));
    expect(three.map((result) => result.diff!.head!.scores)).toEqual(before.map((result) => result.diff!.head!.scores));
    // the same findings on a report entry already written as JSON, byte for byte
    const entry = before[0]!.json!;
    expect(addBoilerplateToEntry(entry, 'alpha.md', undefined, boilerplate)).toBe(renderJsonFile(three[0]!.diff!));
    expect(addBoilerplateToEntry(entry, 'delta.md', undefined, boilerplate)).toBe(entry);
  });

  it("follows each page's rule settings: off or disabled on the line, none; warn, marked warn", () => {
    const results = [
      evaluated('alpha.md', page('alpha'), null, { ...DEFAULT_RULE_LEVELS, boilerplate: 'warn' }),
      evaluated('beta.md', page('beta'), null, { ...DEFAULT_RULE_LEVELS, boilerplate: 'off' }),
      evaluated('gamma.md', page('gamma').replace(FOOTER, `<!-- chunkgate-disable boilerplate -->\n${FOOTER}`)),
      evaluated('delta.md', page('delta')),
    ];
    // Every page still holds the text (4 of 4 pages): the settings decide the findings only.
    const pages = runPages();
    for (const result of results) addPage(pages.head, result.diff!.path, result.pages.head);
    const boilerplate = boilerplateOf(pages);
    expect([...boilerplate.head.values()].map((blocks) => blocks[0]!.pages)).toEqual([4, 4, 4, 4]);
    const found = results.map((result) => {
      addBoilerplate(result.diff!, boilerplate);
      return result.diff!.head!.chunks.flatMap((chunk) => chunk.issues.filter((issue) => issue.tag === 'boilerplate').map((issue) => issue.level ?? 'error'));
    });
    expect(found).toEqual([['warn'], [], [], ['error']]);
  });

  it("gives a regression's copy of a chunk the finding its chunk gets, once", () => {
    // a regression holds the head chunk itself in memory, and a copy of it in JSON
    const footer = `# Short\n\n${FOOTER}\n`;
    const result = evaluated('short.md', footer);
    const diff = result.diff!;
    const regression = { reason: 'new-failing-chunk' as const, match: 'new' as const, base: null, head: diff.head!.chunks[0]!, delta: null, newTags: [], origin: 'new' as const, gating: false };
    diff.regressions = [regression];
    result.json = renderJsonFile(diff);
    const pages = runPages();
    for (const path of ['short.md', 'b.md', 'c.md']) addPage(pages.head, path, pageBlocks(parseMarkdown(path, footer).doc));
    addBoilerplate(diff, boilerplateOf(pages));
    const count = (chunk: { issues: { tag: string }[] }) => chunk.issues.filter((issue) => issue.tag === 'boilerplate').length;
    expect(diff.head!.chunks.map(count)).toEqual([1]);
    expect(diff.regressions.map((regression) => count(regression.head))).toEqual([1]);
    // parsed back from JSON, the copies are apart and each gets it once too
    const parsed = JSON.parse(result.json) as typeof diff;
    addBoilerplate(parsed, boilerplateOf(pages));
    expect([...parsed.head!.chunks.map(count), ...parsed.regressions.map((regression) => count(regression.head))]).toEqual([1, 1]);
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
