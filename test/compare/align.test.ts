import { describe, expect, it } from 'vitest';
import { alignChunks, type ChunkMatch } from '../../src/compare/align.js';
import { chunk, indexed } from '../report/factory.js';

/** `[head index, base index or null, match]` for compact expectations. */
function pairs(matches: ChunkMatch[]): [number, number | null, string][] {
  return matches.map((match) => [match.head.index, match.base?.index ?? null, match.match]);
}

const BASE_SOURCE = [
  '# Intro', // 1
  '',
  'Alpha paragraph about installing the agent on linux hosts.', // 3
  '',
  '## Config', // 5
  '',
  'The config file lives in etc and sets the port and log level.', // 7
  '',
  '## Old section', // 9
  '',
  'Totally different words here one two three.', // 11
  '',
].join('\n');

const HEAD_SOURCE = [
  '# Intro', // 1
  '',
  'Alpha paragraph about installing the agent on linux hosts.', // 3
  '',
  '## Brand new', // 5
  '',
  'Brand new content.', // 7
  '',
  '## Config', // 9
  '',
  'The config file lives in etc and sets the port, log level and user.', // 11
  '',
  '## Renamed section', // 13
  '',
  'Completely rewritten sentence with fresh vocabulary.', // 15
  '',
].join('\n');

/** The chunk covering lines `start`–`end` of `source`, with a heading path. */
function section(source: string, start: number, end: number, headingPath: string[]) {
  const text = source.split('\n').slice(start - 1, end).join('\n');
  return chunk({ text, startLine: start, endLine: end, headingPath });
}

