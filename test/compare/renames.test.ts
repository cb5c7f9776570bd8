import { describe, expect, it } from 'vitest';
import { followRenames, similarity, type TextPair } from '../../src/compare/renames.js';

const removed = (path: string, base: string): TextPair => ({ path, status: 'removed', base, head: null });
const added = (path: string, head: string): TextPair => ({ path, status: 'added', base: null, head });

describe('similarity', () => {
  it('counts the characters of unchanged lines over the longer text', () => {
    expect(similarity('same\n', 'same\n')).toBe(1);
    // "a\nb\nc\n" (6 characters) unchanged of 8 → 0.75
    expect(similarity('a\nb\nc\nd\n', 'a\nb\nc\nX\n')).toBe(0.75);
    // nothing shared
    expect(similarity('a\n', 'b\n')).toBe(0);
    expect(similarity('', 'b\n')).toBe(0);
  });
});

describe('followRenames', () => {
  it('pairs a removed and an added file of the same text as one rename, at the added file’s place', () => {
    const pairs = [removed('docs/old.md', 'Body.\n'), added('docs/new.md', 'Body.\n'), { path: 'docs/x.md', status: 'modified' as const, base: 'x', head: 'y' }];
    expect(followRenames(pairs)).toEqual([
      { path: 'docs/new.md', previousPath: 'docs/old.md', status: 'renamed', base: 'Body.\n', head: 'Body.\n' },
      { path: 'docs/x.md', status: 'modified', base: 'x', head: 'y' },
    ]);
  });

  it('pairs a rename with an edit at 50% similarity or more (git’s rule), not below', () => {
    const base = 'one\ntwo\nthree\nfour\n';
    // "one\ntwo\n" (8) of 19 unchanged → 0.42: not a rename
    expect(followRenames([removed('a.md', base), added('b.md', 'one\ntwo\nTHREE!!\nFOUR!\n')]).map((pair) => pair.status)).toEqual(['removed', 'added']);
    // "one\ntwo\nthree\n" (14) of 19 → 0.74: a rename
    expect(followRenames([removed('a.md', base), added('b.md', 'one\ntwo\nthree\nFOUR\n')]).map((pair) => [pair.path, pair.status, pair.previousPath])).toEqual([['b.md', 'renamed', 'a.md']]);
  });

  it('breaks ties deterministically: the same file name first, then path order', () => {
    const text = 'Identical body.\n';
    const sameName = followRenames([removed('docs/a.md', text), removed('docs/b.md', text), added('new/b.md', text)]);
    expect(sameName.map((pair) => [pair.path, pair.previousPath ?? null, pair.status])).toEqual([
      ['docs/a.md', null, 'removed'],
      ['new/b.md', 'docs/b.md', 'renamed'],
    ]);
    // No name in common: the first removed path pairs with the first added path, whatever the input order.
    const orders = [
      [removed('z/one.md', text), removed('a/two.md', text), added('m/three.md', text), added('b/four.md', text)],
      [added('b/four.md', text), added('m/three.md', text), removed('a/two.md', text), removed('z/one.md', text)],
    ];
    const renames = orders.map((pairs) =>
      followRenames(pairs)
        .filter((pair) => pair.status === 'renamed')
        .map((pair) => `${pair.previousPath} → ${pair.path}`)
        .sort(),
    );
    expect(renames[0]).toEqual(['a/two.md → b/four.md', 'z/one.md → m/three.md']);
    expect(renames[1]).toEqual(renames[0]);
  });
});
