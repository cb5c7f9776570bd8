import { describe, expect, it } from 'vitest';
import { chunkQuery, selfRetrievability } from '../../src/metrics/self-retrievability.js';

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

describe('selfRetrievability (seed 001 quick check, issue 12)', () => {
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
