import { describe, expect, it } from 'vitest';
import { causeOf, holdersOf } from '../../src/probes/cause.js';
import { firstSentence, identifiersOf, idf, probesOf } from '../../src/probes/queries.js';
import { simulatedQueries } from '../../src/probes/simulated.js';
import type { Passage } from '../../src/probes/passages.js';

const stats = (frequencies: Record<string, number>, documents = 100) => ({ documents, frequency: (term: string) => frequencies[term] ?? 0 });

describe('idf', () => {
  it('is BM25 inverse document frequency', () => {
    expect(idf('x', stats({ x: 9 }))).toBeCloseTo(Math.log(1 + 91.5 / 9.5), 12);
  });
});

describe('probesOf', () => {
  const passage: Passage = {
    start: 0,
    end: 0,
    text: 'Rotate the signing keys every ninety days. Old keys stay valid.',
    line: 1,
    endLine: 1,
    headingPath: ['Security', 'Key rotation'],
    kind: 'paragraph',
  };
  // Rarity: ninety (1) < signing (2) < rotate (3) < keys (5) < days (8) < valid (12) < old (20) < every (40) < stay (50) < the (99).
  const frequencies = { ninety: 1, signing: 2, rotate: 3, keys: 5, days: 8, valid: 12, old: 20, every: 40, stay: 50, the: 99 };
  it('derives heading, middle-rarity terms, rarest terms and first-sentence probes', () => {
    const probes = probesOf(passage, 7, stats(frequencies), ['heading', 'terms', 'distinctive', 'sentence', 'identifiers']);
    expect(probes).toEqual([
      { passage: 7, kind: 'heading', query: 'security key rotation ninety signing' },
      // Ten distinct terms: the middle five start at (10 − 5) / 2 = 2.
      { passage: 7, kind: 'terms', query: 'rotate keys days valid old' },
      { passage: 7, kind: 'distinctive', query: 'ninety signing rotate keys' },
      { passage: 7, kind: 'sentence', query: 'rotate the signing keys every ninety days' },
    ]);
  });
  it('gives identifier probes for tables and code only', () => {
    expect(identifiersOf('| `max_retries` | --dry-run | config.toml | parseConfig |')).toEqual(['max_retries', 'dry', 'run', 'config', 'toml', 'parseconfig']);
    const table = { ...passage, kind: 'table' as const, text: '| `max_retries` | sets retries of each request |' };
    expect(probesOf(table, 0, stats({}), ['identifiers'])).toEqual([{ passage: 0, kind: 'identifiers', query: 'max_retries' }]);
    expect(probesOf({ ...table, kind: 'paragraph' }, 0, stats({}), ['identifiers'])).toEqual([]);
  });
  it('gives simulated probes only when asked, with the shape and page terms given', () => {
    const shape = { count: 3, content: 1, common: 1, heading: 1, noise: 1 };
    const page = ['certificate', 'expiry'];
    const simulated = probesOf(passage, 2, stats(frequencies), ['simulated'], { shape, page });
    const expected = simulatedQueries(passage, { idf: (term) => idf(term, stats(frequencies)) }, shape, page);
    expect(expected).toHaveLength(3);
    expect(simulated).toEqual(expected.map((query) => ({ passage: 2, kind: 'simulated', query })));
    expect(probesOf(passage, 2, stats(frequencies)).some((probe) => probe.kind === 'simulated')).toBe(false);
  });
  it('cuts the first sentence at a full stop followed by a space, or a CJK full stop', () => {
    expect(firstSentence('Use v1.2 here. Then go.')).toBe('Use v1.2 here.');
    expect(firstSentence('先安装。然后运行。')).toBe('先安装。');
  });
});

describe('causeOf', () => {
  const same = { basePath: ['A', 'B'], headPath: ['A', 'B'], baseTokens: 100, headTokens: 100, basePieces: 1, headPieces: 1 };
  it('names a cut first, then a heading change, then a size change', () => {
    expect(causeOf({ ...same, headPieces: 2 }, 'table')).toBe('the table is now cut across 2 chunks');
    expect(causeOf({ ...same, headPath: ['A', 'B', 'New'] }, 'paragraph')).toBe('a new heading "New" now stands above it');
    expect(causeOf({ ...same, headPath: ['A'] }, 'paragraph')).toBe('its heading "B" is gone');
    expect(causeOf({ ...same, headPath: ['A', 'C'] }, 'paragraph')).toBe('moved under "A › C" (was "A › B")');
    expect(causeOf({ ...same, headTokens: 125 }, 'paragraph')).toBe('its chunk grew from 100 to 125 tokens');
    expect(causeOf({ ...same, headTokens: 124 }, 'paragraph')).toBeNull();
    expect(causeOf({ ...same, headTokens: 80 }, 'paragraph')).toBe('its chunk shrank from 100 to 80 tokens');
  });
  it('holdersOf lists the chunks that overlap a span', () => {
    const chunks = [{ startOffset: 0, endOffset: 10 }, { startOffset: 10, endOffset: 20 }, { startOffset: 20, endOffset: 30 }];
    expect(holdersOf(chunks, { start: 5, end: 15 })).toEqual([0, 1]);
    expect(holdersOf(chunks, { start: 10, end: 20 })).toEqual([1]);
  });
});
