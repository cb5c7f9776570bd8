import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, type ConfigProblem } from '../../src/config/load.js';
import { problemsOf } from '../helpers/config-problems.js';

/** The single problem for `text`. */
function problemOf(text: string): ConfigProblem {
  const problems = problemsOf(text);
  expect(problems).toHaveLength(1);
  return problems[0]!;
}

describe('parseConfig: bad values name the key, the line and the allowed values', () => {
  // Each case: YAML (the bad value on the line given), key, line, allowed.
  const cases: [string, string, string, number, string][] = [
    ['strategy not in the list', 'chunking:\n  strategy: semantic-ish\n', 'chunking.strategy', 2, 'heading, recursive, sentence, fixed, semantic, langchain-recursive, langchain-markdown, langchain-markdown-header, llamaindex-markdown, llamaindex-sentence, external'],
    ['unit not in the list', 'chunking:\n  max: 100\n  unit: words\n', 'chunking.unit', 3, 'tokens, chars'],
    ['tokenizer not in the list', '# c\nchunking: { tokenizer: p50k_base }\n', 'chunking.tokenizer', 2, 'o200k_base, cl100k_base'],
    ['max 0', 'chunking:\n  max: 0\n', 'chunking.max', 2, 'an integer ≥ 1'],
    ['max not an integer', 'chunking:\n  max: 12.5\n', 'chunking.max', 2, 'an integer ≥ 1'],
    ['max a string', 'chunking:\n  max: big\n', 'chunking.max', 2, 'an integer ≥ 1'],
    ['min negative', 'chunking:\n  min: -1\n', 'chunking.min', 2, 'an integer ≥ 0'],
    // min 600 ≥ default max 512: allowed 0 … 512 − 1 = 511.
    ['min ≥ max', 'chunking:\n  min: 600\n', 'chunking.min', 2, 'an integer from 0 to 511 (below max 512)'],
    // max 50 ≤ default min 64: the user wrote max, so max is blamed.
    ['max ≤ default min', 'chunking:\n  max: 50\n', 'chunking.max', 2, 'an integer above min (64)'],
    ['overlap = max', 'chunking:\n  max: 100\n  min: 10\n  overlap: 100\n', 'chunking.overlap', 4, 'an integer from 0 to 99 (below max 100)'],
    ['overlap negative', 'chunking:\n  overlap: -5\n', 'chunking.overlap', 2, 'an integer ≥ 0'],
    ['tiny > max', 'chunking:\n  tiny: 513\n', 'chunking.tiny', 2, 'an integer from 0 to 512 (at most max 512)'],
    ['headingLevels.max 7', 'chunking:\n  headingLevels:\n    max: 7\n', 'chunking.headingLevels.max', 3, 'an integer from 1 to 6'],
    ['headingLevels.max 0', 'chunking:\n  headingLevels: { max: 0 }\n', 'chunking.headingLevels.max', 2, 'an integer from 1 to 6'],
    ['threshold above 100', 'thresholds:\n  structural: 101\n', 'thresholds.structural', 2, 'a number from 0 to 100'],
    ['threshold below 0', 'thresholds:\n  fileDrop: -1\n', 'thresholds.fileDrop', 2, 'a number from 0 to 100'],
    ['failOn item unknown', 'thresholds:\n  failOn:\n    - threshold\n    - warnings\n', 'thresholds.failOn[1]', 4, 'threshold, regression, partial'],
    // The shorthand string is reported at the key the user wrote, not at failOn[0].
    ['failOn string unknown', 'thresholds:\n  failOn: always\n', 'thresholds.failOn', 2, 'threshold, regression, partial'],
    ['scorer unknown', 'scoring:\n  scorer: gpt\n', 'scoring.scorer', 2, 'heuristic, llm'],
    ['negative weight', 'scoring:\n  weights:\n    structural:\n      boundary_integrity: -2\n', 'scoring.weights.structural.boundary_integrity', 4, 'a number ≥ 0'],
    ['content weights preset unknown', 'scoring:\n  weights:\n    content: uniform\n', 'scoring.weights.content', 3, 'default, equal or a mapping with keys semantic_coherence, context_self_containment, information_completeness, boundary_quality, cross_chunk_redundancy_reversed'],
    ['maxConcurrency 65', 'llm:\n  maxConcurrency: 65\n', 'llm.maxConcurrency', 2, 'an integer from 1 to 64'],
    ['maxConcurrency 0', 'llm:\n  maxConcurrency: 0\n', 'llm.maxConcurrency', 2, 'an integer from 1 to 64'],
    ['baseURL not http', 'llm:\n  baseURL: file:///etc/passwd\n', 'llm.baseURL', 2, 'an http(s) URL of an OpenAI-compatible API, or null'],
    ['model a number', 'llm:\n  model: 4\n', 'llm.model', 2, 'a non-empty string'],
    ['timeout 0', 'llm:\n  timeout: 0\n', 'llm.timeout', 2, 'an integer ≥ 1'],
    ['golden.k 0', 'golden:\n  k: 0\n', 'golden.k', 2, 'an integer ≥ 1'],
    ['golden.retriever unknown', 'golden:\n  retriever: dense\n', 'golden.retriever', 2, 'bm25, embeddings'],
    ['include empty', 'include: []\n', 'include', 1, 'a non-empty list of globs'],
    ['exclude item not a string', 'exclude:\n  - "**/drafts/**"\n  - 3\n', 'exclude[1]', 3, 'a glob relative to the repository root'],
    ['chunking a scalar', 'chunking: 512\n', 'chunking', 1, 'a mapping with keys strategy, unit, tokenizer, max, min, overlap, tiny, headingLevels, chunkSize, chunkOverlap, separators, keepSeparator, headersToSplitOn, stripHeaders, recursiveSplit, paragraphSeparator, separator, secondaryChunkingRegex, frontMatter, command, timeout, breakpointPercentile, bufferSize, embeddingModel'],
    ['overrides a mapping', 'overrides:\n  paths: [a]\n', 'overrides', 2, 'a list of { paths, chunking, thresholds, rules } entries'],
    ['override without paths', 'overrides:\n  - chunking: { max: 600 }\n', 'overrides[0].paths', 2, 'a non-empty list of globs'],
    ['override max 0', 'overrides:\n  - paths: [a/**]\n    chunking:\n      max: 0\n', 'overrides[0].chunking.max', 4, 'an integer ≥ 1'],
    // Override max 40 against the top-level min 64: blamed on the override's max.
    ['override max ≤ top-level min', 'overrides:\n  - paths: [a/**]\n    chunking: { max: 40 }\n', 'overrides[0].chunking.max', 3, 'an integer above min (64)'],
    // Override overlap 900 against max 800 from the same override: 0 … 799.
    ['override overlap ≥ its max', 'overrides:\n  - paths: [a/**]\n    chunking:\n      max: 800\n      overlap: 900\n', 'overrides[0].chunking.overlap', 5, 'an integer from 0 to 799 (below max 800)'],
    ['override threshold 200', 'overrides:\n  - paths: [a/**]\n    thresholds: { content: 200 }\n', 'overrides[0].thresholds.content', 3, 'a number from 0 to 100'],
    ['document is a list', '- a\n- b\n', '(root)', 1, 'a mapping with keys include, exclude, chunking, scoring, llm, thresholds, golden, retrieval, rules, inlineDisables, limits, overrides, $schema'],
  ];

  it.each(cases)('%s', (_name, yaml, key, line, allowed) => {
    const problem = problemOf(yaml);
    expect(problem).toMatchObject({ key, line, allowed });
  });

  it('says what the bad value was, with a suggestion for a near-miss option', () => {
    expect(problemOf('chunking:\n  strategy: heding\n').message).toBe('unexpected value "heding" — did you mean "heading"?');
    expect(problemOf('thresholds: { failOn: regresion }').message).toBe('unexpected value "regresion" — did you mean "regression"?');
    expect(problemOf('chunking:\n  max: 0\n').message).toBe('unexpected value 0');
    expect(problemOf('overrides:\n  - chunking: { max: 600 }\n').message).toBe('missing (required)');
    expect(problemOf('include: []').message).toBe('unexpected empty list');
  });

  it('reports every problem, sorted by line', () => {
    const problems = problemsOf('golden:\n  k: 0\nchunking:\n  max: 0\n  unit: words\nllm: { maxConcurrency: 99 }\n');
    expect(problems.map((problem) => [problem.key, problem.line])).toEqual([
      ['golden.k', 2],
      ['chunking.max', 4],
      ['chunking.unit', 5],
      ['llm.maxConcurrency', 6],
    ]);
  });
});

