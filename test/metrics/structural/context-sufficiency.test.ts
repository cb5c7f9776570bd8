import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sectionsOf } from '../../../src/chunking/sections.js';
import { contextSufficiency, contextSufficiencyByChunk } from '../../../src/metrics/structural/context-sufficiency.js';
import { countIn, mergeSpans, nonWhitespacePrefix } from '../../../src/metrics/structural/gaps.js';
import type { StructuralInput } from '../../../src/metrics/structural/input.js';
import { build, draftAt, draftOf } from './fixture.js';

/** The formula over every section for every chunk, as it was computed before sections were looked up by offset. */
function overEverySection({ doc, chunks, options }: StructuralInput): number[] {
  const counts = nonWhitespacePrefix(doc.source, doc.frontmatter);
  const sections = sectionsOf(doc, options.headingLevels.max).map((section) => ({ ...section, size: countIn(counts, section.start, section.end) }));
  return chunks.map((chunk) => {
    let own = 0;
    let held = 0;
    for (const section of sections) {
      const inside = mergeSpans(chunk.spans).reduce((sum, span) => {
        const start = Math.max(span.start, section.start);
        const end = Math.min(span.end, section.end);
        return sum + (end > start ? countIn(counts, start, end) : 0);
      }, 0);
      if (inside === 0 || section.size === 0) continue;
      own += inside;
      held += inside * Math.min(1, inside / section.size);
    }
    return own === 0 ? 100 : (100 * held) / own;
  });
}

// Two sections. Non-whitespace characters: "# A" 2, "aaaa aaaa" 8 → section A = 10;
// "# B" 2, "bbbbbbbbbb bbbbbbbbbb" 20 → section B = 22.
const source = ['# A', '', 'aaaa aaaa', '', '# B', '', 'bbbbbbbbbb bbbbbbbbbb'].join('\n');

describe('contextSufficiencyByChunk', () => {
  it('is 100 for a chunk holding its whole section, or several whole sections', () => {
    const one = build(source, [draftOf(source, '# A', 'aaaa aaaa'), draftOf(source, '# B', 'bbbbbbbbbb bbbbbbbbbb')]);
    expect(contextSufficiencyByChunk(one)).toEqual([100, 100]);
    const both = build(source, [draftOf(source, '# A', 'bbbbbbbbbb bbbbbbbbbb')]);
    expect(contextSufficiencyByChunk(both)).toEqual([100]);
  });

  it('scores a piece by the share of its section it holds, weighted by where its text comes from', () => {
    const b = source.indexOf('bbbbbbbbbb');
    // chunk 0: "# A … aaaa aaaa" + "# B" → 10 chars of A (all of A: 1), 2 chars of B (2/22):
    //   (10·1 + 2·2/22) / 12 = (10 + 0.1818) / 12 = 0.84848 → 84.848
    // chunk 1: the first "bbbbbbbbbb" → 10 chars, all in B: 10/22 = 45.4545
    // chunk 2: the second "bbbbbbbbbb" → 45.4545
    const pieces = build(source, [draftOf(source, '# A', '# B'), draftAt(b, b + 10), draftAt(b + 11, b + 21)]);
    const values = contextSufficiencyByChunk(pieces);
    expect(values[0]).toBeCloseTo((100 * (10 + (2 * 2) / 22)) / 12, 9);
    expect(values[1]).toBeCloseTo((100 * 10) / 22, 9);
    expect(values[2]).toBeCloseTo((100 * 10) / 22, 9);
    // document: the mean of the three
    expect(contextSufficiency(pieces)).toBeCloseTo((values[0]! + values[1]! + values[2]!) / 3, 9);
  });

  it('counts text a chunk repeats (overlap) once, and gives a chunk without text 100', () => {
    const b = source.indexOf('bbbbbbbbbb');
    // a chunk joined from two copies of the same 10 characters still holds 10 of B's 22
    const joined = build(source, [draftAt(b, b + 10, { prefix: [{ start: b, end: b + 10 }] })]);
    expect(contextSufficiencyByChunk(joined)[0]).toBeCloseTo((100 * 10) / 22, 9);
    const blank = 'text\n\n\n\nmore';
    expect(contextSufficiencyByChunk(build(blank, [draftAt(4, 8)]))).toEqual([100]);
  });

  it('ignores headings deeper than headingLevels.max: they stay inside their section', () => {
    const nested = ['# A', '', 'aaaa', '', '## A1', '', 'cccc'].join('\n');
    const a1 = nested.indexOf('## A1');
    const chunks = [draftOf(nested, '# A', 'aaaa'), draftAt(a1, nested.length)];
    // levels ≤ 2: two sections, each chunk holds its own whole → 100, 100
    expect(contextSufficiencyByChunk(build(nested, chunks, { headingLevels: { max: 2 } }))).toEqual([100, 100]);
    // levels ≤ 1: one section of 2 + 4 + 4 + 4 = 14 chars; the chunks hold 6 and 8 of it
    const [first, second] = contextSufficiencyByChunk(build(nested, chunks, { headingLevels: { max: 1 } }));
    expect(first).toBeCloseTo((100 * 6) / 14, 9);
    expect(second).toBeCloseTo((100 * 8) / 14, 9);
  });

  it('equals the formula over every section, on generated documents and chunks of one or several spans', () => {
    const paragraph = fc.constantFrom('alpha beta', 'gamma', '文件上传', 'x'.repeat(40), '- item\n- item');
    const block = fc.oneof(paragraph, fc.tuple(fc.integer({ min: 1, max: 4 }), fc.constantFrom('Intro', 'Setup')).map(([depth, title]) => `${'#'.repeat(depth)} ${title}`));
    const scenario = fc.array(block, { minLength: 1, maxLength: 14 }).chain((blocks) => {
      const text = blocks.join('\n\n');
      const span = fc.tuple(fc.nat(text.length), fc.nat(text.length)).map(([a, b]) => ({ start: Math.min(a, b), end: Math.max(a, b) }));
      const draft = fc.tuple(span, fc.array(span, { maxLength: 2 })).map(([main, prefix]) => draftAt(main.start, main.end, { prefix }));
      return fc.tuple(fc.constant(text), fc.array(draft, { maxLength: 6 }), fc.integer({ min: 1, max: 4 }));
    });
    let partial = 0;
    fc.assert(
      fc.property(scenario, ([text, drafts, max]) => {
        const input = build(text, drafts, { headingLevels: { max } });
        const values = contextSufficiencyByChunk(input);
        expect(values).toEqual(overEverySection(input));
        partial += values.filter((value) => value > 0 && value < 100).length;
      }),
      { numRuns: 300, seed: 1616 },
    );
    // Chunks holding pieces of sections must occur, or the comparison proves little.
    expect(partial).toBeGreaterThan(100);
  });

  it('is 100 for a document without chunks', () => {
    expect(contextSufficiency(build(source, []))).toBe(100);
  });
});
