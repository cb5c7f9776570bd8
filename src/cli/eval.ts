import { compareDoc } from '../compare/diff-doc.js';
import { buildReport } from '../compare/summary.js';
import { settingsFor } from '../config/resolve.js';
import { addBoilerplate } from '../engine/boilerplate.js';
import { analyzeDocument, scoreDocument } from '../engine/evaluate.js';
import { sideSource } from '../engine/compare-files.js';
import { renderEvalMarkdown, renderEvalText } from '../report/eval.js';
import { renderHtmlReport } from '../report/html/index.js';
import { renderJson } from '../report/json.js';
import { externalChunksOf } from '../sources/external-chunker.js';
import { discoverFiles, readDocFile } from '../sources/files.js';
import { VERSION } from '../version.js';
import { oneOf, parseCommandArgs } from './args.js';
import { loadConfigFile } from './config.js';
import { LLM_FLAGS, LLM_FLAGS_USAGE, llmSettings, withLlmFlags } from './llm-flags.js';
import { embeddingsFor, semanticFor } from '../sources/llm.js';
import { sentenceVectors } from '../engine/semantic-vectors.js';
import { provenanceOf } from '../history/provenance.js';
import type { CliIO } from './io.js';

export const EVAL_USAGE = `Usage: chunkgate eval <files|dirs|globs…> [--config F] [--format text|json|md] [--out F] [--html F]
                      [--scorer heuristic|llm] [--llm-base-url URL] [--model NAME] [--cache-dir DIR]

Chunks and scores Markdown files with the rules of .chunkgate.yml (or the defaults).
With no paths, evaluates the files the config's include/exclude select.

Options:
  --config F       config file (default: ./.chunkgate.yml when present)
  --format FORMAT  text (default), json (every file's chunks, metrics and scores) or md
  --out F          write the report to F instead of standard output
  --html F         also write the HTML chunk map (one self-contained page) to F
${LLM_FLAGS_USAGE}`;

/** `chunkgate eval`: exit 0 when the files were evaluated (whatever their scores). */
export async function runEval(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    config: { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
    html: { type: 'string' },
    ...LLM_FLAGS,
  });
  const format = oneOf('format', values.format, ['text', 'json', 'md'] as const, 'text');
  const loaded = await loadConfigFile(io.cwd, values.config as string | undefined);
  // LLM flags over the config; a missing key or embeddings provider stops the run before any file is read.
  const config = withLlmFlags(loaded.config, values);
  const settings = llmSettings(io, values);
  const semantic = semanticFor(config, settings);
  const embeddings = embeddingsFor(config, settings);
  const discovered = await discoverFiles(io.cwd, config, positionals.length > 0 ? positionals : undefined);
  const files: { path: string; text: string }[] = [];
  const notices = discovered.skipped.map((skip) => `${skip.path}: skipped (${skip.reason})`);
  for (const path of discovered.files) {
    const read = await readDocFile(io.cwd, path);
    if ('skipped' in read) notices.push(`${path}: skipped (${read.skipped})`);
    else files.push({ path, text: read.text });
  }
  // Strategy `external`: the command runs here, in the shell; a file it fails on is left out (notice).
  const external = await externalChunksOf(files, (path) => settingsFor(config, path).chunking, io.cwd);
  notices.push(...external.notices);
  files.splice(0, files.length, ...external.files);
  const vectors = await sentenceVectors(files, config, embeddings);
  // Seed 001's boilerplate check looks across every file evaluated.
  const analyses = addBoilerplate(
    files.map((file) =>
      analyzeDocument(
        file.path,
        file.text,
        { chunking: settingsFor(config, file.path).chunking, weights: config.scoring.weights, ...(vectors ? { vectors } : {}) },
        external.chunks.get(file.path),
      ),
    ),
  );
  for (const analysis of analyses) notices.push(...analysis.warnings);
  const scored = semantic
    ? await semantic.score(analyses)
    : { evals: analyses.map((analysis) => scoreDocument(analysis)), cost: null, partial: false, notices: [] };
  notices.push(...scored.notices);
  const evals = scored.evals;
  const diffs = evals.map((head) =>
    compareDoc({ path: head.path, status: 'added', head }, settingsFor(config, head.path).thresholds),
  );
  const report = buildReport({
    version: VERSION,
    config,
    scorer: semantic ? 'llm' : 'heuristic',
    files: diffs,
    failOn: config.thresholds.failOn,
    partial: scored.partial,
    cost: scored.cost,
    provenance: provenanceOf({ config, scorer: semantic ? 'llm' : 'heuristic' }),
  });
  for (const notice of notices) io.stderr(`notice: ${notice}`);
  const rendered =
    format === 'json' ? renderJson(report) : format === 'md' ? renderEvalMarkdown(report) : renderEvalText(report);
  await io.output(rendered, values.out as string | undefined);
  const html = values.html as string | undefined;
  if (html !== undefined) {
    const sources = analyses.map((analysis) => ({ path: analysis.doc.path, base: null, head: sideSource(analysis) }));
    await io.output(renderHtmlReport({ report, sources }), html);
  }
  return 0;
}
