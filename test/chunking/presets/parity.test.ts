import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../src/chunking/index.js';
import { createMeasure } from '../../../src/tokens/index.js';
import { parseMarkdown } from '../../../src/markdown/parse.js';
import type { ChunkingOptions, ParsedDoc } from '../../../src/types.js';
import { optionsWith } from '../helpers.js';
import { libraryChunks } from './library.js';
import { FIXTURE_DOC_DIRS } from '../../helpers/fixture-docs.js';

// Parity: for every preset and a sample of configurations, chunkgate's chunk texts are the
// library's, in order, on the fixtures, every CommonMark spec example and (when present) every
// file of ../shared/corpus/tauri-docs. The library gets what a pipeline hands it: the raw file,
// front matter included (the default, `frontMatter: keep`), or with `frontMatter: strip` the
// text a front-matter loader leaves (after the front matter and the blank lines that follow).

const ROOT = join(import.meta.dirname, '..', '..', '..');
const CORPUS = join(ROOT, '..', 'shared', 'corpus', 'tauri-docs');

function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? markdownFiles(join(dir, entry.name)) : /\.mdx?$/.test(entry.name) ? [join(dir, entry.name)] : []))
    .sort();
}

const parse = (paths: string[]): ParsedDoc[] => paths.map((path) => parseMarkdown(path, readFileSync(path, 'utf8')).doc);
const spec = createRequire(import.meta.url)('commonmark-spec') as { tests: Array<{ markdown: string }> };

/** A hand-made CJK page: sentences end in 。！？ and the secondary regex splits on ，is not enough. */
const CJK = [
  '# 安装指南\n\n',
  '本指南介绍如何在不同平台上安装应用。首先，请确认你的系统满足最低要求！如果不确定，请查看下面的表格？',
  '接下来我们会逐步说明每一个步骤，包括下载、解压、配置环境变量以及验证安装是否成功。'.repeat(4),
  '\n\n\n## 配置\n\n配置文件位于用户目录下。你可以修改端口、日志级别和缓存目录；修改后需要重启服务。\n',
].join('');

const FIXTURES = parse(FIXTURE_DOC_DIRS.flatMap(markdownFiles));
FIXTURES.push(parseMarkdown('cjk.md', CJK).doc);
let corpus: ParsedDoc[] | undefined;
const EXAMPLES = spec.tests.map((example, index) => parseMarkdown(`example-${index + 1}.md`, example.markdown.replaceAll('→', '\t')).doc);

type Config = Partial<ChunkingOptions>;

