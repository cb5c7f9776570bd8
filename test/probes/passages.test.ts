import { describe, expect, it } from 'vitest';
import { mapPassages } from '../../src/probes/evidence.js';
import { lineFinder, passagesOf } from '../../src/probes/passages.js';

const page = [
  '# Guide', //                                         line 1
  '', //                                                line 2
  'Install the agent with the package manager first.', // line 3
  '', //                                                line 4
  '## Setup', //                                        line 5
  '', //                                                line 6
  '- Open the settings file in your editor', //        line 7
  '- Ok', //                                            line 8
  '', //                                                line 9
  'Short.', //                                          line 10
  '',
].join('\n');

describe('passagesOf', () => {
  it('takes paragraphs and list items with at least four search terms, with their lines and headings', () => {
    const passages = passagesOf('guide.md', page);
    expect(passages.map((passage) => [passage.text, passage.line, passage.endLine, passage.headingPath, passage.kind])).toEqual([
      ['Install the agent with the package manager first.', 3, 3, ['Guide'], 'paragraph'],
      ['- Open the settings file in your editor', 7, 7, ['Guide', 'Setup'], 'list'],
    ]);
    // "- Ok" has one term and "Short." one: too little to look for.
    expect(page.slice(passages[1]!.start, passages[1]!.end)).toBe('- Open the settings file in your editor');
  });
});

describe('lineFinder', () => {
  it('gives the 1-based line of an offset', () => {
    const lineOf = lineFinder([0, 4, 9]);
    expect([0, 3, 4, 8, 9, 20].map(lineOf)).toEqual([1, 1, 2, 2, 3, 3]);
  });
});

describe('mapPassages', () => {
  it('finds kept text whole, k-th occurrence to k-th occurrence, and nothing for reworded text', () => {
    const base = 'See the FAQ for more help.\n\nStep one runs the build.\n\nSee the FAQ for more help.\n';
    const passages = passagesOf('a.md', base);
    expect(passages.map((passage) => passage.start)).toEqual([0, 28, 54]);
    // Head: a new paragraph on top, the middle one reworded, the repeated line once only.
    const head = 'New intro paragraph here now.\n\nSee the FAQ for more help.\n\nStep one starts the build.\n';
    expect(mapPassages(passages, base, head)).toEqual([{ start: 31, end: 57 }, null, null]);
  });
});
