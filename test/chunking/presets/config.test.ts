import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load.js';
import { settingsFor } from '../../../src/config/resolve.js';

const problems = (yaml: string): string => {
  try {
    parseConfig(yaml, 'c.yml');
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('chunking config for presets and the external chunker', () => {
  it('a preset takes its library defaults: LangChain 1000 / 200 characters, LlamaIndex 1024 / 200 tokens', () => {
    expect(parseConfig('chunking: { strategy: langchain-recursive }', 'c.yml').chunking).toMatchObject({ unit: 'chars', max: 1000, overlap: 200, tiny: 100 });
    expect(parseConfig('chunking: { strategy: llamaindex-sentence }', 'c.yml').chunking).toMatchObject({ unit: 'tokens', max: 1024, overlap: 200 });
    // tiny = round(0.1 × 1024) = 102.
    expect(parseConfig('chunking: { strategy: llamaindex-sentence }', 'c.yml').chunking.tiny).toBe(102);
  });

  it('chunkSize / chunkOverlap are max / overlap, and library parameters are kept', () => {
    const chunking = parseConfig(
      'chunking:\n  strategy: langchain-markdown-header\n  chunkSize: 400\n  chunkOverlap: 40\n  headersToSplitOn: [["#", "H1"], ["##", "H2"]]\n  stripHeaders: false\n  recursiveSplit: true\n  separators: ["\\n\\n", "\\n", ""]\n',
      'c.yml',
    ).chunking;
    expect(chunking).toMatchObject({
      strategy: 'langchain-markdown-header',
      unit: 'chars',
      max: 400,
      overlap: 40,
      headersToSplitOn: [['#', 'H1'], ['##', 'H2']],
      stripHeaders: false,
      recursiveSplit: true,
      separators: ['\n\n', '\n', ''],
    });
    expect(chunking).not.toHaveProperty('chunkSize');
  });

  it('min is not checked for presets (only heading reads it)', () => {
    expect(problems('chunking: { strategy: langchain-recursive, chunkSize: 50, chunkOverlap: 0 }')).toBe('');
  });

  it('clear errors: both names, a string command, no command, chars for llamaindex-sentence, a bad regex, overlap ≥ chunkSize', () => {
    expect(problems('chunking: { strategy: langchain-recursive, chunkSize: 500, max: 400 }')).toContain(
      'chunking.chunkSize: unexpected value 500 (allowed: chunkSize or max, not both (chunkSize is the library\'s name for max))',
    );
    expect(problems('chunking: { strategy: external, command: python3 x.py }')).toContain(
      'chunking.command: unexpected value "python3 x.py" (allowed: a list: the program and its arguments, run without a shell, e.g. [python3, scripts/chunk.py])',
    );
    expect(problems('chunking: { strategy: external }')).toContain('chunking.command: missing (required) (allowed: a command list (strategy external needs one)');
    expect(problems('chunking: { strategy: llamaindex-sentence, unit: chars }')).toContain('chunking.unit: unexpected value "chars" (allowed: tokens (llamaindex-sentence counts tokens, like LlamaIndex))');
    expect(problems('chunking: { strategy: llamaindex-sentence, secondaryChunkingRegex: "[a" }')).toContain('a valid regular expression');
    // The LangChain default overlap (200) is not below chunkSize 100: LangChain throws here too.
    expect(problems('chunking: { strategy: langchain-recursive, chunkSize: 100 }')).toBe(
      "invalid config c.yml (1 problem):\nc.yml:1: chunking.chunkSize: unexpected value 100 (allowed: an integer above 200, the library's default chunkOverlap (or set chunkOverlap below 100: langchain-recursive refuses chunkOverlap ≥ chunkSize))",
    );
    expect(problems('chunking: { strategy: external, command: [x], timeout: 0 }')).toContain('chunking.timeout');
  });

  it('an override can switch a path to the external chunker, using the top-level command', () => {
    const config = parseConfig(
      'chunking: { command: [python3, chunk.py] }\noverrides:\n  - paths: ["docs/api/**"]\n    chunking: { strategy: external, timeout: 5 }\n',
      'c.yml',
    );
    expect(settingsFor(config, 'docs/api/a.md').chunking).toMatchObject({ strategy: 'external', command: ['python3', 'chunk.py'], timeout: 5 });
    expect(settingsFor(config, 'docs/b.md').chunking.strategy).toBe('heading');
    expect(problems('overrides:\n  - paths: ["a/**"]\n    chunking: { strategy: external }\n')).toContain('overrides[0].chunking.command');
  });

  it('the existing strategies and defaults are unchanged', () => {
    const chunking = parseConfig('', 'c.yml').chunking;
    expect(chunking).toEqual({ strategy: 'heading', unit: 'tokens', tokenizer: 'o200k_base', max: 512, min: 64, overlap: 0, tiny: 51, headingLevels: { max: 3 } });
  });
});
