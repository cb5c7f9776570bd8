/**
 * repeatedBlocksOfSides counts the pages both sides share once (docs/design.md#speed): each side's repeated
 * blocks must be what the former one-side count gives, kept here as the reference.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repeatedBlocks, repeatedBlocksOfSides, type BoilerplateOptions, type RepeatedBlock } from '../../src/metrics/boilerplate.js';
import type { PageBlock, PageBlocks } from '../../src/types.js';

/** The former repeatedBlocks: the holders of each block counted over the side's pages alone. */
function referenceRepeatedBlocks(pages: readonly PageBlocks[], options: BoilerplateOptions = {}): RepeatedBlock[] {
  const unique = [...new Map([...pages].reverse().map((page) => [page.path, page])).values()];
  const threshold = Math.max(options.minPages ?? 3, Math.ceil((options.minShare ?? 0.1) * unique.length));
  const holders = new Map<string, Set<string>>();
  for (const { path, blocks } of unique) for (const block of blocks) holders.set(block.key, (holders.get(block.key) ?? new Set()).add(path));
  const repeated: RepeatedBlock[] = [];
  for (const { path, blocks } of unique) {
    for (const block of blocks) {
      const count = holders.get(block.key)!.size;
      if (count >= threshold) repeated.push({ ...block, path, pages: count, of: unique.length, threshold });
    }
  }
  return repeated.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.start - b.start));
}

/** Few keys, so blocks repeat within a page, across pages and across sides. */
const block = fc.record({ key: fc.constantFrom('k1', 'k2', 'k3', 'k4', 'k5', 'k6'), line: fc.nat(40), level: fc.constantFrom(undefined, 'off', 'warn') });
const page = fc.record({ path: fc.constantFrom('a.md', 'b.md', 'c.md', 'd.md', 'e.md', 'f.md', 'g.md', 'h.md'), blocks: fc.array(block, { maxLength: 5 }) });

/** Blocks with distinct offsets, as a page's are. */
function pageOf(path: string, blocks: readonly { key: string; line: number; level: 'off' | 'warn' | undefined }[]): PageBlocks {
  return { path, blocks: blocks.map(({ key, line, level }, at): PageBlock => ({ key, start: at * 10, line, excerpt: key, ...(level ? { level } : {}) })) };
}

describe('repeatedBlocksOfSides (property)', () => {
  it("gives each side the former count's repeated blocks, whatever the sides share", () => {
    fc.assert(
      fc.property(
        fc.array(page, { maxLength: 12 }),
        fc.array(page, { maxLength: 4 }),
        fc.array(fc.nat(11), { maxLength: 4 }),
        fc.record({ minPages: fc.constantFrom(undefined, 1, 2, 3), minShare: fc.constantFrom(undefined, 0, 0.1, 0.5) }),
        (basePages, added, dropped, limits) => {
          const options: BoilerplateOptions = { ...(limits.minPages !== undefined ? { minPages: limits.minPages } : {}), ...(limits.minShare !== undefined ? { minShare: limits.minShare } : {}) };
          const base = basePages.map((entry) => pageOf(entry.path, entry.blocks));
          // The head: the base's pages (the same objects, or equal copies), some dropped, some added or changed.
          const head = [...added.map((entry) => pageOf(entry.path, entry.blocks)), ...base.filter((_, at) => !dropped.includes(at)).map((entry, at) => (at % 2 ? entry : { path: entry.path, blocks: entry.blocks.map((one) => ({ ...one })) }))];
          const [gotBase, gotHead] = repeatedBlocksOfSides([base, head], options);
          expect(gotBase).toEqual(referenceRepeatedBlocks(base, options));
          expect(gotHead).toEqual(referenceRepeatedBlocks(head, options));
          expect(repeatedBlocks(head, options)).toEqual(referenceRepeatedBlocks(head, options));
        },
      ),
      { numRuns: 2000, endOnFailure: true },
    );
  });
});
