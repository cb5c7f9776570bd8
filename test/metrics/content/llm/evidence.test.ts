import { describe, expect, it } from 'vitest';
import { finalizeChunks } from '../../../../src/chunking/finalize.js';
import { evidenceOf } from '../../../../src/metrics/content/llm/evidence.js';
import { parseMarkdown } from '../../../../src/markdown/parse.js';
import { chunkBySection } from './docs.js';

const SOURCE = [
  '---',
  'title: Guide',
  '---',
  'Intro line.',
  '',
  '# Guide',
  '',
  'Top text.',
  '',
  '## Install',
  '',
  'Install text.',
  '',
  '### Linux',
  '',
  'Linux text.',
  '',
  '## Use',
  '',
  'Use text.',
  '',
].join('\n');

describe('evidenceOf', () => {
  const { doc, chunks } = chunkBySection('docs/guide.md', SOURCE);

  it('takes the preamble up to the first heading, after the front matter', () => {
    const evidence = evidenceOf(doc, chunks, 0);
    expect(evidence.sectionText).toBe('Intro line.');
    expect(evidence.section).toMatchObject({ startLine: 4, endLine: 4 });
    expect(evidence.neighbours).toEqual(['', '# Guide\n\nTop text.']);
  });

  it('gives a heading the section up to the next heading of the same or higher level', () => {
    // `# Guide` (depth 1): nothing of depth ≤ 1 follows → to the end, trailing newline trimmed.
    expect(evidenceOf(doc, chunks, 1).sectionText).toBe(SOURCE.slice(SOURCE.indexOf('# Guide')).trimEnd());
    // `## Install` (depth 2) includes its `### Linux` subsection and stops before `## Use`.
    expect(evidenceOf(doc, chunks, 2).sectionText).toBe('## Install\n\nInstall text.\n\n### Linux\n\nLinux text.');
    const linux = evidenceOf(doc, chunks, 3);
    expect(linux.sectionText).toBe('### Linux\n\nLinux text.');
    expect(linux.section).toMatchObject({ startLine: 14, endLine: 16 });
    expect(linux.headingPath).toEqual(['Guide', 'Install', 'Linux']);
    expect(linux.neighbours).toEqual(['## Install\n\nInstall text.', '## Use\n\nUse text.']);
    expect(evidenceOf(doc, chunks, 4).neighbours[1]).toBe('');
  });

  it('cuts a long section to a window centred on the chunk', () => {
    // One section of five paragraphs "Paragraph N is here." (20 chars), one chunk per paragraph.
    const source = `## Long\n\n${[1, 2, 3, 4, 5].map((n) => `Paragraph ${n} is here.`).join('\n\n')}\n`;
    const { doc: long } = parseMarkdown('docs/long.md', source);
    const paragraphs = long.blocks.filter((block) => block.kind === 'paragraph');
    const drafts = paragraphs.map((block) => ({ start: block.start, end: block.end, headingPath: ['Long'], kinds: ['paragraph' as const] }));
    const pieces = finalizeChunks(long, drafts, (text) => text.length);
    const middle = pieces[2]!;
    // maxSectionChars 40 = 20 (chunk) + 20 room → 10 characters either side.
    const window = evidenceOf(long, pieces, 2, { maxSectionChars: 40 });
    expect(window.sectionText).toBe(source.slice(middle.startOffset - 10, middle.endOffset + 10));
    // Room below zero: the excerpt is the chunk itself.
    expect(evidenceOf(long, pieces, 2, { maxSectionChars: 5 }).sectionText).toBe(middle.text);
    // Near the section start the window shifts right but keeps its size:
    // section starts at 0 ("## Long"), chunk 0 starts at 9; 40 chars from 0.
    expect(evidenceOf(long, pieces, 0, { maxSectionChars: 40 }).sectionText).toBe(source.slice(0, 40));
  });
});
