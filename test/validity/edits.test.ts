import { describe, expect, it } from 'vitest';
import { countTokens } from '../../src/tokens/index.js';
import { configSchema } from '../../src/config/schema.js';
import { compareFiles } from '../../src/engine/compare-files.js';
import { parseGolden } from '../../src/golden/load.js';
import { bm25Ranker } from '../../src/retrieval/bm25.js';
import type { RetrievalChunk } from '../../src/retrieval/types.js';
import { bm25Memo } from '../../src/retrieval/bm25.js';
import { applyEdit, COMPONENTS, FAMILIES, WORDS, type Family } from '../../scripts/validity/edits/families.js';
import { fillerProse, proseParagraphs } from '../../scripts/validity/edits/filler.js';
import { analysesOf, baselineJudge, type Judge } from '../../scripts/validity/edits/judges.js';
import { pageOf } from '../../scripts/validity/edits/page.js';
import { probeJudgeOf } from '../../scripts/validity/edits/probe-judge.js';
import { queryTerms, rankAll, termCounts } from '../../scripts/validity/edits/rank.js';
import { rowOf } from '../../scripts/validity/edits/report.js';
import { runSet, type CaseResult } from '../../scripts/validity/edits/run.js';
import { outcomeOf, standOf, type Stand } from '../../scripts/validity/edits/truth.js';

/** The span of `text` in `source` (its first occurrence). */
function spanOf(source: string, text: string) {
  const start = source.indexOf(text);
  if (start === -1) throw new Error(`not in source: ${text}`);
  return { start, end: start + text.length };
}

function edit(family: Family, source: string, evidence: string, extra: { path?: string; seed?: string; filler?: string } = {}) {
  return applyEdit(family, { path: extra.path ?? 'guide.md', source, span: spanOf(source, evidence), seed: extra.seed ?? 'q1', ...(extra.filler ? { filler: extra.filler } : {}) });
}

const PAGE = [
  '## Install',
  '',
  'Run the installer first. The evidence sentence lives here.',
  '',
  'Second paragraph of install.',
  '',
  '## Usage',
  '',
  'Use it daily with care.',
  '',
].join('\n');
const EVIDENCE = 'The evidence sentence lives here.';

