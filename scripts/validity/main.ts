/**
 * `npm run validity` (issue 12): does a higher chunkgate score mean better retrieval? For each
 * golden set in fixtures/validity (English and Chinese Tauri docs, hand-written queries of
 * types A–D with verbatim evidence), chunk the pages with the eight configurations of the
 * issue, score them with chunkgate's engine, take BM25 top-5 MRR as the truth, and print the
 * Spearman correlations of every score with it, and the chunk-level check.
 *
 * `--json FILE` also writes the per-configuration numbers as JSON.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseGolden } from '../../src/golden/load.js';
import { CONFIGS, runConfig, type CorpusFile } from './experiment.js';
import { correlationRows, chunkLevel, renderCorpus } from './report.js';

const root = join(import.meta.dirname, '..', '..', 'fixtures', 'validity');
const SETS = [
  { name: 'English (tauri-docs)', dir: 'en' },
  { name: 'Chinese (tauri-docs zh-cn)', dir: 'zh-cn' },
];

function pages(dir: string): CorpusFile[] {
  const walk = (at: string): string[] =>
    readdirSync(at, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(at, entry.name)) : /\.mdx?$/.test(entry.name) ? [join(at, entry.name)] : []));
  return walk(dir)
    .sort()
    .map((path) => ({ path: relative(dir, path).split('\\').join('/'), source: readFileSync(path, 'utf8') }));
}

async function main(): Promise<void> {
  const jsonAt = process.argv.indexOf('--json');
  const results: Record<string, unknown> = {};
  for (const set of SETS) {
    const dir = join(root, set.dir);
    const corpus = pages(join(dir, 'docs'));
    const golden = parseGolden(readFileSync(join(dir, 'golden.yml'), 'utf8'), `${set.dir}/golden.yml`);
    const outcomes = [];
    for (const config of CONFIGS) outcomes.push(await runConfig(corpus, golden, config));
    process.stdout.write(`${renderCorpus(set.name, outcomes, golden.queries.length)}\n\n`);
    results[set.dir] = {
      configs: outcomes.map((outcome) => ({ label: outcome.label, retrieval: outcome.retrieval, byType: outcome.byType, chunkLevel: chunkLevel(outcome) })),
      correlations: correlationRows(outcomes),
    };
  }
  if (jsonAt !== -1 && process.argv[jsonAt + 1]) writeFileSync(process.argv[jsonAt + 1]!, `${JSON.stringify(results, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`validity: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exitCode = 1;
});
