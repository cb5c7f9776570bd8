import { describe, expect, it } from 'vitest';
import { compareDoc } from '../../src/compare/diff-doc.js';
import { failsCheck, fileItems, foldedDrops, shownFailures } from '../../src/report/items.js';
import { chunk, doc, issue } from './factory.js';
import { THRESHOLDS } from './sample.js';

const intro = (score: number, endLine: number, issues = [] as ReturnType<typeof issue>[]) =>
  chunk({ text: score > 80 ? 'Intro text here.' : 'Intro text here, changed.', score, headingPath: ['Guide'], startLine: 3, endLine, issues });

describe('fileItems: file score drops', () => {
  it('folds a gating drop whose every driver is a listed item into it: no row, and the item fails under threshold', () => {
    // 92 → 59: a 33-point overall drop (limit 5); its only driver is the chunk at L3–L12, a new code split.
    const base = doc('a.md', [intro(92, 9)], { scores: { overall: 92 } });
    const head = doc('a.md', [intro(59, 12, [issue('code-fence-split', 3)])], { scores: { overall: 59 } });
    const file = compareDoc({ path: 'a.md', status: 'modified', base, head, baseSource: 'x', headSource: 'y' }, THRESHOLDS);
    const drop = file.failures[0]!;
    expect([drop.rule, drop.gating]).toEqual(['fileDrop', true]);
    const items = fileItems(file);
    expect(items.map((item) => [item.type, item.bucket])).toEqual([['regression', 'breaks']]);
    expect(items[0]!.type !== 'rename' && items[0]!.type !== 'failure' ? items[0]!.drops : null).toEqual([drop]);
    expect(foldedDrops(file)).toEqual([drop]);
    expect(shownFailures(file)).toEqual([]);
    // A regression alone is not a threshold failure; with the drop it restates folded in, it is.
    expect(failsCheck(items[0]!, ['threshold'])).toBe(true);
    expect(failsCheck(items[0]!, ['regression'])).toBe(true);
    expect(failsCheck(items[0]!, ['partial'])).toBe(false);
  });

  it('keeps a gating drop as a row when another chunk drives it too', () => {
    const setup = (score: number, startLine: number, endLine: number) =>
      chunk({ text: score > 85 ? 'Setup text here.' : 'Setup text here, reworded.', score, headingPath: ['Guide', 'Setup'], startLine, endLine });
    const base = doc('a.md', [intro(92, 9), setup(90, 11, 20)], { scores: { overall: 91 } });
    const head = doc('a.md', [intro(59, 12, [issue('code-fence-split', 3)]), setup(84, 14, 23)], { scores: { overall: 72 } });
    const file = compareDoc({ path: 'a.md', status: 'modified', base, head, baseSource: 'x', headSource: 'y' }, THRESHOLDS);
    // Drivers: L3–L12 (92 → 59, the split) and L14–L23 (90 → 84, no finding): the drop says more than the split.
    expect(file.failures[0]!.drivers!.map((driver) => driver.startLine)).toEqual([3, 14]);
    expect(fileItems(file).map((item) => [item.type, item.bucket])).toEqual([
      ['regression', 'breaks'],
      ['failure', 'breaks'],
    ]);
    expect(foldedDrops(file)).toEqual([]);
    expect(shownFailures(file)).toEqual(file.failures);
  });

  it('gives a drop with no driver of weight no row', () => {
    // 90 → 84: the chunk fell 6 points, under chunkDrop (10): no regression, no finding; the file's
    // overall fell 6, past fileDrop (5), but nothing of weight explains it: it does not gate.
    const base = doc('a.md', [intro(90, 9)], { scores: { overall: 90 } });
    const head = doc('a.md', [chunk({ text: 'Intro text here, reworded.', score: 84, headingPath: ['Guide'], startLine: 3, endLine: 9 })], { scores: { overall: 84 } });
    const file = compareDoc({ path: 'a.md', status: 'modified', base, head, baseSource: 'x', headSource: 'y' }, THRESHOLDS);
    expect(file.failures.map((failure) => [failure.rule, failure.score, failure.gating])).toEqual([['fileDrop', 'overall', false]]);
    expect(fileItems(file)).toEqual([]);
    expect(shownFailures(file)).toEqual([]);
    // Not folded into a gating item either: nothing gates.
    expect(foldedDrops(file)).toEqual([]);
  });

  it('keeps a minimum missed as a row, folding only the drop beside it', () => {
    // structural 96 → 60: below the minimum (70) and a 36-point drop, both driven by the split alone.
    const base = doc('a.md', [intro(92, 9)], { scores: { structural: 96 } });
    const head = doc('a.md', [intro(59, 12, [issue('code-fence-split', 3)])], { scores: { structural: 60 } });
    const file = compareDoc({ path: 'a.md', status: 'modified', base, head, baseSource: 'x', headSource: 'y' }, THRESHOLDS);
    expect(file.failures.map((failure) => [failure.rule, failure.score])).toEqual([
      ['structural', 'structural'],
      ['fileDrop', 'structural'],
    ]);
    expect(shownFailures(file).map((failure) => failure.rule)).toEqual(['structural']);
    expect(foldedDrops(file).map((failure) => failure.rule)).toEqual(['fileDrop']);
  });
});
