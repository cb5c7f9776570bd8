import { describe, expect, it } from 'vitest';
import { hardCut } from '../../src/chunking/hardCut.js';
import { kindsIn } from '../../src/chunking/kinds.js';
import { createMeasure } from '../../src/tokens/index.js';
import { mergeShortSections } from '../../src/chunking/mergeShort.js';
import { packUnits, type UnitSizes } from '../../src/chunking/pack.js';
import type { SplitContext } from '../../src/chunking/piece.js';
import { sectionsOf, type Section } from '../../src/chunking/sections.js';
import { sentenceSpans } from '../../src/chunking/sentences.js';
import { trimSpan } from '../../src/chunking/trim.js';
import { parseMarkdown } from '../../src/markdown/parse.js';
import type { Block, Span } from '../../src/types.js';
import { chunk, view } from './helpers.js';

/** Unit sizes from a list: core = size, lead = size + 1 (one separator). */
function listSizes(sizes: number[]): UnitSizes {
  return { core: (index) => sizes[index]!, lead: (index) => sizes[index]! + 1 };
}

function texts(source: string, spans: Span[]): string[] {
  return spans.map((span) => source.slice(span.start, span.end));
}

function context(source: string, max: number, unit: 'chars' | 'tokens' = 'chars'): SplitContext {
  return { source, measure: createMeasure(unit, 'o200k_base'), unit, tokenizer: 'o200k_base', max, overlap: 0 };
}

describe('packUnits', () => {
  it('packs greedily: core of the first unit plus leads of the rest', () => {
    // 4 | 4+5=9 ≤ 10, +5 = 14 > 10 → [0,2); 4 + 5 = 9, + 5 > 10 → [2,4); [4,5).
    expect(packUnits(5, listSizes([4, 4, 4, 4, 4]), { max: 10 })).toEqual([
      { from: 0, to: 2 },
      { from: 2, to: 4 },
      { from: 4, to: 5 },
    ]);
  });

  it('puts a unit above max in a range of its own', () => {
    expect(packUnits(3, listSizes([2, 30, 2]), { max: 10 })).toEqual([
      { from: 0, to: 1 },
      { from: 1, to: 2 },
      { from: 2, to: 3 },
    ]);
  });

  it('repeats the longest tail within overlap that leaves room for the next unit', () => {
    // Range [0,3): 3 + 4 + 4 = 11 ≤ 12. Tail from 2: core 3 ≤ 4 and 3 + lead(3)=4 → 7 ≤ 12 → take;
    // tail from 1: 3 + 4 = 7 > 4 → stop. Next range from 2: 3 + 4 + 4 = 11, + 4 = 15 > 12 → [2,5).
    // Tail from 4 (3 + 4 ≤ 12) → last range [4,6).
    expect(packUnits(6, listSizes([3, 3, 3, 3, 3, 3]), { max: 12, overlap: 4 })).toEqual([
      { from: 0, to: 3 },
      { from: 2, to: 5 },
      { from: 4, to: 6 },
    ]);
  });

  it('never overlaps back over a barrier', () => {
    // Same as above but unit 3 starts a section: the second range may not start before 3.
    expect(packUnits(6, listSizes([3, 3, 3, 3, 3, 3]), { max: 12, overlap: 4, barrier: (index) => index === 3 })).toEqual([
      { from: 0, to: 3 },
      { from: 3, to: 6 },
    ]);
  });

  it('never ends a range on a keep-with-next unit (a heading) that has a successor', () => {
    // [0,3) would end on heading 2 → [0,2); the heading opens the next range.
    expect(packUnits(4, listSizes([3, 3, 3, 3]), { max: 10, keepWithNext: (index) => index === 2 })).toEqual([
      { from: 0, to: 2 },
      { from: 2, to: 4 },
    ]);
    // A heading that is all a range holds stays there (nothing else fits with it).
    expect(packUnits(2, listSizes([3, 30]), { max: 10, keepWithNext: (index) => index === 0 })).toEqual([
      { from: 0, to: 1 },
      { from: 1, to: 2 },
    ]);
  });

  it('returns nothing for no units', () => {
    expect(packUnits(0, listSizes([]), { max: 10 })).toEqual([]);
  });
});

