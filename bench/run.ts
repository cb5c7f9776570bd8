/**
 * `npm run bench`: eval throughput against bare remark-gfm parsing of the same files,
 * measured in one run (machines here are noisy: compare ratios, not absolute times).
 *
 * Corpus: ../shared/corpus/tauri-docs when present, plus the repo's fixtures.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MarkdownTextSplitter } from '@langchain/textsplitters';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { glob } from 'tinyglobby';
import { unified } from 'unified';
import { chunkDocument } from '../src/chunking/index.js';
import { createMeasure } from '../src/chunking/measure.js';
import { parseConfig } from '../src/config/load.js';
import { settingsFor } from '../src/config/resolve.js';
import { analyzeDocument } from '../src/engine/evaluate.js';
import { parseMarkdown } from '../src/markdown/parse.js';
import { structuralMetrics } from '../src/metrics/structural/index.js';
import { checkRules } from '../src/metrics/rules/index.js';
import { sourceCoverage } from '../src/metrics/coverage.js';

const root = join(import.meta.dirname, '..');
const corpusDir = join(root, '..', 'shared', 'corpus', 'tauri-docs');

async function loadFiles(): Promise<{ path: string; text: string }[]> {
  const dirs = [join(root, 'fixtures'), join(root, 'test', 'fixtures')];
  if (existsSync(corpusDir)) dirs.unshift(corpusDir);
  else console.log('note: ../shared/corpus/tauri-docs is absent; benchmarking the fixtures only');
  const files: { path: string; text: string }[] = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const path of (await glob(['**/*.md', '**/*.mdx'], { cwd: dir, ignore: ['**/node_modules/**'] })).sort()) {
      files.push({ path: relative(root, join(dir, path)), text: readFileSync(join(dir, path), 'utf8') });
    }
  }
  return files;
}

const bareMd = unified().use(remarkParse).use(remarkGfm).freeze();
const bareMdx = unified().use(remarkParse).use(remarkGfm).use(remarkMdx).freeze();

function time(label: string, rounds: number, body: () => void): number {
  body(); // warm-up: JIT and tokenizer tables
  (globalThis as { gc?: () => void }).gc?.();
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = process.hrtime.bigint();
    body();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(`  ${label.padEnd(44)} ${median.toFixed(0).padStart(7)} ms (median of ${rounds})`);
  return median;
}

const files = await loadFiles();
const bytes = files.reduce((sum, file) => sum + Buffer.byteLength(file.text), 0);
const config = parseConfig('', '(defaults)');
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
console.log(`chunkgate bench: ${files.length} files, ${(bytes / 1e6).toFixed(2)} MB, ${rounds} rounds`);

const parseBare = time('bare remark-gfm parse', rounds, () => {
  for (const file of files) {
    try {
      (file.path.endsWith('.mdx') ? bareMdx : bareMd).parse(file.text);
    } catch {
      bareMd.parse(file.text);
    }
  }
});
const structuralOnly = time('eval: parse + chunk + structural + rules', rounds, () => {
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
});
const full = time('eval + heuristic content metrics', rounds, () => {
  for (const file of files) {
    analyzeDocument(file.path, file.text, { chunking: settingsFor(config, file.path).chunking, weights: config.scoring.weights });
  }
});
const splitter = new MarkdownTextSplitter({ chunkSize: 1000, chunkOverlap: 100 });
const langchain = (() => {
  const start = process.hrtime.bigint();
  return Promise.all(files.map((file) => splitter.splitText(file.text))).then(() => Number(process.hrtime.bigint() - start) / 1e6);
})();
const langchainMs = await langchain;
console.log(`  ${'@langchain/textsplitters Markdown 1000/100'.padEnd(44)} ${langchainMs.toFixed(0).padStart(7)} ms (one run, reference)`);

const mbps = (ms: number) => (bytes / 1e6 / (ms / 1000)).toFixed(2);
console.log('');
console.log(`bare parse:             ${mbps(parseBare)} MB/s`);
console.log(`eval (structural):      ${mbps(structuralOnly)} MB/s · ${(structuralOnly / parseBare).toFixed(2)}× bare parse (target ≤ 1.3×)`);
console.log(`eval (with heuristic):  ${mbps(full)} MB/s · ${(full / parseBare).toFixed(2)}× bare parse (target ≤ 1.5×)`);
console.log(`peak RSS:               ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);

const { benchJudge } = await import('./judge.js');
await benchJudge();
await import('./presets.js');
