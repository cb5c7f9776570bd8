import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDuplicateChunks } from '../../../src/metrics/rules/duplicate-chunk.js';
import { checkNearDuplicates } from '../../../src/metrics/rules/near-duplicate.js';
import { tokenize } from '../../../src/text/words.js';
import { build, draftAt } from '../structural/fixture.js';

/** A document of the given paragraphs, one chunk each; paragraph i starts on line 2i + 1. */
function paragraphs(texts: readonly string[]) {
  const source = texts.join('\n\n');
  let at = 0;
  const drafts = texts.map((text) => {
    const draft = draftAt(at, at + text.length);
    at += text.length + 2;
    return draft;
  });
  return build(source, drafts);
}

const thirty = Array.from({ length: 30 }, (_, i) => `w${i}`);

describe('checkDuplicateChunks', () => {
  it('flags whitespace-normalised copies of an earlier chunk', () => {
    const input = paragraphs(['Same  text here.', 'Other text.', 'Same text\nhere.']);
    const findings = checkDuplicateChunks(input);
    // chunk 2 starts on line 5 (paragraphs on lines 1, 3, 5–6)
    expect(findings.map((f) => [f.chunk, f.issue.tag, f.issue.severity, f.issue.line])).toEqual([[2, 'duplicate-chunk', 'medium', 5]]);
    expect(findings[0]!.issue.message).toBe('Unexpected duplicate of chunk 0 (line 1), expected unique text');
  });

  it('leaves distinct chunks alone', () => {
    expect(checkDuplicateChunks(paragraphs(['Same text here.', 'Same text there.']))).toEqual([]);
  });
});

describe('checkNearDuplicates', () => {
  it('flags a chunk whose 3-word shingles match an earlier one at Jaccard ≥ 0.9', () => {
    const changedEnd = [...thirty.slice(0, 29), 'other'];
    // 30 words → 28 shingles each; changing the last word changes 1 shingle:
    // |A ∩ B| = 27, |A ∪ B| = 29 → 27 / 29 = 0.931 ≥ 0.9
    const findings = checkNearDuplicates(paragraphs(['Intro.', thirty.join(' '), changedEnd.join(' ')]));
    expect(findings.map((f) => [f.chunk, f.issue.tag, f.issue.severity, f.issue.line])).toEqual([[2, 'near-duplicate', 'low', 5]]);
    expect(findings[0]!.issue.actual).toBeCloseTo(27 / 29, 10);
    expect(findings[0]!.issue.message).toContain('chunk 1 (line 3, 93% similar)');
  });

  it('does not flag a chunk below the threshold', () => {
    const changedMiddle = [...thirty];
    changedMiddle[15] = 'other';
    // a middle word sits in 3 shingles: |A ∩ B| = 25, |A ∪ B| = 31 → 0.806 < 0.9
    expect(checkNearDuplicates(paragraphs([thirty.join(' '), changedMiddle.join(' ')]))).toEqual([]);
  });

  it('leaves exact duplicates to duplicate-chunk', () => {
    expect(checkNearDuplicates(paragraphs([thirty.join(' '), thirty.join('  ')]))).toEqual([]);
  });

  it('splits CJK runs into characters', () => {
    expect(tokenize('分块语义完整性评估方案 Hello').words).toEqual([...'分块语义完整性评估方案', 'hello']);
    // same words, different punctuation → Jaccard 1, not an exact duplicate
    const findings = checkNearDuplicates(paragraphs(['分块语义完整性评估方案。', '分块语义完整性评估方案！', '检索增强生成的质量评估。']));
    expect(findings.map((f) => [f.chunk, f.issue.line])).toEqual([[1, 3]]);
  });

  it('finds the same pairs as an all-pairs scan', () => {
    // Chunks are small edits of a few base texts, so near duplicates (an appended or dropped word:
    // J ≈ 0.95) and non-duplicates (a replaced middle word: J ≈ 0.8) both occur.
    const word = fc.constantFrom(...Array.from({ length: 20 }, (_, i) => `v${i}`));
    const base = fc.array(word, { minLength: 15, maxLength: 30 });
    const edit = fc.constantFrom('none', 'append', 'dropFirst', 'replaceMiddle', 'other');
    const scenario = fc.record({
      bases: fc.array(base, { minLength: 1, maxLength: 3 }),
      picks: fc.array(fc.record({ base: fc.nat(), edit }), { minLength: 1, maxLength: 10 }),
    });
    let positives = 0;
    let negatives = 0;
    fc.assert(
      fc.property(scenario, ({ bases, picks }) => {
        const texts = picks.map(({ base: pick, edit: kind }) => {
          const words = [...bases[pick % bases.length]!];
          if (kind === 'append') words.push('tail');
          if (kind === 'dropFirst') words.shift();
          if (kind === 'replaceMiddle') words[words.length >> 1] = 'changed';
          if (kind === 'other') words.reverse();
          return words.join(' ');
        });
        const input = paragraphs(texts);
        const expected = texts.flatMap((current, i) => {
          const mine = shingles(current);
          const hits = texts
            .slice(0, i)
            .filter((earlier) => normal(earlier) !== normal(current) && jaccard(mine, shingles(earlier)) >= 0.9);
          return hits.length > 0 ? [i] : [];
        });
        positives += expected.length;
        negatives += texts.length - expected.length;
        expect(checkNearDuplicates(input).map((f) => f.chunk)).toEqual(expected);
      }),
      { numRuns: 100, seed: 4242 },
    );
    // The scenarios must contain both outcomes, or the comparison proves little.
    expect(positives).toBeGreaterThan(20);
    expect(negatives).toBeGreaterThan(20);
  });
});

