import { describe, expect, it } from 'vitest';
import { headLineOrigins, mapLines } from '../../src/compare/line-map.js';

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

describe('headLineOrigins', () => {
  it('gives each head line its base line, the rewritten ones paired in order, the extra ones the base line they follow', () => {
    // base: a b c d      head: a X Y c d E
    // a ← 1; b rewritten as X Y: X ← 2 (changed), Y added after base 2; c ← 3; d ← 4; E added after base 4.
    expect(headLineOrigins('a\nb\nc\nd\n', 'a\nX\nY\nc\nd\nE')?.slice(1)).toEqual([
      { base: 1, changed: false },
      { base: 2, changed: true },
      { after: 2 },
      { base: 3, changed: false },
      { base: 4, changed: false },
      { after: 4 },
    ]);
  });

  it('skips deleted lines and gives lines added at the top `after: 0`', () => {
    // base: a b c   head: N a c  → N added before base 1, b deleted, c from base 3.
    expect(headLineOrigins('a\nb\nc\n', 'N\na\nc\n')?.slice(1)).toEqual([{ after: 0 }, { base: 1, changed: false }, { base: 3, changed: false }]);
  });

  it('is null once the diff exceeds maxEditLength', () => {
    expect(headLineOrigins('a\nb\nc\n', 'x\ny\nz\n', { maxEditLength: 1 })).toBeNull();
  });
});
