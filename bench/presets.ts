/**
 * Presets vs their libraries (docs/config.md#score-the-chunks-your-pipeline-makes), run from `npm run bench` (or alone:
 * `node --expose-gc --import tsx bench/presets.ts`): for each preset, the median time to chunk
 * every file with chunkgate's re-implementation (drafts: chunk texts, offsets, heading paths,
 * kinds) and with the library itself (chunk texts only), and the ratio. Then the external
 * chunker's per-file cost: examples/external-chunker/scripts/chunk.py through `runExternalChunker`
 * (one python3 process per file) against the in-process `heading` chunker.
 *
 * Corpus: ../shared/corpus/tauri-docs when present, plus the repo's fixtures.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MarkdownTextSplitter, RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import { MarkdownNodeParser, SentenceSplitter } from '@llamaindex/core/node-parser';
import { Document } from '@llamaindex/core/schema';
import { countTokens, encode } from 'gpt-tokenizer/encoding/o200k_base';
import { chunkDocument } from '../src/chunking/index.js';
import { createMeasure } from '../src/tokens/index.js';
import { documentContent, presetInputStart } from '../src/chunking/presets/body.js';
import { PRESETS } from '../src/chunking/presets/index.js';
import { parseMarkdown } from '../src/markdown/parse.js';
import { runExternalChunker } from '../src/sources/external-chunker.js';
import type { ChunkingOptions, ParsedDoc, PresetName } from '../src/types.js';

const root = join(import.meta.dirname, '..');
const corpus = join(root, '..', 'shared', 'corpus', 'tauri-docs');
const files = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : /\.mdx?$/.test(entry.name) ? [join(dir, entry.name)] : []))
        .sort()
    : [];
const paths = [...files(corpus), ...files(join(root, 'fixtures'))];
const docs: ParsedDoc[] = paths.map((path) => parseMarkdown(path, readFileSync(path, 'utf8')).doc);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const AS_TEXT = { disallowedSpecial: new Set<string>() };
const QUIET = { log: () => undefined, warn: () => undefined, error: () => undefined };

async function median(body: () => unknown): Promise<number> {
  await body(); // warm-up
  (globalThis as { gc?: () => void }).gc?.();
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = process.hrtime.bigint();
    await body();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

const options = (strategy: PresetName, rest: Partial<ChunkingOptions>): ChunkingOptions => ({
  strategy, unit: 'chars', tokenizer: 'o200k_base', max: 1000, min: 0, overlap: 200, tiny: 0, headingLevels: { max: 3 }, ...rest,
});
// The presets' default input: the raw file, front matter included (`frontMatter: keep`).
const body = (doc: ParsedDoc) => doc.source.slice(presetInputStart(doc, {}));
const content = (doc: ParsedDoc) => {
  const span = documentContent(doc, {});
  return doc.source.slice(span.start, span.end);
};

const cases: Array<{ label: string; options: ChunkingOptions; library: (doc: ParsedDoc) => unknown }> = [
  {
    label: 'langchain-recursive 1000/200 chars',
    options: options('langchain-recursive', {}),
    library: (doc) => new RecursiveCharacterTextSplitter({ chunkSize: 1000, chunkOverlap: 200 }).splitText(body(doc)),
  },
  {
    label: 'langchain-recursive 256/32 tokens',
    options: options('langchain-recursive', { unit: 'tokens', max: 256, overlap: 32 }),
    library: (doc) => new RecursiveCharacterTextSplitter({ chunkSize: 256, chunkOverlap: 32, lengthFunction: (text) => countTokens(text, AS_TEXT) }).splitText(body(doc)),
  },
  {
    label: 'langchain-markdown 1000/200 chars',
    options: options('langchain-markdown', {}),
    library: (doc) => new MarkdownTextSplitter({ chunkSize: 1000, chunkOverlap: 200 }).splitText(body(doc)),
  },
  {
    label: 'llamaindex-markdown',
    options: options('llamaindex-markdown', {}),
    library: (doc) => new MarkdownNodeParser().getNodesFromDocuments([new Document({ text: body(doc) })]),
  },
  {
    label: 'llamaindex-sentence 1024/200 tokens',
    options: options('llamaindex-sentence', { unit: 'tokens', max: 1024, overlap: 200 }),
    library: (doc) =>
      new SentenceSplitter({
        chunkSize: 1024,
        chunkOverlap: 200,
        tokenizer: { encode: (text: string) => new Uint32Array(encode(text, AS_TEXT)), decode: () => '' },
        logger: QUIET,
      }).splitText(content(doc)),
  },
];

console.log('');
console.log(`presets vs their libraries: ${docs.length} files, median of ${rounds}`);
for (const { label, options: chunking, library } of cases) {
  const ours = await median(() => {
    for (const doc of docs) PRESETS[chunking.strategy as PresetName](doc, chunking, createMeasure(chunking.unit, chunking.tokenizer));
  });
  const theirs = await median(async () => {
    for (const doc of docs) await library(doc);
  });
  console.log(`  ${label.padEnd(36)} chunkgate ${ours.toFixed(0).padStart(6)} ms · library ${theirs.toFixed(0).padStart(6)} ms · ratio ${(ours / theirs).toFixed(2)}×`);
}

// External chunker: one process per file. Sample 20 files so the bench stays short.
const sample = docs.filter((_, index) => index % Math.max(1, Math.floor(docs.length / 20)) === 0).slice(0, 20);
const external: ChunkingOptions = { ...options('llamaindex-markdown', {}), strategy: 'external', command: ['python3', 'scripts/chunk.py'] };
const cwd = join(root, 'examples', 'external-chunker');
const externalMs = await median(async () => {
  for (const doc of sample) await runExternalChunker(doc.path, doc.source, external, cwd);
});
const heading = { ...options('llamaindex-markdown', {}), strategy: 'heading' as const, unit: 'tokens' as const, max: 512, min: 64, overlap: 0 };
const headingMs = await median(() => {
  for (const doc of sample) chunkDocument(doc, heading, createMeasure('tokens', 'o200k_base'));
});
console.log(
  `  external (python3 examples chunk.py)    ${(externalMs / sample.length).toFixed(1)} ms/file · in-process heading ${(headingMs / sample.length).toFixed(2)} ms/file · overhead ${((externalMs - headingMs) / sample.length).toFixed(1)} ms/file (${sample.length} files)`,
);
