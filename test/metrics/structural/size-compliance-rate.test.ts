import { describe, expect, it } from 'vitest';
import { sizeComplianceRate } from '../../../src/metrics/structural/size-compliance-rate.js';
import { sized } from './fixture.js';

describe('sizeComplianceRate', () => {
  it('counts chunks in [0.7·max, max] for packing strategies', () => {
    // max 100 → band [70, 100]: 69 no, 70 yes, 100 yes, 101 no → 2 / 4 = 50
    expect(sizeComplianceRate(sized([69, 70, 100, 101], { strategy: 'fixed', max: 100 }))).toBe(50);
    // recursive uses the same band: 75 yes, 30 no, 90 yes → 2 / 3 = 66.67
    expect(sizeComplianceRate(sized([75, 30, 90], { strategy: 'recursive', max: 100 }))).toBeCloseTo(66.6667, 3);
  });

  it('uses [min, max] for the heading strategy', () => {
    // min 10, max 100: 9 no, 10 yes, 69 yes, 101 no → 2 / 4 = 50
    expect(sizeComplianceRate(sized([9, 10, 69, 101], { strategy: 'heading', min: 10, max: 100 }))).toBe(50);
    // The same sizes under `fixed` (band [70, 100]) comply nowhere → 0
    expect(sizeComplianceRate(sized([9, 10, 69, 101], { strategy: 'fixed', min: 10, max: 100 }))).toBe(0);
  });

  it('scores 100 without chunks', () => {
    expect(sizeComplianceRate({ ...sized([1]), chunks: [] })).toBe(100);
  });
});
