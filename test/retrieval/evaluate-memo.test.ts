import { describe, expect, it } from 'vitest';
import { evaluateRetrieval, type CorpusSide } from '../../src/retrieval/evaluate.js';
import type { Chunk } from '../../src/types.js';

const unchanged = 'Deploy with the CLI.\n\nRollback restores the previous tag.\n';
const before = 'Tokens expire after an hour.\n';
const after = 'Tokens expire after a day.\n';

function chunk(source: string, start: number, end: number, index: number): Chunk {
  const text = source.slice(start, end);
  return { id: `c${index}`, index, text, tokens: 1, chars: text.length, headingPath: [], startLine: 1, endLine: 1, startOffset: start, endOffset: end, kinds: ['paragraph'], spans: [{ start, end }] };
}

/** A side of two files whose retriever returns every chunk, first to last. */
function side(token: string): CorpusSide {
  return {
    files: [
      { path: 'a.md', source: unchanged, chunks: [chunk(unchanged, 0, 20, 0), chunk(unchanged, 22, unchanged.length, 1)] },
      { path: 'b.md', source: token, chunks: [chunk(token, 0, token.length, 0)] },
    ],
    retriever: (chunks) => async (_query, k) => chunks.slice(0, k).map((c) => c.order),
  };
}

describe('evaluateRetrieval', () => {
  it('measures a span of a text both sides share once, and the same as measured apart', async () => {
    const golden = {
      queries: [
        { id: 'q1', type: 'A' as const, query: 'rollback', evidence: [{ file: 'a.md', text: 'Rollback  restores the previous tag.' }] },
        { id: 'q2', type: 'A' as const, query: 'tokens', evidence: [{ file: 'b.md', text: 'Tokens expire' }] },
      ],
    };
    const calls: string[] = [];
    const size = (source: string) => (file: string, span: { start: number; end: number }) => {
      calls.push(`${file}:${span.start}-${span.end}:${source === unchanged ? 'same' : 'own'}`);
      return span.end - span.start;
    };
    const result = await evaluateRetrieval({ golden, k: 3, retriever: 'test', base: side(before), head: side(after), size });
    // Spans of a.md (the same text on both sides) are measured once; b.md's differ per side.
    const sameText = calls.filter((call) => call.endsWith(':same'));
    expect(new Set(sameText).size).toBe(sameText.length);
    expect(calls.filter((call) => call.endsWith(':own')).length).toBeGreaterThan(0);
    // Each side's metrics are those of a run of that side alone.
    const alone = await evaluateRetrieval({ golden, k: 3, retriever: 'test', base: side(after), head: side(after), size: (source) => (_file, span) => (source ? span.end - span.start : 0) });
    expect(result.head).toEqual(alone.head);
    expect(result.queries.map((q) => q.head)).toEqual(alone.queries.map((q) => q.head));
    expect(result.queries[0]!.baseRank).toBe(2);
    expect(result.queries[0]!.headRank).toBe(2);
  });
});
