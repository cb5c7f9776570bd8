import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { configSchema, defaultConfig } from '../../src/config/schema.js';
import type { Config } from '../../src/config/types.js';

/** The defaults of docs/config.md, written out by hand (tiny = round(0.1 × 512) = round(51.2) = 51). */
const DEFAULTS: Config = {
  include: ['**/*.md', '**/*.mdx'],
  exclude: ['**/node_modules/**', '**/.*/**'],
  chunking: {
    strategy: 'heading',
    unit: 'tokens',
    tokenizer: 'o200k_base',
    max: 512,
    min: 64,
    overlap: 0,
    tiny: 51,
    headingLevels: { max: 3 },
  },
  scoring: { scorer: 'heuristic', weights: { structural: 'default', content: 'default', overall: 'default' } },
  llm: { model: 'gpt-4o-mini', baseURL: null, maxConcurrency: 4, cache: '.chunkgate-cache', timeout: 60000, prices: null },
  thresholds: { structural: 70, content: 60, fileDrop: 5, chunkDrop: 10, failOn: ['threshold'], unchecked: 'fail', gate: 'changed', retrieval: { mrr: null, mrrDrop: null, recall: null, recallDrop: null } },
  golden: { file: '.chunkgate/golden.yml', k: 5, retriever: 'bm25', embeddingModel: 'text-embedding-3-small' },
  overrides: [],
};

describe('config defaults', () => {
  it('no file gives the full default config', () => {
    expect(defaultConfig()).toEqual(DEFAULTS);
    expect(configSchema.parse(undefined)).toEqual(DEFAULTS);
  });

  it('an empty file, a comment-only file and `{}` give the defaults', () => {
    expect(parseConfig('', '.chunkgate.yml')).toEqual(DEFAULTS);
    expect(parseConfig('# nothing yet\n', '.chunkgate.yml')).toEqual(DEFAULTS);
    expect(parseConfig('{}\n', '.chunkgate.yml')).toEqual(DEFAULTS);
  });

  it('empty sections (`chunking:` with no value) count as not set', () => {
    expect(parseConfig('chunking:\nllm:\n  baseURL:\nthresholds: {}\n', 'c.yml')).toEqual(DEFAULTS);
  });

  it('keys are emitted in a fixed order (byte-identical JSON reports)', () => {
    const a = parseConfig('chunking: { min: 10, max: 100 }\n', 'c.yml');
    const b = parseConfig('chunking: { max: 100, min: 10 }\n', 'c.yml');
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});

describe('config values', () => {
  it('keeps what the user set and fills the rest', () => {
    const config = parseConfig(
      [
        'include: ["docs/**/*.md", "docs/**/*.mdx"]',
        'exclude: ["docs/archive/**"]',
        'chunking: { strategy: recursive, unit: chars, tokenizer: cl100k_base, max: 2000, overlap: 200 }',
        'scoring: { scorer: llm, weights: { structural: equal, content: { semantic_coherence: 2 } } }',
        'llm: { baseURL: "http://127.0.0.1:8080/v1", maxConcurrency: 64, timeout: 5000, prices: { input: 0.15, output: 0.6 } }',
        'thresholds: { structural: 0, content: 100, failOn: [regression, partial, regression], retrieval: { mrr: 0.5, recallDrop: 0.1 } }',
        'golden: { k: 10, retriever: embeddings }',
      ].join('\n'),
      'c.yml',
    );
    expect(config.include).toEqual(['docs/**/*.md', 'docs/**/*.mdx']);
    // A given exclude replaces the default list.
    expect(config.exclude).toEqual(['docs/archive/**']);
    // tiny = round(0.1 × 2000) = 200; min keeps its default 64.
    expect(config.chunking).toEqual({
      strategy: 'recursive',
      unit: 'chars',
      tokenizer: 'cl100k_base',
      max: 2000,
      min: 64,
      overlap: 200,
      tiny: 200,
      headingLevels: { max: 3 },
    });
    expect(config.scoring).toEqual({ scorer: 'llm', weights: { structural: 'equal', content: { semantic_coherence: 2 }, overall: 'default' } });
    expect(config.llm).toEqual({ model: 'gpt-4o-mini', baseURL: 'http://127.0.0.1:8080/v1', maxConcurrency: 64, cache: '.chunkgate-cache', timeout: 5000, prices: { input: 0.15, output: 0.6 } });
    // Duplicates in failOn collapse, first occurrence order kept.
    expect(config.thresholds).toEqual({ structural: 0, content: 100, fileDrop: 5, chunkDrop: 10, failOn: ['regression', 'partial'], unchecked: 'fail', gate: 'changed', retrieval: { mrr: 0.5, mrrDrop: null, recall: null, recallDrop: 0.1 } });
    expect(config.golden).toEqual({ file: '.chunkgate/golden.yml', k: 10, retriever: 'embeddings', embeddingModel: 'text-embedding-3-small' });
  });

  it('derives tiny from max: round(0.1 × 25) = round(2.5) = 3, round(0.1 × 1) = 0', () => {
    expect(parseConfig('chunking: { max: 25, min: 0 }', 'c.yml').chunking.tiny).toBe(3);
    expect(parseConfig('chunking: { max: 1, min: 0 }', 'c.yml').chunking.tiny).toBe(0);
  });

  it('keeps an explicit tiny', () => {
    expect(parseConfig('chunking: { max: 1000, tiny: 7 }', 'c.yml').chunking.tiny).toBe(7);
  });

  it('accepts failOn and globs as a single string', () => {
    const config = parseConfig('include: "docs/**"\nthresholds: { failOn: partial }\noverrides: [{ paths: "api/**" }]', 'c.yml');
    expect(config.include).toEqual(['docs/**']);
    expect(config.thresholds.failOn).toEqual(['partial']);
    expect(config.overrides).toEqual([{ paths: ['api/**'] }]);
  });

  it('accepts failOn: [] (report-only) and exclude: [] (check dot-folders too)', () => {
    const config = parseConfig('exclude: []\nthresholds: { failOn: [] }', 'c.yml');
    expect(config.exclude).toEqual([]);
    expect(config.thresholds.failOn).toEqual([]);
  });

  it('keeps override objects as written (only the keys the user set)', () => {
    const config = parseConfig(
      'overrides:\n  - paths: ["docs/api/**"]\n    chunking: { strategy: recursive, max: 800, overlap: 80 }\n    thresholds: { structural: 50 }\n',
      'c.yml',
    );
    expect(config.overrides).toEqual([
      { paths: ['docs/api/**'], chunking: { strategy: 'recursive', max: 800, overlap: 80 }, thresholds: { structural: 50 } },
    ]);
  });

  it('boundary values are accepted: min = max − 1, overlap = max − 1, tiny = max, headingLevels 1 and 6', () => {
    const chunking = parseConfig('chunking: { max: 10, min: 9, overlap: 9, tiny: 10, headingLevels: { max: 6 } }', 'c.yml').chunking;
    expect([chunking.min, chunking.overlap, chunking.tiny, chunking.headingLevels.max]).toEqual([9, 9, 10, 6]);
    expect(parseConfig('chunking: { headingLevels: { max: 1 } }', 'c.yml').chunking.headingLevels.max).toBe(1);
  });

  it('YAML merge keys work (shared override blocks)', () => {
    const config = parseConfig(
      'overrides:\n  - paths: [a/**]\n    chunking: &big { max: 900 }\n  - paths: [b/**]\n    chunking: { <<: *big, overlap: 10 }\n',
      'c.yml',
    );
    expect(config.overrides[1]?.chunking).toEqual({ max: 900, overlap: 10 });
  });
});
