import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { glob } from 'tinyglobby';
import { chunkDocument } from '../src/chunking/index.js';
import { createMeasure, countTokens } from '../src/chunking/measure.js';
import { parseConfig } from '../src/config/load.js';
import { parseMarkdown } from '../src/markdown/parse.js';
import * as rules from '../src/metrics/rules/index.js';
import { checkSentenceCuts } from '../src/metrics/rules/sentence-cut.js';
import { checkUnclosedBrackets } from '../src/metrics/rules/unclosed-bracket.js';
import { checkNearDuplicates } from '../src/metrics/rules/near-duplicate.js';
import { checkDuplicateChunks } from '../src/metrics/rules/duplicate-chunk.js';
import { checkOrphanHeadings } from '../src/metrics/rules/orphan-heading.js';
import { checkSourceLoss } from '../src/metrics/rules/source-loss.js';
import { checkExcessOverlap } from '../src/metrics/rules/excess-overlap.js';
import { checkMissingHeadingContext } from '../src/metrics/rules/missing-heading-context.js';
import { checkSplitBlocks } from '../src/metrics/rules/split-blocks.js';
import { checkChunkSizes } from '../src/metrics/rules/size-rules.js';

const dir = join(import.meta.dirname, '..', '..', 'shared', 'corpus', 'tauri-docs');
const files = (await glob(['**/*.md', '**/*.mdx'], { cwd: dir })).sort().map((p) => ({ path: p, text: readFileSync(join(dir, p), 'utf8') }));
const chunking = parseConfig('', 'x').chunking;
const docs = files.map((f) => parseMarkdown(f.path, f.text).doc);
let s = process.hrtime.bigint();
for (const f of files) countTokens(f.text, 'o200k_base');
console.log('tokenize whole corpus once', Number(process.hrtime.bigint() - s) / 1e6);
let calls = 0, chars = 0;
s = process.hrtime.bigint();
const all = docs.map((doc) => {
  const m = createMeasure(chunking.unit, chunking.tokenizer);
  const orig = m.tokens;
  const wrapped = { ...m, tokens: (t: string) => orig(t), size: (t: string) => { return m.size(t); } };
  return { doc, chunks: chunkDocument(doc, chunking, m), measure: m };
});
console.log('chunk', Number(process.hrtime.bigint() - s) / 1e6);
s = process.hrtime.bigint();
for (const doc of docs) chunkDocument(doc, { ...chunking, unit: 'chars' }, createMeasure('chars', 'o200k_base'));
console.log('chunk chars (still finalize tokens)', Number(process.hrtime.bigint() - s) / 1e6);
for (const [name, fn] of Object.entries({ checkSentenceCuts, checkUnclosedBrackets, checkNearDuplicates, checkDuplicateChunks, checkOrphanHeadings, checkSourceLoss, checkExcessOverlap, checkMissingHeadingContext, checkSplitBlocks, checkChunkSizes })) {
  s = process.hrtime.bigint();
  for (const a of all) (fn as any)({ doc: a.doc, chunks: a.chunks, options: chunking, measure: a.measure });
  console.log(name, Math.round(Number(process.hrtime.bigint() - s) / 1e6));
}
