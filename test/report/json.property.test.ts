import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonical, renderJsonAt } from '../../src/report/json.js';

/**
 * The former renderJsonAt: the value rendered alone, then every line break re-indented (the
 * module renders it nested, docs/design.md#speed).
 */
function referenceRenderJsonAt(value: unknown, depth: number): string {
  const text = JSON.stringify(canonical(value), null, 2);
  return depth === 0 ? text : text.replaceAll('\n', `\n${'  '.repeat(depth)}`);
}

describe('renderJsonAt (nested in one-element arrays)', () => {
  it('writes any JSON value at any depth as the re-indented rendering did', () => {
    // Strings with line breaks and brackets too: JSON escapes them, so no raw line moves.
    const value = fc.jsonValue({ maxDepth: 4 });
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 5 }), (data, depth) => {
        expect(renderJsonAt(data, depth)).toBe(referenceRenderJsonAt(data, depth));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes empty containers and undefined members at depth as before', () => {
    for (const data of [[], {}, [[]], { a: undefined }, { a: [{}], b: null }, [undefined, 1]]) {
      for (const depth of [1, 2, 3]) expect(renderJsonAt(data, depth)).toBe(referenceRenderJsonAt(data, depth));
    }
  });
});