describe('sentenceSpans', () => {
  it('ends sentences at . ! ? and at CJK 。！？；, trimmed', () => {
    const source = 'Hi there. Go! 你好。真的吗？是的；好。 Last one';
    expect(texts(source, sentenceSpans(source, { start: 0, end: source.length }))).toEqual([
      'Hi there.',
      'Go!',
      '你好。',
      '真的吗？',
      '是的；',
      '好。',
      'Last one',
    ]);
  });

  it('works on a span inside the source and drops whitespace-only pieces', () => {
    const source = 'xx  A b.  \n\n  C；  yy';
    const spans = sentenceSpans(source, { start: 2, end: source.length - 2 });
    expect(texts(source, spans)).toEqual(['A b.', 'C；']);
    expect(sentenceSpans(source, { start: 2, end: 4 })).toEqual([]);
  });
});

describe('hardCut', () => {
  it('cuts chars every max code units, never inside a surrogate pair', () => {
    const source = 'ab🎉cd';
    // max 3: [0,3) would end inside 🎉 (offsets 2–3) → [0,2); then [2,5) "🎉c", [5,6) "d".
    expect(texts(source, hardCut(context(source, 3), { start: 0, end: source.length }))).toEqual(['ab', '🎉c', 'd']);
    // max 1: a pair is one window of 2.
    expect(texts(source, hardCut(context(source, 1), { start: 0, end: source.length }))).toEqual(['a', 'b', '🎉', 'c', 'd']);
  });

  it('steps by `step` for overlapping windows and trims them', () => {
    const source = 'abcd efgh';
    // max 4, step 2: [0,4) [2,6)="cd e"→ trimmed "cd e", [4,8)=" efg"→"efg", [6,9)="fgh".
    expect(texts(source, hardCut(context(source, 4), { start: 0, end: source.length }, { step: 2 }))).toEqual(['abcd', 'cd e', 'efg', 'fgh']);
  });
});

describe('trimSpan and kindsIn', () => {
  it('trims to non-whitespace; a blank span becomes empty', () => {
    expect(trimSpan('  ab \n', { start: 0, end: 6 })).toEqual({ start: 2, end: 4 });
    expect(trimSpan(' \n ', { start: 0, end: 3 })).toEqual({ start: 0, end: 0 });
  });

  it('lists the kinds of the touched blocks once, in order', () => {
    const block = (kind: Block['kind'], start: number, end: number): Block => ({ kind, start, end, startLine: 1, endLine: 1, atomic: false });
    const blocks = [block('heading', 0, 5), block('paragraph', 7, 20), block('list', 22, 30), block('paragraph', 32, 40)];
    expect(kindsIn(blocks, { start: 3, end: 33 })).toEqual(['heading', 'paragraph', 'list']);
    expect(kindsIn(blocks, { start: 5, end: 7 })).toEqual([]);
  });
});

