import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load.js';
import { settingsFor } from '../../../src/config/resolve.js';
import { chunkParsed } from '../helpers.js';
import { parseMarkdown } from '../../../src/markdown/parse.js';

// A pipeline that hands raw files to a splitter embeds the front matter; one whose loader
// parses it (gray-matter, a static-site loader) does not. `frontMatter` says which.
const source = '---\ntitle: Guide\n---\n\n# Guide\n\nIntro line.\n';
const { doc } = parseMarkdown('guide.md', source);
const texts = (strategy: 'langchain-recursive' | 'llamaindex-markdown' | 'heading', frontMatter?: 'keep' | 'strip') =>
  chunkParsed(doc, { strategy, max: 1000, overlap: 0, ...(frontMatter ? { frontMatter } : {}) }).map((chunk) => chunk.text);

describe('presets and front matter', () => {
  it('chunk the raw file by default, front matter included', () => {
    // LangChain merges the whole (short) file into one chunk and trims it.
    expect(texts('langchain-recursive')).toEqual(['---\ntitle: Guide\n---\n\n# Guide\n\nIntro line.']);
    // LlamaIndex: the lines before the first header are a section of their own; a header's
    // section starts with its title without the "#".
    expect(texts('llamaindex-markdown')).toEqual(['---\ntitle: Guide\n---', 'Guide\n\nIntro line.']);
    expect(texts('llamaindex-markdown', 'keep')).toEqual(texts('llamaindex-markdown'));
  });

  it('with frontMatter: strip, start after the front matter and the blank lines after it', () => {
    expect(texts('langchain-recursive', 'strip')).toEqual(['# Guide\n\nIntro line.']);
    expect(texts('llamaindex-markdown', 'strip')).toEqual(['Guide\n\nIntro line.']);
  });

  it('leave the built-in strategies alone: their front matter is always metadata', () => {
    expect(texts('heading')).toEqual(['# Guide\n\nIntro line.']);
    expect(texts('heading', 'keep')).toEqual(texts('heading'));
  });

  it('frontMatter is a chunking key, top level and in overrides; anything but keep or strip is an error', () => {
    const config = parseConfig('chunking: { strategy: langchain-markdown, frontMatter: strip }\noverrides:\n  - paths: ["raw/**"]\n    chunking: { frontMatter: keep }\n', 'c.yml');
    expect(config.chunking.frontMatter).toBe('strip');
    expect(settingsFor(config, 'raw/a.md').chunking.frontMatter).toBe('keep');
    expect(settingsFor(config, 'docs/a.md').chunking.frontMatter).toBe('strip');
    expect(parseConfig('', 'c.yml').chunking).not.toHaveProperty('frontMatter');
    expect(() => parseConfig('chunking: { frontMatter: drop }', 'c.yml')).toThrow('c.yml:1: chunking.frontMatter: unexpected value "drop" (allowed: keep, strip)');
  });
});
