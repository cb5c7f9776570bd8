import { describe, expect, it } from 'vitest';
import { crossChunkRedundancyReversed } from '../../../../src/metrics/content/heuristic/cross-chunk-redundancy-reversed.js';
import { inputOf } from './helpers.js';

const words = (from: number, to: number): string =>
  Array.from({ length: to - from + 1 }, (_, index) => `a${String(from + index).padStart(2, '0')}`).join(' ');

describe('crossChunkRedundancyReversed', () => {
  it('scores 100 × (1 − min(1, max(0, d − 0.1) / 0.6)) with d the share of shingles found elsewhere', () => {
    const one = 'alpha beta gamma delta epsilon zeta eta theta iota kappa.';
    const two = 'lambda mu nu xi omicron pi rho sigma tau upsilon.';
    const three = 'alpha beta gamma delta epsilon phi chi psi omega omega2.';
    const input = inputOf(`${one}\n\n${two}\n\n${three}\n`, [{ text: one }, { text: two }, { text: three }]);
    // Chunks 1 and 3: 10 tokens → 6 shingles, 1 shared ("alpha … epsilon") → d = 1/6 = 0.1667
    // → 100 × (1 − 0.0667 / 0.6) = 88.89 → 88.9. Chunk 2 shares nothing → 100.
    expect(crossChunkRedundancyReversed(input)).toEqual([88.9, 100, 88.9]);
  });

  it('excuses the configured overlap with a direct neighbour, and only that much', () => {
    const source = `${words(1, 20)}\n`;
    // Each word is 3 chars + a space. A = a01…a12, B = a07…a20: they share a07…a12 (2 shingles).
    const specs = [{ text: words(1, 12) }, { text: words(7, 20) }];
    // Overlap 0: A has 8 shingles, 2 shared → d = 0.25 → 100 × (1 − 0.15 / 0.6) = 75;
    // B has 10 shingles, 2 shared → d = 0.2 → 100 × (1 − 0.1 / 0.6) = 83.33 → 83.3.
    expect(crossChunkRedundancyReversed(inputOf(source, specs))).toEqual([75, 83.3]);
    // Overlap 20 chars (+20% slack = 24): the shared shingles lie within 23 chars of the cut → excused.
    expect(crossChunkRedundancyReversed(inputOf(source, specs, { overlap: 20 }))).toEqual([100, 100]);
    // Overlap 10 chars (12 allowed): a07…a11 starts 23 chars before A's end, a08…a12 19 → neither excused in A;
    // in B they end 19 and 23 chars after its start → neither excused either.
    expect(crossChunkRedundancyReversed(inputOf(source, specs, { overlap: 10 }))).toEqual([75, 83.3]);
  });

  it('does not count text a chunker repeats on purpose (prefix) and scores tiny chunks 100', () => {
    const one = 'alpha beta gamma delta epsilon zeta eta theta iota kappa.';
    const two = 'lambda mu nu xi omicron pi rho sigma tau upsilon.';
    const input = inputOf(`${one}\n\n${two}\n\nshort words here\n`, [
      { text: one },
      { text: two, prefix: [`${one}\n\n`] },
      { text: 'short words here' },
    ]);
    expect(crossChunkRedundancyReversed(input)).toEqual([100, 100, 100]);
  });
});
