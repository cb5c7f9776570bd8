import { describe, expect, it } from 'vitest';
import type { ChunkMatch } from '../../src/compare/align.js';
import { findRegressions } from '../../src/compare/regressions.js';
import { chunk, issue } from '../report/factory.js';

function aligned(baseScore: number, headScore: number, baseTags: Parameters<typeof issue>[0][] = [], headTags: Parameters<typeof issue>[0][] = []): ChunkMatch {
  return {
    base: chunk({ text: 'b', score: baseScore, issues: baseTags.map((tag) => issue(tag)) }),
    head: chunk({ text: 'h', score: headScore, issues: headTags.map((tag) => issue(tag)) }),
    match: 'similarity',
  };
}

function fresh(score: number, tags: Parameters<typeof issue>[0][] = []): ChunkMatch {
  return { base: null, head: chunk({ text: 'n', score, issues: tags.map((tag) => issue(tag)) }), match: 'new' };
}

describe('findRegressions', () => {
  it('flags a drop of exactly chunkDrop and not one just under it', () => {
    // 80 → 70: delta −10 = −chunkDrop → regression; 80 → 70.5: −9.5 → none.
    const [hit] = findRegressions([aligned(80, 70)], { chunkDrop: 10 });
    expect(hit).toMatchObject({ reason: 'score-drop', delta: -10, newTags: [], match: 'similarity' });
    expect(findRegressions([aligned(80, 70.5)], { chunkDrop: 10 })).toEqual([]);
  });

  it('rounds the delta so float noise does not hide a boundary drop', () => {
    // 71.1 − 81.1 is −9.999999999999993 in floating point; rounded to 2 decimals it is −10.
    expect(findRegressions([aligned(81.1, 71.1)])[0]?.reason).toBe('score-drop');
  });

  it('uses chunkDrop 10 by default', () => {
    expect(findRegressions([aligned(90, 81)])).toEqual([]); // drop 9
    expect(findRegressions([aligned(90, 80)])).toHaveLength(1); // drop 10
  });

  it('flags a newly gained high-severity tag even without a score drop', () => {
    const [hit] = findRegressions([aligned(90, 85, [], ['table-split'])]);
    expect(hit).toMatchObject({ reason: 'new-high-issue', delta: -5, newTags: ['table-split'] });
  });

  it('prefers score-drop as the reason but still fills newTags', () => {
    const [hit] = findRegressions([aligned(92, 59, ['sentence-cut'], ['code-fence-split', 'sentence-cut', 'oversize-chunk'])]);
    // newTags in HIGH_TAGS order (the registry's): table-split, code-fence-split, oversize-chunk, source-loss.
    expect(hit).toMatchObject({ reason: 'score-drop', delta: -33, newTags: ['code-fence-split', 'oversize-chunk'] });
  });

  it('ignores tags the base chunk already had and medium/low tags', () => {
    expect(findRegressions([aligned(90, 87, ['table-split'], ['table-split'])])).toEqual([]);
    expect(findRegressions([aligned(90, 87, [], ['sentence-cut', 'tiny-chunk'])])).toEqual([]);
  });

  it('lists a new chunk only when it is graded fail', () => {
    // score 40 → grade fail; 65 → warn.
    const [hit] = findRegressions([fresh(40, ['source-loss']), fresh(65, ['oversize-chunk'])]);
    expect(hit).toMatchObject({ reason: 'new-failing-chunk', delta: null, base: null, match: 'new', newTags: ['source-loss'] });
    expect(findRegressions([fresh(65, ['oversize-chunk'])])).toEqual([]);
  });

  it('does not list an aligned chunk that was already failing and did not drop', () => {
    expect(findRegressions([aligned(40, 35)])).toEqual([]);
  });

  it('gives one entry per head chunk, in head order', () => {
    const result = findRegressions([aligned(90, 50, [], ['table-split']), fresh(90), fresh(10)]);
    expect(result.map((regression) => regression.head.text)).toEqual(['h', 'n']);
  });
});