/** The text a pipeline hands the library: the raw file, or what a front-matter loader leaves. */
function libraryInput(doc: ParsedDoc, options: ChunkingOptions): string {
  if (options.frontMatter !== 'strip' || !doc.frontmatter) return doc.source;
  return doc.source.slice(doc.frontmatter.end).replace(/^(?:[ \t]*\r?\n)*/, '');
}
/** Configurations per preset: small and large sizes, overlap 0 and > 0, chars and tokens. */
const CONFIGS: Record<string, { fixtures: Config[]; examples: Config[]; corpus: Config[] }> = {
  'langchain-recursive': {
    fixtures: [{ unit: 'chars', max: 1000, overlap: 200 }, { unit: 'chars', max: 120, overlap: 0 }, { unit: 'chars', max: 300, overlap: 40, keepSeparator: false }, { unit: 'tokens', max: 64, overlap: 16 }, { unit: 'chars', max: 120, overlap: 0, frontMatter: 'strip' }],
    examples: [{ unit: 'chars', max: 24, overlap: 6 }, { unit: 'tokens', max: 6, overlap: 0 }],
    corpus: [{ unit: 'chars', max: 1000, overlap: 200 }, { unit: 'tokens', max: 128, overlap: 0 }, { unit: 'chars', max: 1000, overlap: 200, frontMatter: 'strip' }],
  },
  'langchain-markdown': {
    fixtures: [{ unit: 'chars', max: 1000, overlap: 200 }, { unit: 'chars', max: 150, overlap: 0 }, { unit: 'tokens', max: 48, overlap: 8 }, { unit: 'chars', max: 150, overlap: 0, frontMatter: 'strip' }],
    examples: [{ unit: 'chars', max: 24, overlap: 6 }, { unit: 'tokens', max: 6, overlap: 2 }],
    corpus: [{ unit: 'chars', max: 1000, overlap: 200 }, { unit: 'chars', max: 200, overlap: 0 }, { unit: 'chars', max: 1000, overlap: 200, frontMatter: 'strip' }],
  },
  'llamaindex-markdown': { fixtures: [{}, { frontMatter: 'strip' }], examples: [{}], corpus: [{}, { frontMatter: 'strip' }] },
  'llamaindex-sentence': {
    fixtures: [{ unit: 'tokens', max: 1024, overlap: 200 }, { unit: 'tokens', max: 40, overlap: 0 }, { unit: 'tokens', max: 64, overlap: 12, tokenizer: 'cl100k_base' }, { unit: 'tokens', max: 40, overlap: 0, frontMatter: 'strip' }],
    examples: [{ unit: 'tokens', max: 8, overlap: 2 }],
    corpus: [{ unit: 'tokens', max: 256, overlap: 32 }, { unit: 'tokens', max: 256, overlap: 32, frontMatter: 'strip' }],
  },
};

/** Compares chunkgate with the library on `docs`; returns the number of files compared and the mismatches. */
async function compare(docs: readonly ParsedDoc[], overrides: Config): Promise<{ files: number; mismatches: string[] }> {
  const options = optionsWith(overrides);
  const mismatches: string[] = [];
  let files = 0;
  for (const doc of docs) {
    const input = libraryInput(doc, options);
    // LlamaIndex's SentenceSplitter makes one empty node of an empty (or blank) input; chunkgate makes no chunk.
    if (input.trim() === '' && options.strategy === 'llamaindex-sentence') continue;
    const ours = chunkDocument(doc, options, createMeasure(options.unit, options.tokenizer)).map((chunk) => chunk.text);
    const theirs = await libraryChunks(options, input);
    files++;
    if (JSON.stringify(ours) !== JSON.stringify(theirs)) mismatches.push(`${doc.path} (${ours.length} vs ${theirs.length} chunks)`);
  }
  return { files, mismatches };
}

for (const [strategy, configs] of Object.entries(CONFIGS)) {
  describe(`${strategy}: parity with the library`, () => {
    for (const config of configs.fixtures) {
      it(`fixtures, ${JSON.stringify(config)}`, async () => {
        const result = await compare(FIXTURES, { ...config, strategy: strategy as ChunkingOptions['strategy'] });
        // fixtures/frontmatter/only-front-matter.md leaves a blank input once stripped (skipped above).
        const blank = strategy === 'llamaindex-sentence' && config.frontMatter === 'strip' ? 1 : 0;
        expect(result.files).toBe(FIXTURES.length - blank);
        expect(result.mismatches).toEqual([]);
      });
    }
    for (const config of configs.examples) {
      it(`CommonMark spec examples, ${JSON.stringify(config)}`, async () => {
        const result = await compare(EXAMPLES, { ...config, strategy: strategy as ChunkingOptions['strategy'] });
        expect(result.files).toBeGreaterThan(600);
        expect(result.mismatches).toEqual([]);
      });
    }
    for (const config of configs.corpus) {
      it.skipIf(!existsSync(CORPUS))(`every tauri-docs file, ${JSON.stringify(config)}`, async () => {
        const docs = (corpus ??= parse(markdownFiles(CORPUS)));
        const result = await compare(docs, { ...config, strategy: strategy as ChunkingOptions['strategy'] });
        expect(result.files).toBe(243);
        expect(result.mismatches).toEqual([]);
      });
    }
  });
}
