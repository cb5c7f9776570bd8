import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { glob } from 'tinyglobby';
import { chunkDocument } from '../src/chunking/index.js';
import { createMeasure } from '../src/chunking/measure.js';
import { parseConfig } from '../src/config/load.js';
import { parseMarkdown } from '../src/markdown/parse.js';
import { scoreContentHeuristic } from '../src/metrics/content/heuristic/index.js';
import { sourceCoverage } from '../src/metrics/coverage.js';
import { checkRules } from '../src/metrics/rules/index.js';
import { structuralMetrics } from '../src/metrics/structural/index.js';

const dir = join(import.meta.dirname, '..', '..', 'shared', 'corpus', 'tauri-docs');
const files = (await glob(['**/*.md', '**/*.mdx'], { cwd: dir })).sort().map((p) => ({ path: p, text: readFileSync(join(dir, p), 'utf8') }));
const chunking = parseConfig('', 'x').chunking;
const t: Record<string, number> = {};
const add = (k: string, s: bigint) => (t[k] = (t[k] ?? 0) + Number(process.hrtime.bigint() - s) / 1e6);
for (let round = 0; round < 2; round++) {
  for (const k of Object.keys(t)) t[k] = 0;
  for (const f of files) {
    let s = process.hrtime.bigint();
    const { doc } = parseMarkdown(f.path, f.text);
    add('parse', s);
    const measure = createMeasure(chunking.unit, chunking.tokenizer);
    s = process.hrtime.bigint();
    const chunks = chunkDocument(doc, chunking, measure);
    add('chunk', s);
    const input = { doc, chunks, options: chunking, measure };
    s = process.hrtime.bigint(); structuralMetrics(input); add('structural', s);
    s = process.hrtime.bigint(); checkRules(input); add('rules', s);
    s = process.hrtime.bigint(); sourceCoverage(doc, chunks); add('coverage', s);
    s = process.hrtime.bigint(); scoreContentHeuristic({ doc, chunks, options: chunking }); add('heuristic', s);
  }
}
console.log(Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Math.round(v)])));
