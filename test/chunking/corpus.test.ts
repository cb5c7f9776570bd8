import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../src/markdown/parse.js';
import type { ParsedDoc, StrategyName } from '../../src/types.js';
import { chunkParsed, cutAtomicBlocks, malformed, optionsWith, uncovered } from './helpers.js';

// Real-world Markdown / MDX from ../shared/corpus (read-only); skipped when it is absent.
const CORPUS = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus', 'tauri-docs');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.mdx?$/.test(entry.name) ? [path] : [];
  });
}

describe.skipIf(!existsSync(CORPUS))('chunking the tauri-docs corpus', () => {
  // Every 6th file keeps the run short while spanning English and translated pages.
  const sample = existsSync(CORPUS) ? files(CORPUS).sort().filter((_, index) => index % 6 === 0) : [];
  let parsed: Array<{ path: string; doc: ParsedDoc }> | undefined;
  const docs = (): Array<{ path: string; doc: ParsedDoc }> =>
    (parsed ??= sample.map((path) => ({ path, doc: parseMarkdown(path, readFileSync(path, 'utf8')).doc })));

  for (const strategy of ['heading', 'recursive', 'sentence', 'fixed'] as StrategyName[]) {
    it(`${strategy}: covers every file, keeps fitting atomic blocks whole, well-formed`, () => {
      expect(sample.length).toBeGreaterThan(10);
      const failures: string[] = [];
      for (const { path, doc } of docs()) {
        const options = optionsWith({ strategy, unit: 'chars', max: 600, min: 80, overlap: 60 });
        const chunks = chunkParsed(doc, options);
        const problems = [
          ...uncovered(doc, chunks).slice(0, 3).map((offset) => `uncovered ${offset}`),
          ...(strategy === 'fixed' ? [] : cutAtomicBlocks(doc, chunks, options)),
          ...malformed(doc, chunks),
        ];
        if (problems.length > 0) failures.push(`${path}: ${problems.join('; ')}`);
      }
      expect(failures).toEqual([]);
    });
  }
});