describe('parseConfig: unknown keys', () => {
  it('names the key and its line, lists the allowed keys and suggests the closest', () => {
    const problem = problemOf('# config\nchunkin:\n  max: 300\n');
    expect(problem).toEqual({
      key: 'chunkin',
      line: 2,
      message: 'unknown key "chunkin" — did you mean "chunking"?',
      allowed: 'include, exclude, chunking, scoring, llm, thresholds, golden, retrieval, rules, inlineDisables, limits, overrides, $schema',
    });
  });

  it('works at nested levels and inside flow mappings', () => {
    expect(problemOf('chunking:\n  max: 300\n  overlapp: 10\n')).toMatchObject({
      key: 'chunking.overlapp',
      line: 3,
      message: 'unknown key "overlapp" — did you mean "overlap"?',
      allowed: 'strategy, unit, tokenizer, max, min, overlap, tiny, headingLevels, chunkSize, chunkOverlap, separators, keepSeparator, headersToSplitOn, stripHeaders, recursiveSplit, paragraphSeparator, separator, secondaryChunkingRegex, frontMatter, command, timeout, breakpointPercentile, bufferSize, embeddingModel',
    });
    expect(problemOf('llm: { modle: gpt-4o }\n')).toMatchObject({ key: 'llm.modle', line: 1, message: 'unknown key "modle" — did you mean "model"?' });
    expect(problemOf('scoring:\n  weights:\n    structural:\n      boundary: 2\n')).toMatchObject({
      key: 'scoring.weights.structural.boundary',
      line: 4,
    });
  });

  it('gives no suggestion for an unrelated key', () => {
    expect(problemOf('\n\nwebhook: https://example.invalid\n')).toMatchObject({ key: 'webhook', line: 3, message: 'unknown key "webhook"' });
  });

  it('rejects failOn inside an override (it only exists at the top level)', () => {
    expect(problemOf('overrides:\n  - paths: [a/**]\n    thresholds:\n      failOn: [partial]\n')).toMatchObject({
      key: 'overrides[0].thresholds.failOn',
      line: 4,
      allowed: 'structural, content, fileDrop, chunkDrop',
    });
  });
});