/** The all-pairs definition: for each chunk, the most similar earlier chunk at Jaccard ≥ 0.9 (ties: the earliest). */
function bruteForce(texts: readonly string[]): Array<[number, number, number]> {
  const sets = texts.map(shingles);
  return texts.flatMap((current, i): Array<[number, number, number]> => {
    let best = -1;
    let bestScore = 0;
    for (let j = 0; j < i; j += 1) {
      if (normal(texts[j]!) === normal(current)) continue;
      const score = jaccard(sets[i]!, sets[j]!);
      if (score >= 0.9 - 1e-9 && score > bestScore) [best, bestScore] = [j, score];
    }
    return best === -1 ? [] : [[i, best, bestScore]];
  });
}

/** `count` edits of one 60-word template: each replaces `edits(i)` words, so some pairs pass 0.9 and some do not. */
function templated(count: number, edits: (i: number) => number): string[] {
  const template = Array.from({ length: 60 }, (_, i) => `t${i}`);
  let state = 99;
  const next = (bound: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % bound;
  };
  return Array.from({ length: count }, (_, i) => {
    const words = [...template];
    for (let edit = 0; edit < edits(i); edit += 1) words[next(words.length)] = `e${next(40)}`;
    return words.join(' ');
  });
}

describe('checkNearDuplicates at scale', () => {
  it('matches the all-pairs definition exactly (partner and score) for up to 65 chunks', () => {
    const texts = templated(65, (i) => i % 4);
    const expected = bruteForce(texts);
    expect(expected.length).toBeGreaterThan(10);
    expect(expected.length).toBeLessThan(64);
    const found = checkNearDuplicates(paragraphs(texts)).map((f): [number, number, number] => [
      f.chunk,
      Number(/chunk (\d+)/.exec(f.issue.message)![1]),
      f.issue.actual as number,
    ]);
    expect(found).toEqual(expected);
  });

  it('flags the same chunks as the all-pairs definition in a group of 400 near duplicates', () => {
    // Every chunk shares most shingles with every other: the all-pairs scan is quadratic here,
    // the rule verifies at most 64 candidates per chunk and must still flag exactly the same chunks.
    const texts = templated(400, (i) => (i % 5 === 0 ? 6 : i % 2));
    const expected = bruteForce(texts).map(([chunk]) => chunk);
    expect(expected.length).toBeGreaterThan(200);
    expect(expected.length).toBeLessThan(400);
    expect(checkNearDuplicates(paragraphs(texts)).map((f) => f.chunk)).toEqual(expected);
  });
});

function normal(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function shingles(text: string): Set<string> {
  const words = tokenize(text).words;
  const set = new Set<string>();
  for (let i = 0; i < Math.max(1, words.length - 2); i += 1) set.add(words.slice(i, i + 3).join(' '));
  return set;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  const shared = [...a].filter((item) => b.has(item)).length;
  return shared / (a.size + b.size - shared);
}
