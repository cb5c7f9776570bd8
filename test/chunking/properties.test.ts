import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChunkingOptions } from '../../src/types.js';
import { chunk, chunkParsed, cutAtomicBlocks, malformed, uncovered } from './helpers.js';

const word = fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'widget', 'config', 'run', 'the', 'a', 'of', 'It', 'value');
const hanzi = fc.constantFrom('配置', '文件', '需要', '管理员', '权限', '安装', '运行', '失败', '检查', '网络');
const englishSentence = fc
  .tuple(fc.array(word, { minLength: 1, maxLength: 9 }), fc.constantFrom('.', '!', '?', ':', ''))
  .map(([words, end]) => words.join(' ') + end);
const chineseSentence = fc
  .tuple(fc.array(hanzi, { minLength: 1, maxLength: 8 }), fc.constantFrom('。', '！', '？', '；', '：'))
  .map(([words, end]) => words.join('') + end);

const heading = fc
  .tuple(fc.integer({ min: 1, max: 6 }), fc.array(word, { minLength: 1, maxLength: 4 }), fc.boolean())
  .map(([depth, words, setext]) =>
    setext && depth <= 2 ? `${words.join(' ')}\n${depth === 1 ? '===' : '---'}` : `${'#'.repeat(depth)} ${words.join(' ')}`,
  );
const paragraph = fc.array(fc.oneof(englishSentence, chineseSentence), { minLength: 1, maxLength: 8 }).map((sentences) => sentences.join(' '));
const list = fc
  .array(fc.tuple(fc.boolean(), englishSentence), { minLength: 1, maxLength: 6 })
  .map((items) => items.map(([nested, text], index) => (nested && index > 0 ? `  - ${text}` : `- ${text}`)).join('\n'));
const table = fc
  .tuple(fc.integer({ min: 1, max: 3 }), fc.array(fc.array(word, { minLength: 3, maxLength: 3 }), { minLength: 0, maxLength: 8 }))
  .map(([columns, rows]) => {
    const row = (cells: string[]): string => `| ${cells.slice(0, columns).join(' | ')} |`;
    return [row(['h1', 'h2', 'h3']), row(['---', '---', '---']), ...rows.map(row)].join('\n');
  });
const code = fc
  .tuple(fc.constantFrom('```', '~~~', '````'), fc.constantFrom('', 'js', 'python title="x.py"'), fc.array(fc.array(word, { maxLength: 5 }), { maxLength: 10 }))
  .map(([fence, info, lines]) => [`${fence}${info}`, ...lines.map((words) => `  ${words.join(' = ')}`), fence].join('\n'));
const block = fc.oneof(heading, paragraph, paragraph, list, table, code);
const frontMatter = fc.constantFrom('', '---\ntitle: alpha beta\n---\n\n', '---\nsidebar: 2\n---\n');
const markdown = fc
  .tuple(frontMatter, fc.array(block, { minLength: 1, maxLength: 12 }), fc.array(fc.constantFrom('\n\n', '\n\n\n', '\n\n  \n'), { minLength: 12, maxLength: 12 }))
  .map(([front, blocks, gaps]) => front + blocks.map((text, index) => (index === 0 ? text : gaps[index]! + text)).join('') + '\n');

const options: fc.Arbitrary<Partial<ChunkingOptions>> = fc
  .record({
    strategy: fc.constantFrom('heading', 'recursive', 'sentence', 'fixed'),
    unit: fc.constantFrom('chars', 'tokens'),
    max: fc.integer({ min: 1, max: 120 }),
    min: fc.integer({ min: 0, max: 40 }),
    overlapShare: fc.constantFrom(0, 0, 0.1, 0.3, 0.6),
    depth: fc.integer({ min: 1, max: 6 }),
  })
  .map(({ strategy, unit, max, min, overlapShare, depth }) => {
    // Token limits are about a quarter of character limits for this text.
    const limit = unit === 'tokens' ? Math.max(1, Math.round(max / 4)) : max;
    return { strategy, unit, max: limit, min, overlap: Math.floor(limit * overlapShare), headingLevels: { max: depth } };
  });

describe('chunking random Markdown with random options', () => {
  it('covers every non-whitespace character, keeps fitting atomic blocks whole, is well-formed and deterministic', () => {
    fc.assert(
      fc.property(markdown, options, (source, set) => {
        const { doc, chunks } = chunk(source, set);
        expect(uncovered(doc, chunks)).toEqual([]);
        if (set.strategy !== 'fixed') expect(cutAtomicBlocks(doc, chunks, { ...doc, ...(set as ChunkingOptions), tokenizer: 'o200k_base' })).toEqual([]);
        expect(malformed(doc, chunks)).toEqual([]);
        expect(chunkParsed(doc, set)).toEqual(chunks);
      }),
      { numRuns: 200, seed: 20240601 },
    );
  });

  it('keeps chunks within max characters, except pieces of one table row or code line', () => {
    fc.assert(
      fc.property(markdown, options, (source, set) => {
        const { doc, chunks } = chunk(source, { ...set, unit: 'chars' });
        const max = set.max!;
        for (const piece of chunks) {
          if (piece.chars <= max) continue;
          // A table row or code line is never cut, so a table / code piece holding one may
          // exceed max, and so may a code block with fewer than two lines to cut between.
          const block = doc.blocks.find((candidate) => candidate.start === piece.startOffset && candidate.end === piece.endOffset);
          const uncuttable = block?.kind === 'code' && (block.fence?.lines.filter((line) => doc.source.slice(line.start, line.end).trim() !== '').length ?? 0) < 2;
          expect({ text: piece.text, allowed: piece.split?.kind === 'table' || piece.split?.kind === 'code' || uncuttable }).toMatchObject({ allowed: true });
        }
      }),
      { numRuns: 150, seed: 7 },
    );
  });
});
