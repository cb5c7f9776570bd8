/**
 * The sentence fast paths of `src/text/segments.ts` against `Intl.Segmenter` on every line of
 * every fixture and shared-corpus document (../shared/corpus/tauri-docs; skipped when absent).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEGMENT_WINDOW, firstSentence, segmentText, sentenceSegments } from '../../src/text/segments.js';
import { FIXTURE_DOC_DIRS } from '../helpers/fixture-docs.js';

const SENTENCES = new Intl.Segmenter('und', { granularity: 'sentence' });

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : markdownFiles(path);
    return /\.mdx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every line of each document (with its line break), and each document in windows. */
function checkDocument(source: string): void {
  for (const line of source.match(/[^\n]*\n?/g)!) {
    expect(sentenceSegments(line)).toEqual(segmentText(SENTENCES, line));
    for (const part of SENTENCES.segment(line.slice(0, SEGMENT_WINDOW))) {
      expect(firstSentence(line)).toBe(part.segment);
      break;
    }
  }
  for (let at = 0; at < source.length; at += SEGMENT_WINDOW) {
    const window = source.slice(at, at + SEGMENT_WINDOW);
    expect(sentenceSegments(window)).toEqual(segmentText(SENTENCES, window));
  }
}

const corpus = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus', 'tauri-docs');

describe('sentenceSegments and firstSentence on real documents', () => {
  it('equal Intl.Segmenter on every line of every fixture', () => {
    const files = FIXTURE_DOC_DIRS.flatMap(markdownFiles);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) checkDocument(readFileSync(file, 'utf8'));
  });

  it.skipIf(!existsSync(corpus))('equal Intl.Segmenter on every line of every shared-corpus document', () => {
    for (const file of markdownFiles(corpus)) checkDocument(readFileSync(file, 'utf8'));
  });
});