describe('alignChunks', () => {
  it('matches by hash, then heading path + similarity, then line mapping; the rest is new', () => {
    const base = indexed([
      section(BASE_SOURCE, 1, 3, ['Intro']),
      section(BASE_SOURCE, 5, 7, ['Intro', 'Config']),
      section(BASE_SOURCE, 9, 11, ['Intro', 'Old section']),
    ]);
    const head = indexed([
      section(HEAD_SOURCE, 1, 3, ['Intro']),
      section(HEAD_SOURCE, 5, 7, ['Intro', 'Brand new']),
      section(HEAD_SOURCE, 9, 11, ['Intro', 'Config']),
      section(HEAD_SOURCE, 13, 15, ['Intro', 'Renamed section']),
    ]);
    // h0 = b0 verbatim → hash.
    // h2 vs b1: same path; word sets {config, the, file, lives, in, etc, and, sets, port, log, level} (11)
    //   and the same plus {user} (12): Jaccard 11/12 ≈ 0.92 ≥ 0.5 → similarity.
    // h3 vs b2: different heading path; the diff maps base lines 9–11 onto head 13–15 (line 10 is
    //   common, 9 and 11 are rewritten in place), overlapping h3's lines 13–15 by 3 → lines.
    // h1 was inserted (head lines 5–8 are pure additions) → new.
    expect(pairs(alignChunks({ chunks: base, source: BASE_SOURCE }, { chunks: head, source: HEAD_SOURCE }))).toEqual([
      [0, 0, 'hash'],
      [1, null, 'new'],
      [2, 1, 'similarity'],
      [3, 2, 'lines'],
    ]);
  });

  it('compares text, not ids or heading paths, for the hash match', () => {
    const base = [chunk({ text: 'Same text.', id: 'docs/a.md#1', headingPath: ['A'] })];
    const head = [chunk({ text: 'Same text.', id: 'docs/b.md#1', headingPath: ['B'] })];
    expect(pairs(alignChunks({ chunks: base, source: '' }, { chunks: head, source: '' }))).toEqual([[0, 0, 'hash']]);
  });

  it('pairs repeated texts in document order and leaves the extra copy new', () => {
    const base = indexed([chunk({ text: 'T' }), chunk({ text: 'T' })]);
    const head = indexed([chunk({ text: 'T' }), chunk({ text: 'T' }), chunk({ text: 'T' })]);
    // h2 has no base left: similarity and lines find no unmatched base chunk.
    expect(pairs(alignChunks({ chunks: base, source: '' }, { chunks: head, source: '' }))).toEqual([
      [0, 0, 'hash'],
      [1, 1, 'hash'],
      [2, null, 'new'],
    ]);
  });

  it('pairs by similarity best-first, not in head order', () => {
    const base = indexed([chunk({ text: 'a b c d' }), chunk({ text: 'a b c e' })]);
    const head = indexed([chunk({ text: 'a b c e x' }), chunk({ text: 'A b c e.' })]);
    // h0–b0: {a,b,c} / {a,b,c,d,e,x} = 3/6 = 0.5    h0–b1: 4/5 = 0.8
    // h1–b0: 3/5 = 0.6                              h1–b1: 4/4 = 1.0
    // Best first: h1–b1 (1.0); h0–b1 (0.8) is taken; h1–b0 (0.6) h1 is taken; h0–b0 (0.5, at the bar).
    expect(pairs(alignChunks({ chunks: base, source: '' }, { chunks: head, source: '' }))).toEqual([
      [0, 0, 'similarity'],
      [1, 1, 'similarity'],
    ]);
  });

  it('breaks similarity ties by head index and ignores pairs below the bar', () => {
    const base = indexed([chunk({ text: 'alpha beta gamma delta' }), chunk({ text: 'one two three four' })]);
    const head = indexed([chunk({ text: 'alpha beta gamma epsilon' }), chunk({ text: 'alpha beta gamma zeta' }), chunk({ text: 'one two five six' })]);
    // h0–b0 and h1–b0 both 3/5 = 0.6 → h0 wins by index. h2–b1: {one, two} / 6 words = 0.33 < 0.5.
    expect(pairs(alignChunks({ chunks: base, source: '' }, { chunks: head, source: '' }))).toEqual([
      [0, 0, 'similarity'],
      [1, null, 'new'],
      [2, null, 'new'],
    ]);
  });

  it('only matches by similarity within the same heading path', () => {
    const base = [chunk({ text: 'alpha beta gamma', headingPath: ['A'] })];
    const head = [chunk({ text: 'alpha beta gamma!', headingPath: ['B'] })];
    // Jaccard 1, but paths differ and the sources are empty, so no line mapping either.
    expect(pairs(alignChunks({ chunks: base, source: '' }, { chunks: head, source: '' }))).toEqual([[0, null, 'new']]);
  });

  it('honours minSimilarity', () => {
    const base = [chunk({ text: 'a b c d' })];
    const head = [chunk({ text: 'a b c e' })];
    // 3/5 = 0.6: matched at the default 0.5, not at 0.7.
    expect(pairs(alignChunks({ chunks: base, source: '' }, { chunks: head, source: '' }))[0]![2]).toBe('similarity');
    expect(pairs(alignChunks({ chunks: base, source: '' }, { chunks: head, source: '' }, { minSimilarity: 0.7 }))[0]![2]).toBe('new');
  });

  it('gives the base chunk to the head chunk it overlaps most after line mapping', () => {
    const baseSource = 'x1\nx2\nx3\nx4\n';
    const headSource = 'y1\ny2\ny3\ny4\n';
    // Every line rewritten: one hunk, base 1–4 → head 1–4 as a block.
    const base = [chunk({ text: 'base words only', startLine: 1, endLine: 4, headingPath: ['P'] })];
    const head = indexed([
      chunk({ text: 'head one', startLine: 1, endLine: 1, headingPath: ['Q'] }),
      chunk({ text: 'head two', startLine: 2, endLine: 4, headingPath: ['Q'] }),
    ]);
    // overlaps: h0 1 line, h1 3 lines → h1 takes b0.
    expect(pairs(alignChunks({ chunks: base, source: baseSource }, { chunks: head, source: headSource }))).toEqual([
      [0, null, 'new'],
      [1, 0, 'lines'],
    ]);
  });

  it('returns no matches for no head chunks, and all new for no base chunks', () => {
    expect(alignChunks({ chunks: [chunk({ text: 'a' })], source: 'a' }, { chunks: [], source: '' })).toEqual([]);
    expect(pairs(alignChunks({ chunks: [], source: '' }, { chunks: [chunk({ text: 'a' })], source: 'a' }))).toEqual([[0, null, 'new']]);
  });
});
