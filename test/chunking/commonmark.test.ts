import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { ChunkingOptions, StrategyName } from '../../src/types.js';
import { parseMarkdown } from '../../src/markdown/parse.js';
import { chunk, chunkParsed, cutAtomicBlocks, malformed, optionsWith, uncovered } from './helpers.js';

interface SpecExample {
  markdown: string;
  section: string;
  number: number;
}

// commonmark-spec is CommonJS without types: { text, tests: [{ markdown, html, section, number }] }.
const spec = createRequire(import.meta.url)('commonmark-spec') as { tests: SpecExample[] };
// The spec writes tabs as → so they can be seen.
const examples = spec.tests.map((example) => {
  const markdown = example.markdown.replaceAll('→', '\t');
  return { ...example, markdown, doc: parseMarkdown('example.md', markdown).doc };
});

const STRATEGIES: StrategyName[] = ['heading', 'recursive', 'sentence', 'fixed'];
const OPTION_SETS: Array<Partial<ChunkingOptions>> = [
  { unit: 'chars', max: 24, min: 8, overlap: 6, headingLevels: { max: 2 } },
  { unit: 'tokens', max: 6, min: 2, overlap: 2, headingLevels: { max: 6 } },
];

/** A few GFM tables (pipes escaped in cells, alignment, no body, ragged rows, inline code). */
const GFM_TABLES = [
  '| a | b |\n| - | :-: |\n| 1 | 2 |\n| 3 | 4 |\n',
  '| f\\|oo  |\n| ------ |\n| b `\\|` az |\n| b **\\|** im |\n',
  '| abc | def |\n| --- | --- |\n',
  '| abc | def |\n| --- | --- |\n| bar |\n| bar | baz | boo |\n',
  'Intro text.\n\n| Command | Meaning |\n|:--|--:|\n| `git status` | Show the state of the working tree |\n| `git add` | Stage a change |\n\nAfter.\n',
  '> | in | quote |\n> | -- | ----- |\n> | 1  | 2     |\n',
];

describe('chunking every CommonMark spec example', () => {
  it('loads the spec examples', () => {
    expect(examples.length).toBeGreaterThan(600);
  });

  for (const strategy of STRATEGIES) {
    OPTION_SETS.forEach((set, setIndex) => {
      it(`${strategy}, option set ${setIndex + 1}: covers the source, keeps fitting atomic blocks whole, is deterministic`, () => {
        const failures: string[] = [];
        for (const example of examples) {
          const options = optionsWith({ ...set, strategy });
          const { doc } = example;
          const chunks = chunkParsed(doc, options);
          const again = chunkParsed(doc, options);
          const problems = [
            ...uncovered(doc, chunks).map((offset) => `uncovered offset ${offset}`),
            ...(strategy === 'fixed' ? [] : cutAtomicBlocks(doc, chunks, options).map((block) => `cut ${block}`)),
            ...malformed(doc, chunks),
            ...(JSON.stringify(again) === JSON.stringify(chunks) ? [] : ['not deterministic']),
          ];
          if (problems.length > 0) failures.push(`example ${example.number} (${example.section}): ${problems.join('; ')}`);
        }
        expect(failures).toEqual([]);
      });
    });
  }

  it('chunks GFM tables with every strategy', () => {
    const failures: string[] = [];
    for (const markdown of GFM_TABLES) {
      for (const strategy of STRATEGIES) {
        for (const set of OPTION_SETS) {
          const options = optionsWith({ ...set, strategy });
          const { doc, chunks } = chunk(markdown, options);
          const problems = [
            ...uncovered(doc, chunks).map((offset) => `uncovered offset ${offset}`),
            ...(strategy === 'fixed' ? [] : cutAtomicBlocks(doc, chunks, options)),
            ...malformed(doc, chunks),
          ];
          if (problems.length > 0) failures.push(`${strategy} ${JSON.stringify(markdown)}: ${problems.join('; ')}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The tables really are tables to the parser, so the atomic rule was exercised.
    expect(chunk(GFM_TABLES[0]!).doc.blocks.map((block) => block.kind)).toEqual(['table']);
  });
});
