/**
 * `bodySearchTerms` takes a chunk's search terms from its word tokens: it must give exactly the
 * terms of `searchTerms(bodyOf(chunk))`, on generated text built to stress case mapping, scripts
 * and marks, and on every chunk of the fixtures and of ../shared/corpus/tauri-docs (skipped
 * cleanly when the shared folder is absent).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodySearchTerms } from '../../src/metrics/body-terms.js';
import { bodyOf } from '../../src/retrieval/bm25.js';
import { searchTerms } from '../../src/retrieval/terms.js';
import { chunkedPages } from '../helpers/chunked-pages.js';
import { FIXTURE_DOC_DIRS } from '../helpers/fixture-docs.js';

const root = join(import.meta.dirname, '..', '..');
const corpus = join(root, '..', 'shared', 'corpus', 'tauri-docs');

/** Pieces that stress the two tokenizers: final sigma next to case-ignorables, "İ", marks, scripts with and without spaces. */
const piece = fc.constantFrom(
  'Tauri', "it's", 'ΟΔΟΣ', 'Σ', 'σ', '\u00ad', '.', ':', "'", '’', 'İ', 'ß', 'ẞ', 'ǅ', 'ﬁ', '文件', '上传', 'ー', 'カタカナ', 'ｶﾞ', 'ไทย', '\u0e31', '\u0301',
  '한국어', '_x', '123', '😀', '\ud83d', ' ', '\n', '\t', '\u3000', '\ufeff', '-', '、', '。',
);
const words = fc.array(piece, { maxLength: 14 }).map((pieces) => pieces.join(''));

describe('bodySearchTerms', () => {
  it('gives the terms of searchTerms(bodyOf(chunk)) on generated headings and text', () => {
    let unspaced = 0;
    fc.assert(
      fc.property(fc.array(words, { maxLength: 3 }), words, (headingPath, text) => {
        const chunk = { headingPath, text };
        const expected = searchTerms(bodyOf(chunk));
        expect(bodySearchTerms(chunk)).toEqual(expected);
        if (/[文上カｶไ]/.test(text)) unspaced += 1;
      }),
      { numRuns: 3000, seed: 1616 },
    );
    expect(unspaced).toBeGreaterThan(1000);
  });

  it('keeps a final sigma that a soft hyphen and a cased letter follow, and reads a text with "İ" as the regex does', () => {
    // "ΟΔΟΣ\u00adΑ": the soft hyphen is case-ignorable, so Σ is not final (σ); it is no word character, so it splits.
    const sigma = { headingPath: ['ΟΔΟΣ'], text: 'ΟΔΟΣ\u00adΑ ΟΔΟΣ. 上传文件' };
    expect(bodySearchTerms(sigma)).toEqual(searchTerms(bodyOf(sigma)));
    expect(bodySearchTerms(sigma).slice(0, 4)).toEqual(['οδος', 'οδοσ', 'α', 'οδος']);
    // "İ" lower-cases to two code units: tokens then come from the original text, so the text is split again.
    const dotted = { headingPath: [], text: 'İzmir İ̇ ΟΔΟΣ' };
    expect(bodySearchTerms(dotted)).toEqual(searchTerms(bodyOf(dotted)));
  });

  it.each([
    ['the fixtures', FIXTURE_DOC_DIRS],
    ['../shared/corpus/tauri-docs', [corpus]],
  ])('gives the terms of searchTerms(bodyOf(chunk)) for every chunk of %s', async (_name, dirs) => {
    if (!dirs.every((dir) => existsSync(dir))) return;
    let chunks = 0;
    for (const dir of dirs) {
      for (const { path, chunks: pageChunks } of await chunkedPages(dir)) {
        for (const chunk of pageChunks) {
          expect(bodySearchTerms(chunk), `${path} chunk ${chunk.index}`).toEqual(searchTerms(bodyOf(chunk)));
          chunks += 1;
        }
      }
    }
    expect(chunks).toBeGreaterThan(500);
  });
});
