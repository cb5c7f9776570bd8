/**
 * `npm run validity` (docs/scores.md#do-the-scores-track-retrieval): does a higher chunkgate score
 * mean better retrieval? For each golden set in fixtures/validity (English and Chinese Tauri docs,
 * hand-written queries of types A–D with verbatim evidence), chunk the pages with the eight
 * configurations of `experiment.ts`, score them with chunkgate's engine, take BM25 top-5 MRR as the
 * truth, and print how stable that truth is (bootstrap over queries, chance MRR), the Spearman
 * correlations of every score with it, the same queries at an equal context budget (`budget.ts`),
 * `overall` under other weights, and the chunk-level checks.
 *
 * The truth is MRR against an index of the whole docs corpus the pages come from
 * (`../shared/corpus/tauri-docs`: 144 English, 69 Chinese pages), as a real RAG index holds
 * every page; without that folder, against the golden pages' own index (with a note).
 *
 * `--json FILE` also writes the per-configuration numbers as JSON. `--edits` runs the edit-level
 * validity harness instead (docs/validity.md, `edits/cli.ts`).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseGolden } from '../../src/golden/load.js';
import { CONFIGS, primaryTruth, runConfig, type CorpusFile } from './experiment.js';
import { BUDGETS } from './budget.js';
import { runEdits } from './edits/cli.js';
import { budgetRecall, budgetRows, chunkLevel, correlationRows, renderCorpus, resample, variantRows } from './report.js';

const repository = join(import.meta.dirname, '..', '..');
const root = join(repository, 'fixtures', 'validity');
const corpusRoot = join(repository, '..', 'shared', 'corpus', 'tauri-docs', 'src', 'content', 'docs');
/** Locale folders of the Tauri docs: the English corpus is everything else. */
const LOCALES = new Set(['zh-cn', 'es', 'fr', 'it', '_it']);
const SETS = [
  { name: 'English (tauri-docs)', dir: 'en', corpus: { dir: corpusRoot, skip: (top: string) => LOCALES.has(top) } },
  { name: 'Chinese (tauri-docs zh-cn)', dir: 'zh-cn', corpus: { dir: join(corpusRoot, 'zh-cn'), skip: () => false } },
];

/** Every .md/.mdx file under `dir`, by path relative to it; `skip` leaves out top-level folders. */
function pages(dir: string, skip: (top: string) => boolean = () => false): CorpusFile[] {
  const walk = (at: string): string[] =>
    readdirSync(at, { withFileTypes: true }).flatMap((entry) => {
      const path = join(at, entry.name);
      if (entry.isDirectory()) return at === dir && skip(entry.name) ? [] : walk(path);
      return /\.mdx?$/.test(entry.name) ? [path] : [];
    });
  return walk(dir)
    .sort()
    .map((path) => ({ path: relative(dir, path).split('\\').join('/'), source: readFileSync(path, 'utf8') }));
}

async function main(): Promise<void> {
  if (process.argv.includes('--edits')) {
    const sets = SETS.map((set) => ({
      name: set.name,
      dir: join(root, set.dir),
      corpus: () => (existsSync(set.corpus.dir) ? pages(set.corpus.dir, set.corpus.skip) : null),
      own: () => pages(join(root, set.dir, 'docs')),
    }));
    return runEdits(process.argv.slice(2), sets);
  }
  const jsonAt = process.argv.indexOf('--json');
  const results: Record<string, unknown> = {};
  for (const set of SETS) {
    const dir = join(root, set.dir);
    const golden = parseGolden(readFileSync(join(dir, 'golden.yml'), 'utf8'), `${set.dir}/golden.yml`);
    const own = pages(join(dir, 'docs'));
    const index = existsSync(set.corpus.dir) ? pages(set.corpus.dir, set.corpus.skip) : undefined;
    if (index) {
      const paths = new Set(index.map((file) => file.path));
      const missing = own.filter((file) => !paths.has(file.path));
      if (missing.length > 0) throw new Error(`${set.corpus.dir} lacks golden pages ${missing.map((file) => file.path).join(', ')}`);
    }
    const outcomes = [];
    for (const config of CONFIGS) outcomes.push(await runConfig(own, golden, config, index ? { index } : {}));
    process.stdout.write(`${renderCorpus(set.name, outcomes, golden.queries.length)}\n\n`);
    const resampled = resample(outcomes);
    results[set.dir] = {
      truth: index ? `whole corpus (${index.length} pages)` : `golden pages (${own.length})`,
      configs: outcomes.map((outcome) => ({
        label: outcome.label,
        retrieval: primaryTruth(outcome).retrieval,
        byType: primaryTruth(outcome).byType,
        chance: primaryTruth(outcome).chance,
        recallAtBudget: Object.fromEntries(BUDGETS.map((budget) => [budget, budgetRecall(outcome, budget)])),
        pagesOnly: outcome.pages.retrieval,
        chunkLevel: chunkLevel(primaryTruth(outcome)),
      })),
      correlations: correlationRows(outcomes, resampled),
      variants: variantRows(outcomes, resampled),
      budgets: budgetRows(outcomes),
    };
  }
  if (jsonAt !== -1 && process.argv[jsonAt + 1]) writeFileSync(process.argv[jsonAt + 1]!, `${JSON.stringify(results, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`validity: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exitCode = 1;
});
