/**
 * Structural eval against a bare parse of the same files, in one process (target ≤ 1.3×, docs/design.md#speed).
 * The bare parse uses exactly the plugin stack of src/markdown/parse.ts; each round of either
 * variant starts with empty token-piece and search-term memos, as a fresh process would.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { glob } from 'tinyglobby';
import { unified } from 'unified';
import { chunkDocument } from '../src/chunking/index.js';
import { clearPieceMemo, createMeasure } from '../src/tokens/index.js';
import { parseConfig } from '../src/config/load.js';
import { settingsFor } from '../src/config/resolve.js';
import { analyzeDocument } from '../src/engine/evaluate.js';
import { parseMarkdown } from '../src/markdown/parse.js';
import { sourceCoverage } from '../src/metrics/coverage.js';
import { checkRules } from '../src/metrics/rules/index.js';
import { structuralMetrics } from '../src/metrics/structural/index.js';
import { clearSearchTermMemo } from '../src/retrieval/terms.js';
import { cpuMs, interleaved, line, median, ms, root, verdict } from './measure.js';

export const corpusDir = join(root, '..', 'shared', 'corpus', 'tauri-docs');

/** The benchmark corpus: ../shared/corpus/tauri-docs when present, plus the repo's fixtures. */
export async function corpusFiles(): Promise<{ path: string; text: string }[]> {
  const dirs = [join(root, 'fixtures')];
  if (existsSync(corpusDir)) dirs.unshift(corpusDir);
  const files: { path: string; text: string }[] = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const path of (await glob(['**/*.md', '**/*.mdx'], { cwd: dir, ignore: ['**/node_modules/**'] })).sort()) {
      files.push({ path: relative(root, join(dir, path)), text: readFileSync(join(dir, path), 'utf8') });
    }
  }
  return files;
}

const bareMarkdown = unified().use(remarkParse).use(remarkFrontmatter, ['yaml', 'toml']).use(remarkGfm).freeze();
const bareMdx = unified().use(remarkParse).use(remarkFrontmatter, ['yaml', 'toml']).use(remarkGfm).use(remarkMdx).freeze();

/** Prints the in-process ratios and returns the structural one. */
export async function benchInProcess(): Promise<number> {
  const files = await corpusFiles();
  const bytes = files.reduce((sum, file) => sum + Buffer.byteLength(file.text), 0);
  const config = parseConfig('', '(defaults)');
  if (!existsSync(corpusDir)) console.log('  note: ../shared/corpus/tauri-docs is absent; benchmarking the fixtures only');
  const timed = (body: () => void) => () => {
    clearPieceMemo();
    clearSearchTermMemo();
    (globalThis as { gc?: () => void }).gc?.();
    const start = cpuMs();
    body();
    return cpuMs() - start;
  };
  const results = await interleaved({
    bare: timed(() => {
      for (const file of files) {
        if (!file.path.toLowerCase().endsWith('.mdx')) bareMarkdown.parse(file.text);
        else {
          try {
            bareMdx.parse(file.text);
          } catch {
            bareMarkdown.parse(file.text);
          }
        }
      }
    }),
    structural: timed(() => {
      for (const file of files) {
        const chunking = settingsFor(config, file.path).chunking;
        const { doc } = parseMarkdown(file.path, file.text);
        const measure = createMeasure(chunking.unit, chunking.tokenizer);
        const chunks = chunkDocument(doc, chunking, measure);
        const input = { doc, chunks, options: chunking, measure };
        structuralMetrics(input);
        checkRules(input);
        sourceCoverage(doc, chunks);
      }
    }),
    full: timed(() => {
      for (const file of files) analyzeDocument(file.path, file.text, { chunking: settingsFor(config, file.path).chunking, weights: config.scoring.weights });
    }),
  });
  const bare = median(results.bare!);
  const structural = median(results.structural!) / bare;
  console.log(`  ${files.length} files, ${(bytes / 1e6).toFixed(2)} MB; CPU time, median of ${results.bare!.length} interleaved rounds`);
  line('bare parse (remark + frontmatter + gfm, mdx for .mdx)', ms(bare));
  line('structural eval (parse + chunk + structural + rules + coverage)', `${ms(median(results.structural!))} · ${verdict(structural, '≤ 1.3×', structural <= 1.3)}`);
  line('full eval (+ heuristic content metrics, for reference)', `${ms(median(results.full!))} · ${(median(results.full!) / bare).toFixed(2)}×`);
  return structural;
}
