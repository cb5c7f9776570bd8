import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { settingsFor } from '../../src/config/resolve.js';
import { evaluateDocument } from '../../src/engine/evaluate.js';
import { quickChecksOf, quickTally } from '../../src/metrics/quick-checks.js';
import { chunk, doc } from '../report/factory.js';

/** A chunk of `tokens` tokens that its own query finds (`found`) or not. */
const piece = (text: string, tokens: number, found = true) => chunk({ text, tokens, metrics: { self_retrievability: found ? 100 : 0 } });

// 5 chunks: found 3 (0.6), clean ends 60% of 5 = 3, one duplicate (chunk 2 repeats chunk 0 once
// whitespace is folded; the blank chunk 3 is not a duplicate), tokens 10+20+30+5+40 = 105.
const a = doc(
  'a.md',
  [piece('Alpha one.', 10), piece('Beta two.', 20), piece('Alpha \n  one.', 30, false), piece('   ', 5, false), piece('Gamma', 40)],
  { metrics: { boundary_integrity: 60 } },
);
// 2 chunks, both found, both clean; its first chunk repeats a.md's first chunk.
const b = doc('b.md', [piece('Alpha one.', 8), piece('Delta.', 12)], { metrics: { boundary_integrity: 100 } });

describe('quickTally', () => {
  it('counts findable chunks, clean ends, duplicates and token lengths of one file', () => {
    const tally = quickTally(a);
    expect({ ...tally, keys: tally.keys.length }).toEqual({
      path: 'a.md',
      chunks: 5,
      findable: 3,
      cleanEnds: 3,
      duplicates: 1,
      tokens: { total: 105, min: 5, max: 40 },
      keys: 4, // the blank chunk has no key
    });
    expect(tally.keys[0]).toBe(tally.keys[2]);
  });

  it('has no lengths for a file with no chunks', () => {
    expect(quickTally(doc('empty.md', []))).toMatchObject({ chunks: 0, findable: 0, cleanEnds: 0, duplicates: 0, tokens: null, keys: [] });
  });
});

describe('quickChecksOf', () => {
  it('gives each file its shares against the targets (0.8, 70%, 5%) and its mean/min/max length', () => {
    const { files } = quickChecksOf([quickTally(a), quickTally(b)]);
    expect(files[0]).toEqual({
      path: 'a.md',
      chunks: 5,
      selfRetrievability: { value: 0.6, target: 0.8, pass: false },
      cleanEnds: { value: 0.6, target: 0.7, pass: false },
      duplicates: { value: 0.2, target: 0.05, pass: false },
      tokens: { mean: 21, min: 5, max: 40 },
    });
    expect(files[1]).toEqual({
      path: 'b.md',
      chunks: 2,
      selfRetrievability: { value: 1, target: 0.8, pass: true },
      cleanEnds: { value: 1, target: 0.7, pass: true },
      duplicates: { value: 0, target: 0.05, pass: true },
      tokens: { mean: 10, min: 8, max: 12 },
    });
  });

  it('pools the run over all chunks and counts a chunk repeating another file\'s as a duplicate', () => {
    const { run } = quickChecksOf([quickTally(a), quickTally(b)]);
    // 7 chunks: found 3 + 2 = 5, clean 3 + 2 = 5, duplicates a.md's own 1 + b.md's "Alpha one." = 2;
    // tokens (105 + 20) / 7, min 5, max 40.
    expect(run.chunks).toBe(7);
    expect(run.selfRetrievability.value).toBeCloseTo(5 / 7, 12);
    expect(run.selfRetrievability.pass).toBe(false); // 0.714 < 0.8
    expect(run.cleanEnds.value).toBeCloseTo(5 / 7, 12);
    expect(run.cleanEnds.pass).toBe(true); // 0.714 ≥ 0.7
    expect(run.duplicates.value).toBeCloseTo(2 / 7, 12);
    expect(run.duplicates.pass).toBe(false);
    expect(run.tokens!.mean).toBeCloseTo(125 / 7, 12);
    expect([run.tokens!.min, run.tokens!.max]).toEqual([5, 40]);
  });

  it('passes a value exactly at its target and fails one just past it', () => {
    const found = (n: number, of: number) => doc('x.md', Array.from({ length: of }, (_, i) => piece(`Chunk ${i}.`, 1, i < n)));
    expect(quickChecksOf([quickTally(found(4, 5))]).run.selfRetrievability).toEqual({ value: 0.8, target: 0.8, pass: true });
    expect(quickChecksOf([quickTally(found(7, 9))]).run.selfRetrievability.pass).toBe(false); // 0.778
    const clean = (percent: number, of: number) => doc('x.md', Array.from({ length: of }, (_, i) => piece(`Chunk ${i}.`, 1)), { metrics: { boundary_integrity: percent } });
    expect(quickChecksOf([quickTally(clean(70, 10))]).run.cleanEnds).toEqual({ value: 0.7, target: 0.7, pass: true });
    expect(quickChecksOf([quickTally(clean(60, 10))]).run.cleanEnds.pass).toBe(false);
    const repeated = (copies: number) => doc('x.md', Array.from({ length: 20 }, (_, i) => piece(i <= copies ? 'Same.' : `Chunk ${i}.`, 1)));
    expect(quickChecksOf([quickTally(repeated(1))]).run.duplicates).toEqual({ value: 0.05, target: 0.05, pass: true });
    expect(quickChecksOf([quickTally(repeated(2))]).run.duplicates).toEqual({ value: 0.1, target: 0.05, pass: false });
  });

  it('scores no chunks as the metrics do: nothing unfindable, cut or repeated, no lengths', () => {
    const { run, files } = quickChecksOf([quickTally(doc('empty.md', []))]);
    expect(run).toEqual({
      chunks: 0,
      selfRetrievability: { value: 1, target: 0.8, pass: true },
      cleanEnds: { value: 1, target: 0.7, pass: true },
      duplicates: { value: 0, target: 0.05, pass: true },
      tokens: null,
    });
    expect(files).toHaveLength(1);
    expect(quickChecksOf([]).run.chunks).toBe(0);
  });
});

describe('quick checks of an evaluated page', () => {
  it('count the chunks that end on a sentence or a whole block, and the findable ones', () => {
    const config = parseConfig('chunking: { min: 1 }\n', '.chunkgate.yml');
    const settings = settingsFor(config, 'a.md');
    const source = [
      '# Install',
      '',
      'Run the installer on every machine.',
      '',
      '## Flags',
      '',
      'The flags are listed below and the list continues',
      '',
      '## Table',
      '',
      '| flag | use |',
      '|---|---|',
      '| -v | verbose |',
      '',
    ].join('\n');
    const evaluated = evaluateDocument('a.md', source, { chunking: settings.chunking, rules: settings.rules, weights: config.scoring.weights });
    // Three sections: a sentence end, a cut sentence, a whole table: 2 of 3 end cleanly.
    expect(evaluated.chunks.map((item) => item.headingPath.at(-1))).toEqual(['Install', 'Flags', 'Table']);
    const tally = quickTally(evaluated);
    expect(tally.cleanEnds).toBe(2);
    expect(tally.findable).toBe(evaluated.chunks.filter((item) => item.metrics.self_retrievability === 100).length);
    expect(tally.tokens).toEqual({
      total: evaluated.chunks.reduce((sum, item) => sum + item.tokens, 0),
      min: Math.min(...evaluated.chunks.map((item) => item.tokens)),
      max: Math.max(...evaluated.chunks.map((item) => item.tokens)),
    });
  });
});
