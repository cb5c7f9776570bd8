import { recommendLimits } from '../advise/recommend.js';
import { renderAdvice } from '../advise/render.js';
import { sectionLengths, type SectionLength } from '../advise/sections.js';
import { createMeasure } from '../tokens/index.js';
import { limitsOf, settingsFor } from '../config/resolve.js';
import { complexityExcess, type ComplexityLimits } from '../markdown/complexity.js';
import { parseMarkdown } from '../markdown/parse.js';
import { readDocFile } from '../sources/files.js';
import { problemOf } from '../engine/isolate.js';
import type { ChunkMeasure } from '../chunking/piece.js';
import type { Uncheckable } from '../compare/unchecked.js';
import { oneOf, parseCommandArgs, UsageError } from './args.js';
import { loadConfigFile } from './config.js';
import type { CliIO } from './io.js';
import { nonMarkdownWarnings, resolveTargets } from './targets.js';

export const ADVISE_USAGE = `Usage: chunkgate advise <files|dirs|globs…> [--config F] [--unit tokens|chars] [--embedding-limit N] [--format text|md|json] [--out F]

Measures the body length of every heading section and recommends
chunking.max (≈ P75 × 2–3, ≥ 90% of sections unsplit) and chunking.min
(≈ P25, < 20% of sections merged), listing what each candidate would split or merge.
With a config file, its current max and min are shown beside the recommendation.

Options:
  --config F            config file (default: ./.chunkgate.yml when present)
  --unit U              tokens or chars (default: the config's chunking.unit)
  --embedding-limit N   your embedding model's input limit; max stays ≤ N/3
  --format FORMAT       text (default), md or json
  --out F               write to F instead of standard output`;

/** `chunkgate advise`: exit 0 with advice, 2 on usage/config errors. */
export async function runAdvise(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    config: { type: 'string' },
    unit: { type: 'string' },
    'embedding-limit': { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
  });
  const format = oneOf('format', values.format, ['text', 'md', 'json'] as const, 'text');
  const { config, source } = await loadConfigFile(io.cwd, values.config);
  const unit = oneOf('unit', values.unit, ['tokens', 'chars'] as const, config.chunking.unit);
  const limitText = values['embedding-limit'];
  const embeddingLimit = limitText === undefined ? undefined : Number(limitText);
  if (embeddingLimit !== undefined && !(Number.isInteger(embeddingLimit) && embeddingLimit > 0)) {
    throw new UsageError(`Unexpected --embedding-limit ${JSON.stringify(limitText)}, expected a positive integer`);
  }
  const { targets, skipped } = await resolveTargets(io.cwd, config, positionals);
  for (const skip of skipped) io.stderr(`notice: ${skip.path}: skipped (${skip.reason})`);
  for (const warning of nonMarkdownWarnings(targets)) io.stderr(`warning: ${warning}`);
  const sections: SectionLength[] = [];
  for (const target of targets) {
    const read = await readDocFile(target.root, target.rel);
    if ('problem' in read) {
      io.stderr(`notice: ${target.path}: not measured (${read.problem.reason})`);
      continue;
    }
    const chunking = settingsFor(config, target.path).chunking;
    const measure = createMeasure(unit, chunking.tokenizer);
    const parsed = analyzeSections(target.path, read.text, chunking.headingLevels.max, measure, limitsOf(config).complexity);
    if ('problem' in parsed) io.stderr(`notice: ${target.path}: not measured (${parsed.problem.reason})`);
    else sections.push(...parsed.sections);
  }
  if (sections.length === 0) throw new UsageError('No Markdown sections found in the given paths');
  // Current values are only comparable in the unit they were written in.
  const current = source !== null && unit === config.chunking.unit ? { max: config.chunking.max, min: config.chunking.min } : undefined;
  const advice = recommendLimits(
    sections.map((section) => section.body),
    { ...(embeddingLimit === undefined ? {} : { embeddingLimit }), ...(current ? { current } : {}) },
  );
  const text =
    format === 'json'
      ? `${JSON.stringify({ unit, sections, ...advice }, null, 2)}\n`
      : renderAdvice(advice, sections, { unit, markdown: format === 'md' });
  await io.output(text, values.out);
  return 0;
}

/** The file's section lengths, or why it could not be parsed (over a complexity cap; a stack overflow must not end the run). */
function analyzeSections(
  path: string,
  text: string,
  headingMaxLevel: number,
  measure: ChunkMeasure,
  limits: ComplexityLimits,
): { sections: SectionLength[] } | { problem: Uncheckable } {
  const excess = complexityExcess(text, limits);
  if (excess) return { problem: { reason: excess.reason, hint: excess.hint } };
  try {
    return { sections: sectionLengths(parseMarkdown(path, text).doc, headingMaxLevel, measure) };
  } catch (error) {
    return { problem: problemOf(error) };
  }
}
