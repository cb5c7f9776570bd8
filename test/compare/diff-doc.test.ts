import { describe, expect, it } from 'vitest';
import { compareDoc } from '../../src/compare/diff-doc.js';
import { chunk, doc, issue } from '../report/factory.js';

const THRESHOLDS = { structural: 70, content: 60, fileDrop: 5, chunkDrop: 10 };

describe('compareDoc', () => {
  it('fails each dropped score once and labels the deltas', () => {
    const base = doc('docs/deploy.md', [chunk({ text: 'A' })], { scores: { structural: 96, content: 88, overall: 91 } });
    const head = doc('docs/deploy.md', [chunk({ text: 'A' })], { scores: { structural: 71, content: 80, overall: 68 } });
    const diff = compareDoc({ path: 'docs/deploy.md', status: 'modified', base, head, baseSource: 'A', headSource: 'A\n' }, THRESHOLDS);
    // drops: 96−71 = 25, 88−80 = 8, 91−68 = 23, all ≥ 5; 71 ≥ 70 and 80 ≥ 60 pass the minimums.
    // A drop is `worsened`; with no chunk finding behind it (the one chunk kept its text and score) it does not gate.
    expect(diff.failures).toEqual([
      { rule: 'fileDrop', score: 'structural', actual: 25, limit: 5, origin: 'worsened', gating: false, message: 'structural fell 25 points (96 → 71); the limit is a 5-point drop (`thresholds.fileDrop`)' },
      { rule: 'fileDrop', score: 'content', actual: 8, limit: 5, origin: 'worsened', gating: false, message: 'content fell 8 points (88 → 80); the limit is a 5-point drop (`thresholds.fileDrop`)' },
      { rule: 'fileDrop', score: 'overall', actual: 23, limit: 5, origin: 'worsened', gating: false, message: 'overall fell 23 points (91 → 68); the limit is a 5-point drop (`thresholds.fileDrop`)' },
    ]);
    expect(diff.deltas.slice(0, 3)).toEqual([
      { kind: 'structural', baseValue: 96, headValue: 71, delta: -25, label: 'regression' },
      { kind: 'content', baseValue: 88, headValue: 80, delta: -8, label: 'regression' },
      { kind: 'overall', baseValue: 91, headValue: 68, delta: -23, label: 'regression' },
    ]);
    expect(diff.deltas).toHaveLength(19); // 3 scores + 11 structural + 5 content metrics
    expect(diff.findings).toEqual([]);
  });

  it('compares drops on the whole points shown: 90 → 85 fails, 90 → 86 does not', () => {
    const base = doc('a.md', [], { scores: { overall: 90 } });
    // 85.4 shows as 85: a 5-point drop, exactly fileDrop.
    const at = compareDoc({ path: 'a.md', status: 'modified', base, head: doc('a.md', [], { scores: { overall: 85.4 } }) }, THRESHOLDS);
    expect(at.failures.map((failure) => [failure.rule, failure.score, failure.actual])).toEqual([['fileDrop', 'overall', 5]]);
    // 85.5 shows as 86: a 4-point drop, although 90 − 85.5 = 4.5.
    const under = compareDoc({ path: 'a.md', status: 'modified', base, head: doc('a.md', [], { scores: { overall: 85.5 } }) }, THRESHOLDS);
    expect(under.failures).toEqual([]);
  });

  it('applies the absolute minimums to the whole points shown, with strict less-than', () => {
    const base = doc('a.md', [], { scores: { structural: 70, content: 60 } });
    // 69.5 and 59.5 show as 70 and 60: at the limits, no failure (no `70 → 70 ❌`).
    const atLimit = compareDoc({ path: 'a.md', status: 'modified', base, head: doc('a.md', [], { scores: { structural: 69.5, content: 59.5 } }) }, THRESHOLDS);
    expect(atLimit.failures).toEqual([]);
    const below = compareDoc({ path: 'a.md', status: 'modified', base, head: doc('a.md', [], { scores: { structural: 69.4, content: 59.4 } }) }, THRESHOLDS);
    // 69 < 70 and 59 < 60; the base met both, so both are new (not gating: no chunk finding explains them).
    expect(below.failures).toEqual([
      { rule: 'structural', score: 'structural', actual: 69.4, limit: 70, origin: 'new', gating: false, message: 'structural is 69, below the minimum of 70 (`thresholds.structural`)' },
      { rule: 'content', score: 'content', actual: 59.4, limit: 60, origin: 'new', gating: false, message: 'content is 59, below the minimum of 60 (`thresholds.content`)' },
    ]);
  });

  it('labels a change of ±0.5 as a regression / improvement and anything smaller as neutral', () => {
    const base = doc('a.md', [], { scores: { structural: 80, content: 80, overall: 80 } });
    const head = doc('a.md', [], { scores: { structural: 79.5, content: 80.5, overall: 79.51 } });
    const diff = compareDoc({ path: 'a.md', status: 'modified', base, head }, THRESHOLDS);
    expect(diff.deltas.slice(0, 3).map((delta) => [delta.delta, delta.label])).toEqual([
      [-0.5, 'regression'],
      [0.5, 'improvement'],
      [-0.49, 'neutral'],
    ]);
  });

  it('reports aligned regressions of a modified file', () => {
    const base = doc('a.md', [chunk({ text: 'Intro text here.', score: 92 }), chunk({ text: 'Stays.', score: 90 })]);
    const head = doc('a.md', [chunk({ text: 'Intro text here, changed.', score: 59, issues: [issue('code-fence-split', 3)] }), chunk({ text: 'Stays.', score: 90 })]);
    const diff = compareDoc({ path: 'a.md', status: 'modified', base, head, baseSource: 'x', headSource: 'y' }, THRESHOLDS);
    // {intro, text, here} vs {intro, text, here, changed}: 3/4 = 0.75 → similarity; 92 → 59 = −33.
    expect(diff.regressions).toHaveLength(1);
    expect(diff.regressions[0]).toMatchObject({ reason: 'score-drop', match: 'similarity', delta: -33, newTags: ['code-fence-split'] });
  });

  it('gives an added file absolute thresholds and new failing chunks only', () => {
    const head = doc('new.md', [chunk({ text: 'ok', score: 90 }), chunk({ text: 'bad', score: 40 })], { scores: { structural: 50, content: 90, overall: 65 } });
    const diff = compareDoc({ path: 'new.md', status: 'added', head, headSource: 'ok\nbad\n' }, THRESHOLDS);
    expect(diff.failures.map((failure) => failure.rule)).toEqual(['structural']);
    expect(diff.regressions.map((regression) => [regression.reason, regression.head.text])).toEqual([['new-failing-chunk', 'bad']]);
    expect(diff.deltas[0]).toEqual({ kind: 'structural', baseValue: null, headValue: 50, delta: null, label: 'neutral' });
    expect(diff.base).toBeUndefined();
  });

  it('lists a removed file with deltas and no findings', () => {
    const base = doc('old.md', [chunk({ text: 'gone', score: 20 })], { scores: { structural: 10 } });
    const diff = compareDoc({ path: 'old.md', status: 'removed', base }, THRESHOLDS);
    expect(diff).toMatchObject({ path: 'old.md', status: 'removed', regressions: [], failures: [] });
    expect(diff.head).toBeUndefined();
    expect(diff.deltas[0]).toMatchObject({ baseValue: 10, headValue: null, delta: null, label: 'neutral' });
  });

  it('reports nothing for a file whose text did not change (unchanged, or a pure rename)', () => {
    const base = doc('a.md', [chunk({ text: 'same', score: 90 })], { scores: { structural: 60 } });
    const head = doc('a.md', [chunk({ text: 'same', score: 50 })], { scores: { structural: 60 } });
    const byStatus = compareDoc({ path: 'a.md', status: 'unchanged', base, head }, THRESHOLDS);
    expect([byStatus.regressions, byStatus.failures, byStatus.findings]).toEqual([[], [], []]);
    const rename = compareDoc({ path: 'b.md', previousPath: 'a.md', status: 'renamed', base, head, baseSource: 'same', headSource: 'same' }, THRESHOLDS);
    expect([rename.regressions, rename.failures, rename.findings]).toEqual([[], [], []]);
    // `gate: all` lists the minimum the file misses (60 < 70) as pre-existing, and gating.
    const all = compareDoc({ path: 'a.md', status: 'unchanged', base, head }, { ...THRESHOLDS, gate: 'all' });
    expect(all.failures.map((failure) => [failure.rule, failure.origin, failure.gating])).toEqual([['structural', 'preexisting', true]]);
  });

  it('keeps the previous path of a renamed file and compares its chunks', () => {
    const base = doc('old.md', [chunk({ text: 'Same body.', score: 90 })]);
    const head = doc('new.md', [chunk({ text: 'Same body.', score: 70 })]);
    const diff = compareDoc({ path: 'new.md', previousPath: 'old.md', status: 'renamed', base, head }, THRESHOLDS);
    expect(diff.previousPath).toBe('old.md');
    // hash match (same text) with a 20-point drop
    expect(diff.regressions[0]).toMatchObject({ reason: 'score-drop', match: 'hash', delta: -20 });
  });

  it('says "1 point" in the singular', () => {
    const diff = compareDoc(
      { path: 'a.md', status: 'modified', base: doc('a.md', [], { scores: { overall: 90 } }), head: doc('a.md', [], { scores: { overall: 89 } }) },
      { ...THRESHOLDS, fileDrop: 1 },
    );
    expect(diff.failures[0]?.message).toBe('overall fell 1 point (90 → 89); the limit is a 1-point drop (`thresholds.fileDrop`)');
  });
});

