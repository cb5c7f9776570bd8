import { describe, expect, it } from 'vitest';
import { splitMarkdownHeaders } from '../../../src/chunking/presets/langchainMarkdownHeader.js';
import { PRESETS } from '../../../src/chunking/presets/index.js';
import { createMeasure } from '../../../src/tokens/index.js';
import { parseMarkdown } from '../../../src/markdown/parse.js';
import { optionsWith } from '../helpers.js';

// LangChain.js has no MarkdownHeaderTextSplitter: these expectations are LangChain Python's
// (langchain-text-splitters 1.0), worked out by hand from its split_text and checked against
// the output its documentation prints for the first example.

const H3: [string, string][] = [
  ['#', 'Header 1'],
  ['##', 'Header 2'],
  ['###', 'Header 3'],
];

describe('splitMarkdownHeaders (MarkdownHeaderTextSplitter semantics)', () => {
  it('reproduces the example of the LangChain documentation', () => {
    const text = '# Foo\n\n    ## Bar\n\nHi this is Jim\n\nHi this is Joe\n\n ### Boo \n\n Hi this is Lance \n\n ## Baz\n\n Hi this is Molly';
    const sections = splitMarkdownHeaders(text, { headersToSplitOn: H3 });
    // Documented output: three documents; paragraphs with the same headers join with "  \n".
    expect(sections.map(({ text, metadata }) => ({ text, metadata }))).toEqual([
      { text: 'Hi this is Jim  \nHi this is Joe', metadata: { 'Header 1': 'Foo', 'Header 2': 'Bar' } },
      { text: 'Hi this is Lance', metadata: { 'Header 1': 'Foo', 'Header 2': 'Bar', 'Header 3': 'Boo' } },
      { text: 'Hi this is Molly', metadata: { 'Header 1': 'Foo', 'Header 2': 'Baz' } },
    ]);
    // Offsets: "Hi this is Jim" starts at 7 + 12 = 19 ("# Foo\n\n" is 7, "    ## Bar\n\n" 12);
    // the section ends after "Hi this is Joe" (19 + 16 + 14 = 49).
    expect(text.slice(sections[0]!.start, sections[0]!.end)).toBe('Hi this is Jim\n\nHi this is Joe');
    expect(text.slice(sections[2]!.start, sections[2]!.end)).toBe('Hi this is Molly');
  });

  it('keeps headers with stripHeaders: false, and a header line joins the deeper section after it', () => {
    const text = '# A\n\n## B\n\nbody b\n\n## C\ntext c';
    const sections = splitMarkdownHeaders(text, { headersToSplitOn: H3, stripHeaders: false });
    // Lines: "# A" {H1:A}; "## B" {A,B} joins it (the last line is a header, metadata deeper);
    // "body b" {A,B} same metadata → joins; "## C\ntext c" {A,C} is new.
    expect(sections.map((section) => section.text)).toEqual(['# A  \n## B  \nbody b', '## C\ntext c']);
    expect(sections[1]!.metadata).toEqual({ 'Header 1': 'A', 'Header 2': 'C' });
  });

  it('does not split inside fenced code, keeps code lines stripped, and drops tabs (non-printable in Python)', () => {
    const text = '# T\n\n```sh\n# not a header\n\techo\n```\nafter\tword';
    const sections = splitMarkdownHeaders(text, { headersToSplitOn: H3 });
    expect(sections.map((section) => section.text)).toEqual(['```sh\n# not a header\necho\n```\nafterword']);
  });

  it('splits only on the configured markers (longest first) and needs a space after them', () => {
    const text = '#NoSpace\ntext\n#### Deep\nmore\n## Two\nlast';
    const sections = splitMarkdownHeaders(text, { headersToSplitOn: [['##', 'H2']] });
    expect(sections.map(({ text, metadata }) => ({ text, metadata }))).toEqual([
      { text: '#NoSpace\ntext\n#### Deep\nmore', metadata: {} },
      { text: 'last', metadata: { H2: 'Two' } },
    ]);
  });
});

describe('langchain-markdown-header preset', () => {
  const source = '---\ntitle: Guide\n---\n\n# Guide\n\nIntro line.\n\n## Install\n\nRun the installer. Then restart the machine to finish.\n';
  const { doc } = parseMarkdown('guide.md', source);

  it('keeps the library text, points offsets at the source section, and gives the heading path', () => {
    const options = optionsWith({ strategy: 'langchain-markdown-header', frontMatter: 'strip' });
    const drafts = PRESETS['langchain-markdown-header'](doc, options, createMeasure('chars', 'o200k_base'));
    expect(drafts.map((draft) => draft.text ?? source.slice(draft.start, draft.end))).toEqual([
      'Intro line.',
      'Run the installer. Then restart the machine to finish.',
    ]);
    expect(source.slice(drafts[1]!.start, drafts[1]!.end)).toBe('Run the installer. Then restart the machine to finish.');
    expect(drafts.map((draft) => draft.headingPath)).toEqual([['Guide'], ['Guide', 'Install']]);
  });

  it('sees the raw file by default: the front matter lines are a paragraph before the first header', () => {
    // Lines "---", "title: Guide", "---" carry no header, so they form the first paragraph
    // (metadata {}); the blank line after them ends it.
    const drafts = PRESETS['langchain-markdown-header'](doc, optionsWith({ strategy: 'langchain-markdown-header' }), createMeasure('chars', 'o200k_base'));
    expect(drafts.map((draft) => draft.text ?? source.slice(draft.start, draft.end))).toEqual([
      '---\ntitle: Guide\n---',
      'Intro line.',
      'Run the installer. Then restart the machine to finish.',
    ]);
    expect([drafts[0]!.start, drafts[0]!.end]).toEqual([0, 20]);
  });

  it('recursiveSplit: true splits each section again with chunkSize / chunkOverlap', () => {
    // "Run the installer. Then restart the machine to finish." is 54 chars > 30: split on " "
    // and merged to ≤ 30: "Run the installer. Then" (23), "restart the machine to" (22), "finish." (7).
    const options = optionsWith({ strategy: 'langchain-markdown-header', recursiveSplit: true, max: 30, overlap: 0, frontMatter: 'strip' });
    const drafts = PRESETS['langchain-markdown-header'](doc, options, createMeasure('chars', 'o200k_base'));
    expect(drafts.map((draft) => draft.text ?? source.slice(draft.start, draft.end))).toEqual([
      'Intro line.',
      'Run the installer. Then',
      'restart the machine to',
      'finish.',
    ]);
    expect(drafts[3]!.headingPath).toEqual(['Guide', 'Install']);
  });
});
