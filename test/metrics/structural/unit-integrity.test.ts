import { describe, expect, it } from 'vitest';
import { unitIntegrity } from '../../../src/metrics/structural/unit-integrity.js';
import { unitSpans } from '../../../src/metrics/structural/lost-units.js';
import { parseMarkdown } from '../../../src/markdown/parse.js';
import { build, draftAt, draftOf } from './fixture.js';

// Units: "# Title" (a heading is one sentence unit), "One fact here.", "Two facts here.",
// the list items "- first" and "- second", and the code lines "```", "x = 1", "```" → 8 units.
const source = ['# Title', '', 'One fact here. Two facts here.', '', '- first', '- second', '', '```', 'x = 1', '```'].join('\n');

describe('unitSpans', () => {
  it('cuts prose into sentences and lines, and code into lines', () => {
    const { doc } = parseMarkdown('doc.md', source);
    const texts = unitSpans(doc, { start: 0, end: source.length }).map((span) => source.slice(span.start, span.end));
    expect(texts).toEqual(['# Title', 'One fact here.', 'Two facts here.', '- first', '- second', '```', 'x = 1', '```']);
  });
});

describe('unitIntegrity', () => {
  it('is 100 when one chunk holds everything', () => {
    expect(unitIntegrity(build(source, [draftAt(0, source.length)]))).toBe(100);
  });

  it('counts the units no chunk holds whole', () => {
    const mid = source.indexOf('fact here.');
    // cut inside "One fact here.": that sentence is whole in neither chunk → 7 / 8 = 87.5
    expect(unitIntegrity(build(source, [draftAt(0, mid), draftAt(mid, source.length)]))).toBe(87.5);
    // cut inside the code line "x = 1" as well → 6 / 8 = 75
    const x = source.indexOf('= 1');
    expect(unitIntegrity(build(source, [draftAt(0, mid), draftAt(mid, x), draftAt(x, source.length)]))).toBe(75);
  });

  it('counts a unit the overlap repeats whole in the next chunk as held', () => {
    const mid = source.indexOf('fact here.');
    const one = source.indexOf('One');
    // chunk 0 ends mid-sentence, chunk 1 starts again at "One": the sentence is whole in chunk 1 → 8 / 8
    expect(unitIntegrity(build(source, [draftAt(0, mid), draftAt(one, source.length)]))).toBe(100);
  });

  it('leaves front matter out, and is 100 without units', () => {
    const withMatter = ['---', 'title: T', '---', '', 'Only one sentence.'].join('\n');
    expect(unitIntegrity(build(withMatter, [draftOf(withMatter, 'Only one sentence.')]))).toBe(100);
    expect(unitIntegrity(build('', []))).toBe(100);
  });
});