describe('compareDoc: origin and gating of threshold failures', () => {
  it('calls a minimum the base already missed pre-existing, or worsened when it fell a further fileDrop', () => {
    const base = doc('a.md', [], { scores: { structural: 63 } });
    const same = compareDoc({ path: 'a.md', status: 'modified', base, head: doc('a.md', [], { scores: { structural: 63.2 } }) }, THRESHOLDS);
    expect(same.failures.map((f) => [f.rule, f.origin, f.gating, f.message])).toEqual([
      ['structural', 'preexisting', false, 'structural is 63, below the minimum of 70 (`thresholds.structural`) — 63 on the base branch'],
    ]);
    // 63 → 57: 6 points lower, ≥ fileDrop 5 → worsened (and a drop failure).
    const worse = compareDoc({ path: 'a.md', status: 'modified', base, head: doc('a.md', [], { scores: { structural: 57 } }) }, THRESHOLDS);
    expect(worse.failures.map((f) => [f.rule, f.origin])).toEqual([
      ['structural', 'worsened'],
      ['fileDrop', 'worsened'],
    ]);
  });

  it('keeps a drop whose every driver is a gating item, gating, for the report to fold into it, and names the chunks that drive it', () => {
    const base = doc('a.md', [chunk({ text: 'Intro text here.', score: 92, headingPath: ['Guide'], startLine: 3, endLine: 9 })], { scores: { overall: 92 } });
    const head = doc('a.md', [chunk({ text: 'Intro text here, changed.', score: 59, headingPath: ['Guide'], startLine: 3, endLine: 12, issues: [issue('code-fence-split', 3)] })], {
      scores: { overall: 59 },
    });
    const drop = {
      rule: 'fileDrop',
      score: 'overall',
      actual: 33,
      limit: 5,
      origin: 'worsened',
      gating: true,
      message: 'overall fell 33 points (92 → 59); the limit is a 5-point drop (`thresholds.fileDrop`)',
      drivers: [{ startLine: 3, endLine: 12, headingPath: ['Guide'], before: 92, after: 59, tag: 'code-fence-split' }],
    };
    const diff = compareDoc({ path: 'a.md', status: 'modified', base, head, baseSource: 'x', headSource: 'y' }, THRESHOLDS);
    expect(diff.regressions.map((r) => [r.origin, r.gating])).toEqual([['new', true]]);
    // 92 → 59: a 33-point drop, explained by the new split; its only driver is the chunk at L3–L12,
    // the split regression itself. The data keeps it (it gates: the verdict counts it); the report
    // folds it into the regression it restates (test/report/items.test.ts).
    expect(diff.failures).toEqual([drop]);
    expect('dropFolded' in diff).toBe(false);
    const all = compareDoc({ path: 'a.md', status: 'modified', base, head, baseSource: 'x', headSource: 'y' }, { ...THRESHOLDS, gate: 'all' });
    // With `gate: all` the same: everything gates, the drop and the chunk that drives it.
    expect(all.failures).toEqual([drop]);
    expect(diff.alignment).toEqual([0]);
  });

  it('gates a failure explained by a gating item when another chunk drives it too', () => {
    const base = doc(
      'a.md',
      [
        chunk({ text: 'Intro text here.', score: 92, headingPath: ['Guide'], startLine: 3, endLine: 9 }),
        chunk({ text: 'Setup text here.', score: 90, headingPath: ['Guide', 'Setup'], startLine: 11, endLine: 20 }),
      ],
      { scores: { overall: 91 } },
    );
    const head = doc(
      'a.md',
      [
        chunk({ text: 'Intro text here, changed.', score: 59, headingPath: ['Guide'], startLine: 3, endLine: 12, issues: [issue('code-fence-split', 3)] }),
        chunk({ text: 'Setup text here, reworded.', score: 84, headingPath: ['Guide', 'Setup'], startLine: 14, endLine: 23 }),
      ],
      { scores: { overall: 72 } },
    );
    const diff = compareDoc({ path: 'a.md', status: 'modified', base, head, baseSource: 'x', headSource: 'y' }, THRESHOLDS);
    // The split gates; "Setup" fell 90 → 84 (6 points, under chunkDrop 10): a driver of the
    // 91 → 72 drop that no gating item covers, so the drop says more than the split and gates.
    expect(diff.regressions.map((r) => [r.head.startLine, r.gating])).toEqual([[3, true]]);
    expect(diff.failures.map((f) => [f.rule, f.score, f.actual, f.gating, f.drivers?.map((d) => d.startLine)])).toEqual([['fileDrop', 'overall', 19, true, [3, 14]]]);
  });
});
