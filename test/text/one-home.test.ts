/**
 * The text policy (src/text/scripts.ts) has one home: no file under src/ outside src/text/
 * defines a script class or a CJK block range, or creates an `Intl.Segmenter`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src/', import.meta.url));

/** Patterns that define script classes or segmenters, each with what it catches. */
const FORBIDDEN: Array<[string, RegExp]> = [
  ['a Unicode script property', /\\p\{(?:Script|sc|scx|Script_Extensions)=/i],
  ['a hex escape starting a CJK, kana, Hangul or Southeast Asian block', /\\u\{?(?:2E80|2F00|3040|30A0|30FF|3100|3400|4E00|9FFF|A4CF|AC00|D7AF|F900|FAFF|FF66|0E00|0E80|1000|1780)/i],
  ['a literal range of CJK characters', /[\u2e80-\u9fff\uac00-\ud7af]-[\u2e80-\u9fff\uac00-\ud7af]/],
  ['an Intl.Segmenter', /new\s+Intl\.Segmenter/],
];

function offences(text: string): string[] {
  return FORBIDDEN.filter(([, pattern]) => pattern.test(text)).map(([what]) => what);
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('one home for script classes and segmenters', () => {
  it('catches the definitions it forbids', () => {
    // The tables this module replaced, as they were written.
    expect(offences('const CJK_CHAR = /[\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff]/;')).toContain('a hex escape starting a CJK, kana, Hangul or Southeast Asian block');
    expect(offences('const UNSPACED = /[\\u2E80-\\uA4CF\\uF900-\\uFAFF\\u0E00-\\u0EFF]/;')).toHaveLength(1);
    expect(offences('const WORD = /[\\p{Script=Han}\\p{Script=Hiragana}]/gu;')).toEqual(['a Unicode script property']);
    expect(offences('const CJK = /[一-龥]/;')).toEqual(['a literal range of CJK characters']);
    expect(offences("const s = new Intl.Segmenter('und', { granularity: 'sentence' });")).toEqual(['an Intl.Segmenter']);
    expect(offences("const pairs = '（）【】「」';")).toEqual([]);
  });

  it('finds none of them in src/ outside src/text/', () => {
    const found = tsFiles(src)
      .map((path) => relative(src, path).split('\\').join('/'))
      .filter((path) => !path.startsWith('text/'))
      .flatMap((path) => offences(readFileSync(join(src, path), 'utf8')).map((what) => `${path}: ${what}`));
    expect(found).toEqual([]);
  });

  it('finds them in src/text/, where they live', () => {
    expect(offences(readFileSync(join(src, 'text/scripts.ts'), 'utf8'))).toContain('a Unicode script property');
    expect(offences(readFileSync(join(src, 'text/segments.ts'), 'utf8'))).toContain('an Intl.Segmenter');
  });
});