describe('findRegressions: origin and gating', () => {
  it('gates a tag new to the file and calls it new', () => {
    const [hit] = findRegressions([aligned(90, 59, [], ['code-fence-split'])]);
    expect(hit).toMatchObject({ origin: 'new', gating: true });
  });

  it('does not gate a tag the base side already had for the same block', () => {
    const [hit] = findRegressions([fresh(59, ['table-split'])], { preexisting: (_, tag) => tag === 'table-split' });
    expect(hit).toMatchObject({ reason: 'new-failing-chunk', newTags: ['table-split'], origin: 'preexisting', gating: false });
  });

  it('does not gate a score that fell on metrics alone (worth a look), unless gate is all', () => {
    const [drop] = findRegressions([aligned(92, 80)]);
    expect(drop).toMatchObject({ reason: 'score-drop', origin: 'worsened', gating: false });
    const [fail] = findRegressions([fresh(40)]);
    expect(fail).toMatchObject({ reason: 'new-failing-chunk', origin: 'new', gating: false });
    expect(findRegressions([aligned(92, 80)], { gate: 'all' })[0]!.gating).toBe(true);
  });

  it('compares drops on the shown whole points: 80.4 → 70.5 shows 80 → 71, a 9-point drop', () => {
    expect(findRegressions([aligned(80.4, 70.5)])).toEqual([]);
    // 80.5 → 70.4 shows 81 → 70: 11 points.
    expect(findRegressions([aligned(80.5, 70.4)])[0]).toMatchObject({ reason: 'score-drop', delta: -10.1 });
  });
});

describe('findRegressions: a chunk that stops being findable', () => {
  it('lists an aligned chunk that gained unfindable-chunk, with its line, when nothing else regressed', () => {
    const [hit] = findRegressions([aligned(90, 88, [], ['unfindable-chunk'])]);
    expect(hit).toMatchObject({ reason: 'unfindable', delta: -2, newTags: [] });
    expect(hit!.head.issues[0]!.line).toBe(1);
  });

  it('does not list a chunk that was already unfindable, nor a new chunk for it', () => {
    expect(findRegressions([aligned(90, 88, ['unfindable-chunk'], ['unfindable-chunk'])])).toEqual([]);
    expect(findRegressions([fresh(90, ['unfindable-chunk'])])).toEqual([]);
  });

  it('keeps score-drop first when the chunk also fell by chunkDrop', () => {
    expect(findRegressions([aligned(90, 70, [], ['unfindable-chunk'])])[0]!.reason).toBe('score-drop');
  });
});

describe('findRegressions with rules at warn', () => {
  const warn = (tag: Parameters<typeof issue>[0]) => issue(tag, 1, 'high', { level: 'warn' });
  const withIssues = (head: ReturnType<typeof issue>[], score = 85): ChunkMatch => ({
    base: chunk({ text: 'b', score: 90, issues: [] }),
    head: chunk({ text: 'h', score, issues: head }),
    match: 'similarity',
  });

  it('a new tag whose rule is at warn is still a regression, but it does not gate', () => {
    const [hit] = findRegressions([withIssues([warn('table-split')])]);
    expect(hit).toMatchObject({ reason: 'new-high-issue', newTags: ['table-split'], origin: 'new', gating: false });
  });

  it('nor with gate: all, when warn-level tags are its only causes', () => {
    expect(findRegressions([withIssues([warn('table-split')])], { gate: 'all' })[0]!.gating).toBe(false);
    expect(findRegressions([withIssues([warn('unfindable-chunk')])], { gate: 'all' })[0]).toMatchObject({ reason: 'unfindable', gating: false });
  });

  it('a second new tag at error still gates', () => {
    const [hit] = findRegressions([withIssues([warn('table-split'), issue('source-loss')])]);
    expect(hit).toMatchObject({ newTags: ['table-split', 'source-loss'], gating: true });
  });

  it('a score drop with gate: all gates unless warn-level tags are all that is new', () => {
    // 90 → 70: a score drop; with no new tag its causes are not rule findings, so gate: all gates it.
    expect(findRegressions([withIssues([], 70)], { gate: 'all' })[0]!.gating).toBe(true);
    expect(findRegressions([withIssues([warn('oversize-chunk')], 70)], { gate: 'all' })[0]!.gating).toBe(false);
  });
});
