/**
 * The near-duplicate rule when many chunks are near duplicates of each other (a template
 * repeated with small edits: every pair is a candidate). Target (docs/design.md#speed): O(n log n) or better, so the
 * time per chunk must stay flat as the group grows.
 */
import { checkNearDuplicates } from '../src/metrics/rules/near-duplicate.js';
import type { Chunk } from '../src/types.js';
import { cpuMs, line } from './measure.js';

function chunk(index: number, text: string): Chunk {
  return { id: String(index), index, text, tokens: 0, chars: text.length, headingPath: [], startLine: index + 1, endLine: index + 1, startOffset: 0, endOffset: 0, kinds: [], spans: [] };
}

/** Prints the time per chunk for growing groups of 300-word near duplicates; returns the largest over the smallest. */
export function benchNearDuplicates(): number {
  const words = Array.from({ length: 300 }, (_, index) => `w${index % 97}x${index}`);
  const perChunk: number[] = [];
  for (const count of [1000, 2000, 4000, 8000]) {
    const chunks = Array.from({ length: count }, (_, index) => {
      const edited = [...words];
      edited[(index * 7) % 300] = `v${index}`;
      edited[(index * 13) % 300] = `u${index}`;
      return chunk(index, edited.join(' '));
    });
    const input = { doc: { path: 'x.md', source: '', lineStarts: [0], frontmatter: null, blocks: [] }, chunks, options: {} as never, measure: { unit: 'chars' as const, size: (text: string) => text.length } };
    const start = cpuMs();
    const findings = checkNearDuplicates(input).length;
    const elapsed = cpuMs() - start;
    perChunk.push(elapsed / count);
    line(`${count} chunks, all near duplicates of each other`, `${elapsed.toFixed(0).padStart(7)} ms · ${((elapsed / count) * 1000).toFixed(0).padStart(5)} µs/chunk · ${findings} findings`);
  }
  return perChunk.at(-1)! / perChunk[0]!;
}