describe('sectionsOf', () => {
  const source = 'Lead text.\n\n# One\n\nBody one.\n\n#### Deep\n\nStill one.\n\n## Two\n';
  const { doc } = parseMarkdown('doc.md', source);

  it('gives a leading section, one per heading ≤ max level, deeper headings in the body', () => {
    const sections = sectionsOf(doc, 3);
    expect(sections.map(({ depth, title, headingPath, startLine, endLine, firstBlock, endBlock }) => ({ depth, title, headingPath, startLine, endLine, firstBlock, endBlock }))).toEqual([
      { depth: 0, title: '', headingPath: [], startLine: 1, endLine: 1, firstBlock: 0, endBlock: 1 },
      { depth: 1, title: 'One', headingPath: ['One'], startLine: 3, endLine: 9, firstBlock: 1, endBlock: 5 },
      { depth: 2, title: 'Two', headingPath: ['One', 'Two'], startLine: 11, endLine: 11, firstBlock: 5, endBlock: 6 },
    ]);
    const [lead, one, two] = sections as [Section, Section, Section];
    expect(lead.heading).toBeNull();
    expect(lead.bodyStart).toBe(0);
    expect(source.slice(one.bodyStart, one.end)).toBe('Body one.\n\n#### Deep\n\nStill one.');
    // An empty body starts where the section ends.
    expect(two.bodyStart).toBe(two.end);
  });

  it('returns [] for a document without blocks', () => {
    expect(sectionsOf(parseMarkdown('doc.md', '---\ntitle: T\n---\n').doc, 3)).toEqual([]);
  });
});

describe('mergeShortSections', () => {
  const section = (depth: number, headingPath: string[]): Section => ({
    depth,
    title: headingPath.at(-1) ?? '',
    headingPath,
    heading: null,
    start: 0,
    end: 0,
    bodyStart: 0,
    startLine: 1,
    endLine: 1,
    firstBlock: 0,
    endBlock: 0,
  });

  it('leaves a short section alone when it has neither a next sibling nor a previous section', () => {
    // "### A" then "# B": A is short, B is shallower, nothing precedes A.
    const sections = [section(3, ['A']), section(1, ['B'])];
    expect(mergeShortSections(sections, (from, to) => (from === 0 && to === 1 ? 0 : 100), 10)).toEqual([
      { from: 0, to: 1, headingPath: ['A'] },
      { from: 1, to: 2, headingPath: ['B'] },
    ]);
  });

  it('sends the last child of a parent back to the previous section, not into the next parent', () => {
    // # P (long) › ## C (short) then # Q: C merges back into P, the group keeps P's path.
    const sections = [section(1, ['P']), section(2, ['P', 'C']), section(1, ['Q'])];
    const body = (from: number, to: number): number => (from === 1 && to === 2 ? 3 : 100);
    expect(mergeShortSections(sections, body, 10)).toEqual([
      { from: 0, to: 2, headingPath: ['P'] },
      { from: 2, to: 3, headingPath: ['Q'] },
    ]);
  });
});

describe('chunkDocument edge cases', () => {
  it('returns [] for an empty document or front matter alone, for every strategy', () => {
    for (const strategy of ['heading', 'recursive', 'sentence', 'fixed'] as const) {
      expect(chunk('', { strategy }).chunks).toEqual([]);
      expect(chunk('---\ntitle: T\n---\n\n', { strategy }).chunks).toEqual([]);
    }
  });

  it('treats max below 1 as 1 and overlap ≥ max as max − 1 instead of throwing', () => {
    // max 0 → 1 char per chunk: "ab" → "a", "b". overlap 5 with max 3 → 2 → windows every 1 char.
    expect(view(chunk('ab', { strategy: 'fixed', max: 0 }).chunks).map((piece) => piece.text)).toEqual(['a', 'b']);
    expect(view(chunk('abcd', { strategy: 'fixed', max: 3, overlap: 5 }).chunks).map((piece) => piece.text)).toEqual(['abc', 'bcd']);
    expect(chunk('# T\n\nSome words here.', { strategy: 'heading', max: -4, min: -1 }).chunks.length).toBeGreaterThan(0);
  });

  it('is a pure function of its input: same chunks for the same document twice', () => {
    const source = '# A\n\nOne. Two. Three.\n\n| x |\n| - |\n| 1 |\n';
    for (const strategy of ['heading', 'recursive', 'sentence', 'fixed'] as const) {
      expect(chunk(source, { strategy, max: 8, overlap: 3 }).chunks).toEqual(chunk(source, { strategy, max: 8, overlap: 3 }).chunks);
    }
  });
});
