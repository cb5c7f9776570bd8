import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkQuery, selfRetrievability } from '../../src/metrics/self-retrievability.js';
import { searchTerms } from '../../src/retrieval/terms.js';
import { firstSentence, SEGMENT_WINDOW } from '../../src/text/segments.js';

const chunk = (headingPath: string[], text: string) => ({ headingPath, text });

describe('chunkQuery', () => {
  it('is the heading path and the first sentence, skipping heading, fence and tag lines', () => {
    expect(chunkQuery(chunk(['Setup', 'Linux'], '## Linux\n\n<Tabs>\nInstall the packages first. Then run the build.'))).toBe(
      'Setup Linux install the packages first',
    );
  });

  it('keeps at most 30 words of the lead, and is empty for a chunk with no words', () => {
    const long = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    expect(chunkQuery(chunk([], long)).split(' ')).toHaveLength(30);
    expect(chunkQuery(chunk([], '```\n```'))).toBe('');
  });

  it('reads the lead of a chunk longer than a segmenting window: the first 30 words of its first prose line', () => {
    const line = Array.from({ length: 1000 }, (_, i) => `w${i}`).join(' '); // 4,890 characters, no terminator
    const text = `## Guide\n\n${line}\n${'Later prose. '.repeat(500)}`;
    expect(chunkQuery(chunk(['Guide'], text))).toBe(`Guide ${Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ')}`);
  });
});

/**
 * chunkQuery as it was before the lead stopped at the second prose line: every prose line up to
 * the window, joined by line breaks, then the first sentence of that.
 */
function chunkQueryOfAllProse(chunk: { headingPath: string[]; text: string }): string {
  const prose = chunk.text.split('\n').filter((line) => line.trim() !== '' && !/^\s*(?:#{1,6}(?:\s|$)|```|~~~|<\/?[A-Za-z]|\{\/\*|\|?\s*:?-{3,}|import\s|export\s)/.test(line));
  const lines: string[] = [];
  let length = -1;
  for (const line of prose) {
    if (length >= SEGMENT_WINDOW) break;
    lines.push(line);
    length += line.length + 1;
  }
  const words = searchTerms(firstSentence(lines.join('\n'))).slice(0, 30).join(' ');
  return [...chunk.headingPath, words].join(' ').trim();
}

describe('chunkQuery reads only the first prose line (UAX #29 ends a sentence at a line break)', () => {
  it('gives the query of all the prose lines on generated text: terminators, closers, lower-case continuations, CJK, long lines', () => {
    const piece = fc.constantFrom('Install', 'the', 'app', 'etc.', 'e.g.', 'Mr.', '.', '!', '?', '。', '！', '”', ')', '"', ' ', '  ', '\t', '\r', '文件', '上传', 'lower', 'Upper', '3.5', '...', '?!');
    const line = fc.oneof(
      { weight: 8, arbitrary: fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')) },
      { weight: 2, arbitrary: fc.constantFrom('', '   ', '## Heading', '```', '<Tabs>', '| --- |', 'import x') },
      { weight: 1, arbitrary: fc.integer({ min: 4000, max: 4200 }).map((size) => 'word. lower '.repeat(size / 12) + 'x'.repeat(size % 12)) },
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
        const candidate = chunk(['Guide'], lines.join('\n'));
        expect(chunkQuery(candidate)).toBe(chunkQueryOfAllProse(candidate));
      }),
      { numRuns: 2000, seed: 1616 },
    );
  });
});

describe('selfRetrievability (the quick check)', () => {
  it('is 100 × the share of chunks their own query ranks in the top 3 of the document', () => {
    // Five chunks under one heading path, each opening with the same lead; only chunk 4 has a
    // word of its own in its lead. BM25 ties go to document order, so the shared lead ranks
    // chunks 0, 1, 2 first: chunk 3's own query ranks it 4th; chunk 4's distinctive word ranks it 1st.
    const chunks = [
      chunk(['Guide'], 'Read the guide. Alpha.'),
      chunk(['Guide'], 'Read the guide. Beta.'),
      chunk(['Guide'], 'Read the guide. Gamma.'),
      chunk(['Guide'], 'Read the guide. Delta.'),
      chunk(['Guide'], 'Read the guide zebra. Epsilon.'),
    ];
    const result = selfRetrievability(chunks);
    expect(result.ranks).toEqual([1, 2, 3, 4, 1]);
    // 4 of 5 in the top 3 → 80
    expect(result.score).toBe(80);
    expect(result.queries[4]).toBe('Guide read the guide zebra');
  });

  it('marks a chunk with no searchable words as not found, and scores 100 without chunks', () => {
    expect(selfRetrievability([chunk([], '---')]).ranks).toEqual([null]);
    expect(selfRetrievability([chunk([], '---')]).score).toBe(0);
    expect(selfRetrievability([])).toEqual({ score: 100, ranks: [], queries: [] });
  });
});
