import { describe, expect, it } from 'vitest';
import { sourceCoverage } from '../../src/metrics/coverage.js';
import { build, draftOf, spanOf } from './structural/fixture.js';

const source = [
  '---', // 1
  'title: T', // 2
  '---', // 3
  '# Title', // 4
  '', // 5
  'Kept sentence. Lost one. Lost two.', // 6
  '', // 7
  '| a | b |', // 8
  '|---|---|', // 9
  '| 1 | 2 |', // 10
  '', // 11
  'Tail text.', // 12
].join('\n');

describe('sourceCoverage', () => {
  it('measures covered non-whitespace, lists lost units and charges gaps to the next chunk', () => {
    const { doc, chunks } = build(source, [draftOf(source, '# Title', 'Kept sentence.'), draftOf(source, '| 1 | 2 |')]);
    const result = sourceCoverage(doc, chunks);
    // non-ws outside front matter: "# Title" 6, "Kept sentence." 13, "Lost one." 8, "Lost two." 8,
    // "| a | b |" 5, "|---|---|" 9, "| 1 | 2 |" 5, "Tail text." 9 → 63; covered 6 + 13 + 5 = 24
    expect(result.coverage).toBeCloseTo(24 / 63, 10);
    expect(result.lost).toEqual([
      { line: 6, text: 'Lost one.' },
      { line: 6, text: 'Lost two.' },
      { line: 8, text: '| a | b |' },
      { line: 9, text: '|---|---|' },
      { line: 12, text: 'Tail text.' },
    ]);
    // chunk 0: 19 covered, no gap before it → 100
    // chunk 1: 5 covered; gap before it 8 + 8 + 5 + 9 = 30 and the trailing gap 9 → 100 × 5 / 44 = 11.36
    expect(result.perChunk[0]).toBe(100);
    expect(result.perChunk[1]).toBeCloseTo(500 / 44, 10);
  });

  it('is complete when every character outside front matter is covered, counting shared text once', () => {
    const header = { start: spanOf(source, '| a | b |').start, end: spanOf(source, '| 1 | 2 |').start };
    const { doc, chunks } = build(source, [
      draftOf(source, '# Title', '|---|---|'),
      draftOf(source, '| 1 | 2 |', 'Tail text.', { prefix: [header] }),
    ]);
    const result = sourceCoverage(doc, chunks);
    expect(result.coverage).toBe(1);
    expect(result.lost).toEqual([]);
    expect(result.perChunk).toEqual([100, 100]);
  });

  it('handles no chunks and empty documents', () => {
    const { doc } = build(source, []);
    expect(sourceCoverage(doc, [])).toEqual({ coverage: 0, lost: expect.any(Array), perChunk: [] });
    const empty = build('---\ntitle: T\n---\n\n', []);
    expect(sourceCoverage(empty.doc, [])).toEqual({ coverage: 1, lost: [], perChunk: [] });
  });

  it('charges a leading gap to the first chunk', () => {
    const text = 'Lost lead.\n\nKept.';
    const { doc, chunks } = build(text, [draftOf(text, 'Kept.')]);
    // covered 5, gap "Lost lead." 9 → 100 × 5 / 14
    expect(sourceCoverage(doc, chunks).perChunk).toEqual([(100 * 5) / 14]);
  });
});
