import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { piecesTokens } from '../../src/tokens/index.js';
import { defaultConfig } from '../../src/config/schema.js';
import { chunkForRetrieval, chunkTokensAt } from '../../src/engine/retrieval.js';
import type { Chunk } from '../../src/types.js';

const chunking = { ...defaultConfig().chunking, maxTokens: 40, minTokens: 5 };

function chunk(partial: Partial<Chunk> & Pick<Chunk, 'text' | 'startOffset' | 'endOffset' | 'tokens'>): Chunk {
  return { id: 'x', index: 0, chars: partial.text.length, headingPath: [], startLine: 1, endLine: 1, kinds: [], spans: [], ...partial };
}

describe('chunkTokensAt', () => {
  const source = 'Alpha beta gamma.\n\nDelta epsilon.';

  it("gives a chunk's own count for the span it is exactly a slice of", () => {
    const chunks = [chunk({ text: 'Alpha beta gamma.', startOffset: 0, endOffset: 17, tokens: 99 })];
    // 99 is no real count: the function must return the chunk's, not count again.
    expect(chunkTokensAt(chunks, source, { start: 0, end: 17 }, true)).toBe(99);
  });

  it('counts nothing itself: another span, another tokenizer, or no chunks is undefined', () => {
    const chunks = [chunk({ text: 'Alpha beta gamma.', startOffset: 0, endOffset: 17, tokens: 4 })];
    expect(chunkTokensAt(chunks, source, { start: 0, end: 16 }, true)).toBeUndefined();
    expect(chunkTokensAt(chunks, source, { start: 19, end: 33 }, true)).toBeUndefined();
    expect(chunkTokensAt(chunks, source, { start: 0, end: 17 }, false)).toBeUndefined();
    expect(chunkTokensAt(undefined, source, { start: 0, end: 17 }, true)).toBeUndefined();
  });

  it("is undefined for a chunk whose text is not its span's slice (a heading prefix, an external chunker's text)", () => {
    const prefixed = chunk({ text: '# Intro\nDelta epsilon.', startOffset: 19, endOffset: 33, tokens: 7 });
    expect(chunkTokensAt([prefixed], source, { start: 19, end: 33 }, true)).toBeUndefined();
    const sameLength = chunk({ text: 'Delta epsilon!', startOffset: 19, endOffset: 33, tokens: 3 });
    expect(chunkTokensAt([sameLength], source, { start: 19, end: 33 }, true)).toBeUndefined();
  });

  it("equals counting the slice, for every chunk of generated documents", () => {
    const word = fc.constantFrom('the', 'Tauri', 'config', '配置', 'naïve', '`code`', 'über', '😀', '—', 'x'.repeat(30), '\t');
    const line = fc.array(word, { minLength: 1, maxLength: 14 }).map((words) => words.join(' '));
    const block = fc.oneof(
      line,
      line.map((text) => `## ${text}`),
      fc.array(line, { minLength: 1, maxLength: 4 }).map((lines) => lines.map((text) => `- ${text}`).join('\n')),
      line.map((text) => `\`\`\`\n${text}\n\`\`\``),
    );
    const doc = fc.array(block, { minLength: 1, maxLength: 12 }).map((blocks) => blocks.join('\n\n'));
    fc.assert(
      fc.property(doc, (text) => {
        const { chunks } = chunkForRetrieval('docs/a.md', text, chunking);
        for (const { startOffset: start, endOffset: end } of chunks) {
          const counted = chunkTokensAt(chunks, text, { start, end }, true);
          if (counted !== undefined) expect(counted).toBe(piecesTokens(text.slice(start, end), chunking.tokenizer));
        }
      }),
      { numRuns: 300 },
    );
  });
});
