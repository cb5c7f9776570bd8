/**
 * No-crash and invariant checks on real-world Markdown (../shared/corpus/tauri-docs):
 * one chunk per top-level block covers every non-whitespace character outside front
 * matter, so coverage is complete and no rule reports loss or a split block.
 * Skips when the shared corpus is absent.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { finalizeChunks } from '../../../src/chunking/finalize.js';
import { createMeasure } from '../../../src/tokens/index.js';
import { parseMarkdown } from '../../../src/markdown/parse.js';
import { sourceCoverage } from '../../../src/metrics/coverage.js';
import { checkRules } from '../../../src/metrics/rules/index.js';
import { structuralMetrics } from '../../../src/metrics/structural/index.js';
import { options } from './fixture.js';

const corpus = join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'corpus', 'tauri-docs');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : markdownFiles(path);
    return /\.mdx?$/.test(entry.name) ? [path] : [];
  });
}

// Every 4th file keeps the suite fast while still crossing English, CJK and MDX pages.
const files = existsSync(corpus) ? markdownFiles(corpus).sort().filter((_, index) => index % 4 === 0) : [];

describe.skipIf(files.length === 0)('structural metrics and rules on the shared corpus', () => {
  it('scores block-per-chunk chunkings within 0–100 with full coverage and no loss', () => {
    const chunking = options({ unit: 'chars', max: 800, min: 50, tiny: 80, strategy: 'heading' });
    for (const file of files) {
      const { doc } = parseMarkdown(file.slice(corpus.length + 1), readFileSync(file, 'utf8'));
      const measure = createMeasure(chunking.unit, chunking.tokenizer);
      const drafts = doc.blocks.map((block) => ({ start: block.start, end: block.end, headingPath: [], kinds: [block.kind] }));
      const chunks = finalizeChunks(doc, drafts, measure.tokens);
      const input = { doc, chunks, options: chunking, measure };
      for (const [name, value] of Object.entries(structuralMetrics(input))) {
        expect(value, `${doc.path} ${name}`).toBeGreaterThanOrEqual(0);
        expect(value, `${doc.path} ${name}`).toBeLessThanOrEqual(100);
      }
      const coverage = sourceCoverage(doc, chunks);
      expect(coverage.lost, doc.path).toEqual([]);
      expect(coverage.coverage, doc.path).toBe(1);
      const tags = checkRules(input).flat().map((issue) => issue.tag);
      expect(tags.filter((tag) => ['source-loss', 'table-split', 'code-fence-split', 'sentence-cut'].includes(tag)), doc.path).toEqual([]);
    }
  });
});
