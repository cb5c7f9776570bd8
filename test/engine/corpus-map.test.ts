import { describe, expect, it } from 'vitest';
import { corpusMap } from '../../src/engine/corpus.js';

describe('corpusMap', () => {
  it('finds a file by path and text, each pair on its own', () => {
    const map = corpusMap<number | null>();
    map.set('a.md', 'one', 1);
    map.set('a.md', 'two', 2);
    map.set('b.md', 'one', null);
    expect(map.get('a.md', 'one')).toBe(1);
    expect(map.get('a.md', 'two')).toBe(2);
    // A stored null is there; an absent pair is undefined.
    expect(map.get('b.md', 'one')).toBeNull();
    expect(map.has('b.md', 'one')).toBe(true);
    expect(map.get('b.md', 'two')).toBeUndefined();
    expect(map.has('c.md', 'one')).toBe(false);
    // Equal texts built separately are the same key: lookups compare contents, not string objects.
    expect(map.get('a.md', ['o', 'n', 'e'].join(''))).toBe(1);
    map.set('a.md', 'one', 3);
    expect(map.get('a.md', 'one')).toBe(3);
  });

  it('does not confuse a path and text split at another place', () => {
    const map = corpusMap<string>();
    map.set('a', 'b\u0000c', 'first');
    expect(map.get('a\u0000b', 'c')).toBeUndefined();
    expect(map.get('a', 'b\u0000c')).toBe('first');
  });
});