describe('parseConfig: YAML syntax errors', () => {
  it('a duplicate key is reported at the second occurrence', () => {
    expect(problemOf('chunking:\n  max: 300\n  max: 400\n')).toMatchObject({ key: '', line: 3, message: 'YAML syntax error: Map keys must be unique' });
  });

  it('an unclosed bracket found at the end of input is reported at the last line, not past it', () => {
    // 4 lines of text; the parser notices the missing "]" at the end of input (line 5).
    expect(problemOf('include:\n  - docs/**\nchunking:\n  max: [300\n')).toMatchObject({ key: '', line: 4 });
  });

  it('tab indentation and an unclosed quote are reported with their line', () => {
    expect(problemOf('chunking:\n\tmax: 3\n')).toMatchObject({ line: 2, message: 'YAML syntax error: Tabs are not allowed as indentation' });
    // The quote opens on line 1 and is still open at the end of input (line 2 → clamped to 1).
    expect(problemOf('include: "docs\n')).toMatchObject({ line: 1, message: 'YAML syntax error: Missing closing "quote' });
  });

  it('an alias to an undefined anchor is an error, not a crash', () => {
    expect(problemOf('include: *docs\n')).toMatchObject({ key: '', line: null });
  });

  it('several documents in one file are an error', () => {
    expect(problemOf('include: [a]\n---\ninclude: [b]\n').message).toMatch(/multiple documents/);
  });
});

describe('public surface', () => {
  it('load.ts exports parseConfig, parseYamlWith and ConfigError', async () => {
    expect(Object.keys(await import('../../src/config/load.js')).sort()).toEqual(['ConfigError', 'parseConfig', 'parseYamlWith']);
  });

  it('resolve.ts and schema.ts exports', async () => {
    expect(Object.keys(await import('../../src/config/resolve.js')).sort()).toEqual(['isIncluded', 'limitsOf', 'settingsFor']);
    expect(Object.keys(await import('../../src/config/schema.js')).sort()).toEqual(['configSchema', 'defaultConfig']);
  });
});

describe('ConfigError', () => {
  it('is a named error whose message lists file:line: key: problem (allowed: …)', () => {
    let caught: unknown;
    try {
      parseConfig('chunkin: {}\nchunking:\n  max: 0\n', 'docs/.chunkgate.yml');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.name).toBe('ConfigError');
    expect(error.fileName).toBe('docs/.chunkgate.yml');
    expect(error.message).toBe(
      [
        'invalid config docs/.chunkgate.yml (2 problems):',
        'docs/.chunkgate.yml:1: chunkin: unknown key "chunkin" — did you mean "chunking"? (allowed: include, exclude, chunking, scoring, llm, thresholds, golden, retrieval, rules, inlineDisables, limits, overrides, $schema)',
        'docs/.chunkgate.yml:3: chunking.max: unexpected value 0 (allowed: an integer ≥ 1)',
      ].join('\n'),
    );
  });

  it('formats a syntax error without a key', () => {
    expect(() => parseConfig('a: 1\na: 2\n', 'c.yml')).toThrow('c.yml:2: YAML syntax error: Map keys must be unique');
  });
});
