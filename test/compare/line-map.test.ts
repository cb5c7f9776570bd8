import { describe, expect, it } from 'vitest';
import { mapLines } from '../../src/compare/line-map.js';

describe('mapLines', () => {
  it('maps unchanged lines one to one and a rewritten line to the whole added range', () => {
    // base: a b c d      head: a X Y c d E
    // a: 1→1; b was rewritten as X Y: 2→2..3; c: 3→4; d: 4→5; E is only added.
    const map = mapLines('a\nb\nc\nd\n', 'a\nX\nY\nc\nd\nE');
    expect(map.slice(1)).toEqual([
      { from: 1, to: 1 },
      { from: 2, to: 3 },
      { from: 4, to: 4 },
      { from: 5, to: 5 },
    ]);
  });

  it('maps a deleted line to null and shifts the lines after it', () => {
    // base: a b c   head: a c  → b deleted, c moves from line 3 to line 2
    expect(mapLines('a\nb\nc\n', 'a\nc\n').slice(1)).toEqual([{ from: 1, to: 1 }, null, { from: 2, to: 2 }]);
  });

  it('maps nothing for empty sources', () => {
    expect(mapLines('', '')).toEqual([null]);
  });

  it('maps nothing once the diff exceeds maxEditLength', () => {
    // Rewriting 3 lines takes 6 edits (3 removals + 3 additions): within the default budget the
    // whole hunk maps to head 1–3; with a budget of 1 edit nothing maps.
    expect(mapLines('a\nb\nc\n', 'x\ny\nz\n').slice(1)).toEqual([
      { from: 1, to: 3 },
      { from: 1, to: 3 },
      { from: 1, to: 3 },
    ]);
    expect(mapLines('a\nb\nc\n', 'x\ny\nz\n', { maxEditLength: 1 })).toEqual([null]);
  });
});
