import { describe, expect, it } from 'vitest';
import { closestMatch } from '../../src/shared/closest-match.js';

const KEYS = ['include', 'exclude', 'chunking', 'scoring', 'llm', 'thresholds', 'golden', 'overrides'];

describe('closestMatch', () => {
  it('finds a dropped letter: chunkin → chunking (distance 1 ≤ floor(8 / 3) = 2)', () => {
    expect(closestMatch('chunkin', KEYS)).toBe('chunking');
  });

  it('counts a swap of adjacent letters as one edit: modle → model (limit floor(5 / 3) = 1)', () => {
    expect(closestMatch('modle', ['model', 'baseURL'])).toBe('model');
  });

  it('ignores case: Thresholds → thresholds', () => {
    expect(closestMatch('Thresholds', KEYS)).toBe('thresholds');
  });

  it('returns null when nothing is close: webhook vs the top-level keys', () => {
    expect(closestMatch('webhook', KEYS)).toBeNull();
  });

  it('prefers the nearer candidate, and the earlier one on a tie', () => {
    // "max" → "min": 2 edits; "max" → "maxx": 1 edit.
    expect(closestMatch('max', ['min', 'maxx'], { maxDistance: 2 })).toBe('maxx');
    // "ab" → "ax" and "ab" → "xb": 1 edit each; the first wins.
    expect(closestMatch('ab', ['ax', 'xb'])).toBe('ax');
  });

  it('respects maxDistance', () => {
    // "heding" → "heading" is 1 edit.
    expect(closestMatch('heding', ['heading'], { maxDistance: 0 })).toBeNull();
    expect(closestMatch('heding', ['heading'], { maxDistance: 1 })).toBe('heading');
  });

  it('handles empty input', () => {
    expect(closestMatch('', [])).toBeNull();
    // "" → "a" is 1 edit, within the minimum limit of 1.
    expect(closestMatch('', ['a'])).toBe('a');
  });
});
