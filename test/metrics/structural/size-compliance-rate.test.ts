import { describe, expect, it } from 'vitest';
import { sizeComplianceRate } from '../../../src/metrics/structural/size-compliance-rate.js';
import { sized } from './fixture.js';

describe('sizeComplianceRate: each strategy against the band it claims', () => {
  it('holds fixed windows to [0.7·max, max], except the last window, the remainder', () => {
    // max 100: 69 no, 70 yes, 100 yes, then the last window 101 no (over max) → 2 / 4 = 50
    expect(sizeComplianceRate(sized([69, 70, 100, 101], { strategy: 'fixed', max: 100 }))).toBe(50);
    // a short last window complies: 80 yes, 90 yes, 5 (last, ≤ 100) yes → 100
    expect(sizeComplianceRate(sized([80, 90, 5], { strategy: 'fixed', max: 100 }))).toBe(100);
    // a document shorter than max is one window: it is the last, so it complies
    expect(sizeComplianceRate(sized([12], { strategy: 'fixed', max: 100 }))).toBe(100);
  });

  it('holds packing strategies and presets only to max, the bound they claim', () => {
    // recursive: 75 yes, 30 yes, 101 no → 2 / 3 = 66.67
    expect(sizeComplianceRate(sized([75, 30, 101], { strategy: 'recursive', max: 100 }))).toBeCloseTo(66.6667, 3);
    // langchain-markdown: 9 yes, 100 yes → 100
    expect(sizeComplianceRate(sized([9, 100], { strategy: 'langchain-markdown', max: 100 }))).toBe(100);
  });

  it('uses [min, max] for the heading strategy', () => {
    // min 10, max 100: 9 no, 10 yes, 69 yes, 101 no → 2 / 4 = 50
    expect(sizeComplianceRate(sized([9, 10, 69, 101], { strategy: 'heading', min: 10, max: 100 }))).toBe(50);
    // The same sizes under `fixed`: 9, 10, 69 are below 70 and not last; 101 is over max → 0
    expect(sizeComplianceRate(sized([9, 10, 69, 101], { strategy: 'fixed', min: 10, max: 100 }))).toBe(0);
  });

  it('scores 100 without chunks', () => {
    expect(sizeComplianceRate({ ...sized([1]), chunks: [] })).toBe(100);
  });
});
