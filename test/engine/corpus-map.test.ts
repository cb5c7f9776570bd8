import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corpusMap } from '../../src/engine/corpus-map.js';

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

  it('answers as a map of maps keyed by path then text, for any sequence of sets and lookups', () => {
    // Texts built afresh for each operation (not the same string objects), from a small alphabet so paths and texts repeat.
    const part = fc.array(fc.constantFrom('a', 'b', '\u0000', 'é'), { maxLength: 3 });
    const op = fc.tuple(fc.constantFrom('set', 'get', 'has'), part, part, fc.integer());
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const map = corpusMap<number>();
        const reference = new Map<string, Map<string, number>>();
        for (const [kind, pathParts, textParts, value] of ops) {
          const path = pathParts.join('');
          const text = textParts.join('');
          if (kind === 'set') {
            map.set(path, text, value);
            if (!reference.has(path)) reference.set(path, new Map());
            reference.get(path)!.set(text, value);
          } else if (kind === 'get') expect(map.get(path, text)).toBe(reference.get(path)?.get(text));
          else expect(map.has(path, text)).toBe(reference.get(path)?.has(text) ?? false);
        }
      }),
      { numRuns: 500 },
    );
  });
});
