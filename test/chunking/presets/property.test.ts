import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitRecursive, LANGCHAIN_MARKDOWN_SEPARATORS, LANGCHAIN_SEPARATORS } from '../../../src/chunking/presets/langchainSplit.js';
import { splitMarkdownNodes } from '../../../src/chunking/presets/llamaindexMarkdown.js';
import { splitSentences, SENTENCE_SPLITTER_DEFAULTS } from '../../../src/chunking/presets/llamaindexSentence.js';
import { locateTexts } from '../../../src/chunking/presets/located.js';
import { createMeasure } from '../../../src/tokens/index.js';
import { libraryChunks } from './library.js';
import { optionsWith } from '../helpers.js';

// Random Markdown-ish text (headings, fences, blank-line runs, CJK, punctuation, abbreviations,
// numbers, URLs): the splitters agree with the libraries, and every chunk is located in order.
const piece = fc.constantFrom(
  '# Title\n', '## Sub\n', '### Deep\n', '\n', '\n\n', '\n\n\n', '```\n', '```js\n', '~~~\n', '- item\n', '| a | b |\n',
  'Hello world. ', 'It is 3.14 p.m. now! ', 'See https://example.com/a.b for more. ', '这是一个句子。', '你好！', '为什么？',
  'word ', 'e.g. ', 'Dr. Smith, Inc. ', '…', '"Quoted." ', '  ', '\t', '***\n', '---\n', 'a,b;c.', '1,000.5 ',
);
const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

describe('presets on random Markdown-ish text', () => {
  it('langchain-recursive and langchain-markdown match LangChain.js, chunks located in order', async () => {
    await fc.assert(
      fc.asyncProperty(text, fc.integer({ min: 5, max: 80 }), fc.integer({ min: 0, max: 4 }), fc.boolean(), async (body, size, overlapTenths, markdown) => {
        const overlap = Math.floor((size * overlapTenths) / 10);
        const strategy = markdown ? 'langchain-markdown' : 'langchain-recursive';
        const ours = splitRecursive(body, {
          chunkSize: size,
          chunkOverlap: overlap,
          separators: markdown ? LANGCHAIN_MARKDOWN_SEPARATORS : LANGCHAIN_SEPARATORS,
          keepSeparator: true,
          length: (value) => value.length,
        });
        expect(ours.map((chunk) => chunk.text)).toEqual(await libraryChunks(optionsWith({ strategy, max: size, overlap }), body));
        for (const chunk of ours) expect(body.slice(chunk.start, chunk.end)).toBe(chunk.text);
      }),
      { numRuns: 150 },
    );
  });

  it('llamaindex-sentence and llamaindex-markdown match LlamaIndex.TS', async () => {
    const measure = createMeasure('tokens', 'o200k_base');
    await fc.assert(
      fc.asyncProperty(text, fc.integer({ min: 6, max: 60 }), fc.integer({ min: 0, max: 4 }), async (raw, size, overlapTenths) => {
        const body = raw.trim();
        fc.pre(body !== '');
        const overlap = Math.floor((size * overlapTenths) / 10);
        const ours = splitSentences(body, { chunkSize: size, chunkOverlap: overlap, ...SENTENCE_SPLITTER_DEFAULTS, tokens: measure.tokens });
        expect(ours).toEqual(await libraryChunks(optionsWith({ strategy: 'llamaindex-sentence', unit: 'tokens', max: size, overlap }), body));
        expect(splitMarkdownNodes(body).map((chunk) => chunk.text)).toEqual(await libraryChunks(optionsWith({ strategy: 'llamaindex-markdown' }), body));
      }),
      { numRuns: 100 },
    );
  });

  it('locateTexts places consecutive, overlapping and repeated texts in order', () => {
    // "ab ab ab": the second "ab" is searched after the first one's start (0) → 3; the third → 6.
    expect(locateTexts('ab ab ab', ['ab', 'ab', 'ab']).map((chunk) => chunk.start)).toEqual([0, 3, 6]);
    // Overlapping chunks "ab ab" (0) and "ab ab" again (3).
    expect(locateTexts('ab ab ab', ['ab ab', 'ab ab']).map((chunk) => chunk.start)).toEqual([0, 3]);
    // A rewritten text is not located: an empty span at the previous chunk's end (2).
    expect(locateTexts('ab ab ab', ['ab', 'AB'])[1]).toEqual({ text: 'AB', start: 2, end: 2, located: false });
  });
});