describe('edit families', () => {
  it('heading-delete removes the heading line of the evidence section, blank line included', () => {
    expect(edit('heading-delete', PAGE, EVIDENCE)?.source).toBe(PAGE.replace('## Install\n\n', ''));
  });

  it('heading-rename rewords the heading with unrelated words at the same level', () => {
    const result = edit('heading-rename', PAGE, EVIDENCE)!;
    const title = /^## (.+)$/m.exec(result.source)![1]!;
    expect(result.source).toBe(PAGE.replace('## Install', `## ${title}`));
    const words = title.toLowerCase().split(' ');
    expect(words.length === 2 || words.length === 3).toBe(true);
    expect(words.every((word) => WORDS.unrelated.en.includes(word))).toBe(true);
    // the same seed gives the same edit
    expect(edit('heading-rename', PAGE, EVIDENCE)!.source).toBe(result.source);
  });

  it('heading-rename uses Chinese words on a Chinese page', () => {
    const zh = `## 安装\n\n${'这是一个很长的中文段落，用来说明安装的步骤。'.repeat(6)}证据句子在这里。\n`;
    const result = applyEdit('heading-rename', { path: 'zh.md', source: zh, span: spanOf(zh, '证据句子在这里。'), seed: 'q' })!;
    const title = /^## (.+)$/m.exec(result.source)![1]!;
    expect(title.split('与').every((word) => WORDS.unrelated.zh.includes(word))).toBe(true);
  });

  it('heading-insert splits the paragraph between sentences, one level below the section', () => {
    const result = edit('heading-insert', PAGE, EVIDENCE)!;
    const title = /^### (.+)$/m.exec(result.source)![1]!;
    expect(WORDS.generic.en).toContain(title);
    expect(result.source).toBe(PAGE.replace('first. The evidence', `first.\n\n### ${title}\n\nThe evidence`));
  });

  it('heading-insert goes just before the evidence paragraph when the evidence opens it', () => {
    const result = edit('heading-insert', PAGE, 'Second paragraph of install.')!;
    const title = /^### (.+)$/m.exec(result.source)![1]!;
    expect(result.source).toBe(PAGE.replace('Second paragraph', `### ${title}\n\nSecond paragraph`));
  });

  it('move takes the evidence paragraph to the end of another section', () => {
    const result = edit('move', PAGE, EVIDENCE)!;
    expect(result.source).toBe(
      ['## Install', '', 'Second paragraph of install.', '', '## Usage', '', 'Use it daily with care.', '', 'Run the installer first. The evidence sentence lives here.', ''].join('\n'),
    );
  });

  it('move does not apply to a page with no other heading', () => {
    expect(edit('move', '## Only\n\nOne. The evidence sentence lives here.\n', EVIDENCE)).toBeNull();
  });

  it('component replaces the list holding the evidence by a component tag (the evidence leaves), and skips prose', () => {
    const page = '## Options\n\nPick one:\n\n- alpha mode\n- beta mode\n\nAfter.\n';
    const result = edit('component', page, 'beta mode')!;
    const name = /<(\w+) \/>/.exec(result.source)![1]!;
    expect(COMPONENTS).toContain(name);
    expect(result.source).toBe(`## Options\n\nPick one:\n\n<${name} />\n\nAfter.\n`);
    expect(edit('component', PAGE, EVIDENCE)).toBeNull();
  });

  it('component replaces a table too', () => {
    const page = '## Matrix\n\n| OS | Support |\n| --- | --- |\n| Linux | yes |\n\nEnd.\n';
    expect(edit('component', page, '| Linux | yes |')?.source).toMatch(/^## Matrix\n\n<\w+ \/>\n\nEnd\.\n$/);
  });

  it('insert-800 puts the filler just before the evidence paragraph, and needs one', () => {
    expect(edit('insert-800', PAGE, EVIDENCE, { filler: 'Filler one.\n\nFiller two.' })?.source).toBe(
      PAGE.replace('Run the installer', 'Filler one.\n\nFiller two.\n\nRun the installer'),
    );
    expect(edit('insert-800', PAGE, EVIDENCE)).toBeNull();
  });

  it('split-tiny puts a heading one level down before the second unit, never inside the evidence', () => {
    const result = edit('split-tiny', PAGE, EVIDENCE)!;
    const title = /^### (.+)$/m.exec(result.source)![1]!;
    // two units (the evidence paragraph, the second paragraph): one new heading, before the second
    expect(result.source).toBe(PAGE.replace('Second paragraph', `### ${title}\n\nSecond paragraph`));
    const long = ['# Top', '', 'One.', '', 'Two.', '', 'Three.', '', 'Four.', '', 'Five.', ''].join('\n');
    const split = edit('split-tiny', long, 'One.')!.source;
    const headings = split.split('\n').filter((line) => line.startsWith('## '));
    // units 2–5 in groups of 1–2: 2 to 4 new headings, all distinct, the first before "Two."
    expect(headings.length).toBeGreaterThanOrEqual(2);
    expect(headings.length).toBeLessThanOrEqual(4);
    expect(new Set(headings).size).toBe(headings.length);
    expect(split).toMatch(/One\.\n\n## [^\n]+\n\nTwo\./);
    expect(split.replace(/## [^\n]+\n\n/g, '')).toBe(long);
    expect(edit('split-tiny', '## A\n\nThe evidence sentence lives here.\n', EVIDENCE)).toBeNull();
  });

  it('typo swaps two inner letters of a word outside the evidence', () => {
    const page = '## A\n\nThe evidence sentence lives here.\n\n## B\n\nSee `codeword` and abcde.\n';
    const result = edit('typo', page, EVIDENCE)!.source;
    expect([page.replace('abcde', 'acbde'), page.replace('abcde', 'abdce')]).toContain(result);
    // no word of five letters outside the evidence: does not apply
    expect(edit('typo', '## A\n\nThe evidence sentence lives here.\n', EVIDENCE)).toBeNull();
  });

  it('sentence adds one unrelated sentence to a paragraph of another section', () => {
    const result = edit('sentence', PAGE, EVIDENCE)!.source;
    const added = WORDS.sentences.en.find((sentence) => result.includes(sentence))!;
    expect(result).toBe(PAGE.replace('Use it daily with care.', `Use it daily with care. ${added}`));
    expect(edit('sentence', '## A\n\nThe evidence sentence lives here.\n', EVIDENCE)).toBeNull();
  });

  it('append adds a section of 70 tokens or more at the end, at the page’s heading level', () => {
    const result = edit('append', PAGE, EVIDENCE)!.source;
    const section = WORDS.appendix.en.find((entry) => result.includes(entry.title))!;
    expect(result).toBe(`${PAGE.trimEnd()}\n\n## ${section.title}\n\n${section.text}\n`);
    for (const entry of [...WORDS.appendix.en, ...WORDS.appendix.zh]) expect(countTokens(entry.text, 'o200k_base')).toBeGreaterThanOrEqual(70);
  });

  it('file-rename moves the page, same text', () => {
    const result = edit('file-rename', PAGE, EVIDENCE, { path: 'start/guide.md' })!;
    expect(['start/archive/guide.md', 'start/guide-guide.md', 'start/guide-overview.md']).toContain(result.path);
    expect(result.source).toBe(PAGE);
  });

  it('swap exchanges two sibling sections', () => {
    expect(edit('swap', PAGE, EVIDENCE)?.source).toBe(['## Usage', '', 'Use it daily with care.', '', '## Install', '', 'Run the installer first. The evidence sentence lives here.', '', 'Second paragraph of install.', ''].join('\n'));
  });

  it('edits the same with the page parsed by the engine’s analysis (the harness passes its blocks)', () => {
    const mdx = "import { Tabs } from '@astrojs/starlight/components';\n\n## Install\n\n<Tabs>\n  Inside the tabs.\n</Tabs>\n\nRun it. The evidence sentence lives here.\n\n## Usage\n\nUse it.\n";
    const analysis = analysesOf(configSchema.parse({})).analyze('p.mdx', mdx);
    expect(analysis.doc.blocks).toEqual(pageOf('p.mdx', mdx).blocks);
    const input = { path: 'p.mdx', source: mdx, span: spanOf(mdx, EVIDENCE), seed: 'q' };
    for (const family of FAMILIES) expect(applyEdit(family, input, { path: 'p.mdx', source: mdx, blocks: analysis.doc.blocks })).toEqual(applyEdit(family, input));
  });

  it('keeps the evidence byte-identical in every family but component, on every seed', () => {
    const page = [
      '# Guide',
      '',
      'Intro words about the guide for readers.',
      '',
      '## Install',
      '',
      'Run the installer first. The evidence sentence lives here.',
      '',
      '- item alpha',
      '- item gamma',
      '',
      '### Details',
      '',
      'Deeper notes about installing things.',
      '',
      '## Usage',
      '',
      'Use it daily with considerable care.',
      '',
    ].join('\n');
    for (const seed of ['a', 'b', 'c', 'd', 'e']) {
      for (const family of FAMILIES) {
        const result = applyEdit(family, { path: 'p.md', source: page, span: spanOf(page, EVIDENCE), seed, filler: 'Some filler prose.' });
        if (family === 'component') expect(result).toBeNull();
        else {
          expect(result, `${family} ${seed}`).not.toBeNull();
          expect(result!.source).toContain(EVIDENCE);
        }
      }
    }
  });
});

describe('filler prose', () => {
  it('keeps plain prose paragraphs of 80 characters or more only', () => {
    const long = 'A plain paragraph of prose that is long enough to be used as filler text in an edit.';
    const source = `# T\n\n${long}\n\nShort one.\n\nA paragraph with <Tag /> markup in it that is long enough to count, but has a tag.\n`;
    expect(proseParagraphs(source, pageOf('t.md', source).blocks)).toEqual([long]);
  });

  it('takes whole paragraphs of other pages until the target, the same for the same seed', () => {
    const pool = [
      { path: 'a.md', paragraphs: ['a1 '.repeat(10), 'a2 '.repeat(10)] },
      { path: 'b.md', paragraphs: ['b1 '.repeat(10)] },
      { path: 'self.md', paragraphs: ['self '.repeat(10)] },
    ];
    const words = (text: string) => text.trim().split(/\s+/).length;
    const filler = fillerProse(pool, 'self.md', 'q', words, 25)!;
    expect(filler).not.toContain('self');
    expect(filler.split('\n\n')).toHaveLength(3);
    expect(fillerProse(pool, 'self.md', 'q', words, 25)).toBe(filler);
    expect(fillerProse(pool, 'self.md', 'q', words, 31)).toBeNull();
  });
});

describe('BM25 over an edited corpus', () => {
  it('ranks as bm25Ranker does: every match, ties in corpus order, a repeated query term counted again', () => {
    const texts = ['install the app on linux', 'linux linux packages', 'windows install guide', 'nothing relevant here', 'install install install', 'linux packages'];
    const chunks: RetrievalChunk[] = texts.map((text, order) => ({ order, file: `f${order}.md`, span: { start: 0, end: text.length }, headingPath: order % 2 === 0 ? ['Setup'] : [], text }));
    const queries = ['install linux', 'linux packages linux', 'setup', 'absent words'];
    const vocabulary = new Set(queries.flatMap(queryTerms));
    const memo = bm25Memo();
    const docs = chunks.map((chunk) => termCounts(chunk, vocabulary, memo));
    const rank = bm25Ranker(chunks);
    for (const query of queries) expect(rankAll(docs, query), query).toEqual(rank(query, chunks.length));
    // hand-checked: 'setup' is in the heading path of chunks 0, 2, 4 only, equal scores but for length
    expect(rankAll(docs, 'absent words')).toEqual([]);
  });
});

describe('truth of a case', () => {
  const at = (rank: number | null, within: boolean, lost = false): Stand => ({ rank, within, lost });

  it('reads the rank of the first holder and whether it fits the budget', () => {
    // ranking 7, 3, 9: chunk 9 holds the evidence; 600 + 500 tokens fill 1,024 before it
    const sizes: Record<number, number> = { 7: 600, 3: 500, 9: 100 };
    expect(standOf([7, 3, 9], new Set([9]), (chunk) => sizes[chunk]!)).toEqual({ rank: 3, within: false, lost: false });
    expect(standOf([7, 9, 3], new Set([9]), (chunk) => sizes[chunk]!)).toEqual({ rank: 2, within: true, lost: false });
    // a first chunk larger than the budget is still read
    expect(standOf([3], new Set([3]), () => 5000)).toEqual({ rank: 1, within: true, lost: false });
    expect(standOf([7, 3], new Set([9]), (chunk) => sizes[chunk]!, { lost: true })).toEqual({ rank: null, within: false, lost: true });
  });

  it('is worse when the evidence left the budget, fell two ranks from the top 5, or left the page', () => {
    expect(outcomeOf(at(2, true), at(3, false))).toBe('worse');
    expect(outcomeOf(at(2, true), at(4, true))).toBe('worse');
    expect(outcomeOf(at(5, false), at(6, false))).toBe('worse'); // out of the top 5
    expect(outcomeOf(at(3, true), at(null, false))).toBe('worse');
    expect(outcomeOf(at(9, false), at(null, false, true))).toBe('worse');
  });

  it('is better the other way round, and neutral otherwise', () => {
    expect(outcomeOf(at(3, false), at(2, true))).toBe('better');
    expect(outcomeOf(at(8, false), at(4, false))).toBe('better');
    expect(outcomeOf(at(2, true), at(3, true))).toBe('neutral'); // one rank
    expect(outcomeOf(at(8, false), at(20, false))).toBe('neutral'); // below the top 5 on both
    expect(outcomeOf(at(1, true), at(1, true))).toBe('neutral');
  });
});

describe('report rows', () => {
  const result = (outcome: CaseResult['outcome'], gated: boolean, family: Family = 'move'): CaseResult => ({
    query: 'q',
    family,
    file: 'a.md',
    headPath: 'a.md',
    note: '',
    base: { rank: 1, within: true, lost: false },
    head: { rank: 1, within: true, lost: false },
    outcome,
    verdicts: { baseline: { gated, reasons: [] } },
  });

  it('counts precision over gated cases and recall over worse ones', () => {
    const row = rowOf('move', 'harmful', [result('worse', true), result('worse', false), result('better', true), result('neutral', false)], ['baseline'], 2);
    expect(row).toMatchObject({ cases: 4, notApplicable: 2, worse: 2, better: 1, neutral: 1 });
    expect(row.judges.baseline).toEqual({ gated: 2, gatedWorse: 1, gatedBetter: 1, precision: 0.5, recall: 0.5, falseAlarms: null });
  });

  it('gives neutral families a false-alarm rate, and no precision when nothing gated', () => {
    const row = rowOf('typo', 'neutral', [result('neutral', false, 'typo'), result('neutral', true, 'typo'), result('neutral', false, 'typo'), result('neutral', false, 'typo')], ['baseline']);
    expect(row.judges.baseline).toMatchObject({ gated: 1, falseAlarms: 0.25, recall: null });
    expect(rowOf('typo', 'neutral', [result('neutral', false, 'typo')], ['baseline']).judges.baseline!.precision).toBeNull();
  });
});

describe('the harness on a tiny corpus', () => {
  const config = configSchema.parse({});
  const corpus = [
    { path: 'a.md', source: '## Install\n\nRun the setup wizard first. The zephyr flag enables quiet mode.\n\nMore words on installing.\n\n## Usage\n\nUse it every single day with considerable care.\n' },
    { path: 'b.md', source: '## Other\n\nA page about something else entirely, with a different vocabulary of words.\n' },
  ];
  const golden = parseGolden(
    'queries:\n  - id: zephyr\n    type: A\n    query: What does the zephyr flag enable?\n    evidence:\n      - file: a.md\n        text: The zephyr flag enables quiet mode.\n',
    'golden.yml',
  );

  it('runs each family once per query, takes the truth from the query and asks each judge once per distinct edit', async () => {
    const seen: string[] = [];
    const judge: Judge = async ({ head, headPath }) => {
      seen.push(headPath);
      const text = head.find((file) => file.path === headPath)!.source;
      return { gated: !text.includes('## Install'), reasons: [] };
    };
    const run = await runSet({ name: 'tiny', golden, corpus, config, judges: { stub: judge }, analyses: analysesOf(config), families: ['heading-delete', 'file-rename', 'component'] });
    expect(run.cases.map((item) => item.family)).toEqual(['heading-delete', 'file-rename']);
    expect(run.notApplicable.component).toBe(1);
    const deleted = run.cases[0]!;
    // the evidence chunk ranks first on both sides and fits the budget
    expect(deleted.base).toEqual({ rank: 1, within: true, lost: false });
    expect(deleted.head).toEqual({ rank: 1, within: true, lost: false });
    expect(deleted.outcome).toBe('neutral');
    expect(deleted.verdicts.stub).toEqual({ gated: true, reasons: [] });
    expect(run.cases[1]!.headPath).not.toBe('a.md');
    expect(run.cases[1]!.head.rank).toBe(1);
    expect(seen).toHaveLength(2);
  });

  it('the baseline judge gates a deleted heading (heading-lost) and passes a rename', async () => {
    const judge = baselineJudge(config);
    // sections large enough to be chunks of their own (over `min`, 64 tokens), so that their headings name chunks
    const install = 'Run the setup wizard first and follow each of its steps with care. '.repeat(8);
    const usage = 'Use the app every day and keep its settings in one place for later. '.repeat(8);
    const page = `## Install\n\n${install}\n\n## Usage\n\n${usage}\n`;
    const chunked = [{ path: 'a.md', source: page, chunks: [] }, { ...corpus[1]!, chunks: [] }];
    const head = chunked.map((file) => (file.path === 'a.md' ? { ...file, source: page.replace('## Usage\n\n', '') } : file));
    const verdict = await judge({ base: chunked, head, basePath: 'a.md', headPath: 'a.md' });
    expect(verdict.gated).toBe(true);
    expect(verdict.reasons).toContain('heading-lost');
    const renamed = chunked.map((file) => (file.path === 'a.md' ? { ...file, path: 'moved/a.md' } : file));
    expect(await judge({ base: chunked, head: renamed, basePath: 'a.md', headPath: 'moved/a.md' })).toEqual({ gated: false, reasons: [] });
  });

  it('the baseline judge says what compareFiles decides on the same pair', async () => {
    const judge = baselineJudge(config);
    const base = `## Install\n\n${'Run the setup wizard first and follow each of its steps with care. '.repeat(8)}\n\n## Usage\n\n${'Use the app every day and keep its settings in one place for later. '.repeat(6)}\n\n- one thing to know about the app\n- another thing to know about it\n\nAfter the list.\n`;
    const heads = [base.replace('## Usage\n\n', ''), base.replace(/- one[^]*it\n/, '<OptionsList />\n'), base.replace('Run the setup', 'Run teh setup'), `${base}\n## More\n\nText.\n`];
    const gated: boolean[] = [];
    for (const head of heads) {
      const verdict = await judge({ base: [{ path: 'a.md', source: base, chunks: [] }], head: [{ path: 'a.md', source: head, chunks: [] }], basePath: 'a.md', headPath: 'a.md' });
      const { report } = await compareFiles([{ path: 'a.md', status: 'modified', base, head }], { config });
      expect(verdict.gated, head).toBe(report.summary.verdict === 'fail');
      gated.push(verdict.gated);
    }
    // the deleted heading gates, the typo does not: both verdicts are compared
    expect(gated[0]).toBe(true);
    expect(gated[2]).toBe(false);
  });

  it('the probes judge gates when a probed passage regressed, and passes the edited page and the budget', async () => {
    const asked: unknown[] = [];
    const judge = probeJudgeOf(async (input) => {
      asked.push({ pages: input.pages, budget: input.budget });
      return { passages: [{ regressed: false, path: 'a.md', line: 1 }, { regressed: true, path: 'a.md', line: 7, cause: 'moved under “Usage”' }] };
    });
    const files = corpus.map((file) => ({ ...file, chunks: [] }));
    expect(await judge({ base: files, head: files, basePath: 'a.md', headPath: 'a.md' })).toEqual({ gated: true, reasons: ['a.md:7 moved under “Usage”'] });
    expect(asked).toEqual([{ pages: [{ basePath: 'a.md', headPath: 'a.md' }], budget: 1024 }]);
    const quiet = probeJudgeOf(async () => ({ passages: [{ regressed: false }] }));
    expect(await quiet({ base: files, head: files, basePath: 'a.md', headPath: 'a.md' })).toEqual({ gated: false, reasons: [] });
  });
});
