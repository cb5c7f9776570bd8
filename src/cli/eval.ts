import { compareFiles, type FilePair } from '../engine/compare-files.js';
import { gatingUnchecked } from '../compare/unchecked.js';
import { renderEvalMarkdown, renderEvalText } from '../report/eval.js';
import { renderHtmlReport } from '../report/html/index.js';
import { renderJson } from '../report/json.js';
import { externalChunker } from '../sources/external-chunker.js';
import { readDocFile } from '../sources/files.js';
import { oneOf, parseCommandArgs, UsageError } from './args.js';
import { useColor } from './color.js';
import { loadConfigFile } from './config.js';
import { LLM_FLAGS, LLM_FLAGS_USAGE, llmSettings, withLlmFlags } from './llm-flags.js';
import { embeddingsFor, semanticFor } from '../sources/llm.js';
import type { CliIO } from './io.js';
import { resolveTargets } from './targets.js';

export const EVAL_USAGE = `Usage: chunkgate eval <files|dirs|globs…> [--config F] [--format text|json|md] [--out F] [--html F]
                      [--scorer heuristic|llm] [--llm-base-url URL] [--model NAME] [--cache-dir DIR]

Chunks and scores Markdown files with the rules of .chunkgate.yml (or the defaults).
With no paths, evaluates the files the config's include/exclude select. Paths may lie
anywhere (e.g. ~/other/docs); symbolic links never lead out of the folder named.

Options:
  --config F       config file (default: ./.chunkgate.yml when present)
  --format FORMAT  text (default), json (every file's chunks, metrics and scores) or md
  --out F          write the report to F instead of standard output
  --html F         also write the HTML chunk map (one self-contained page) to F
${LLM_FLAGS_USAGE}

Exit codes: 0 evaluated (whatever the scores), 1 a file could not be checked (binary,
not UTF-8, too large, too slow, parser or chunker failure), 2 usage or config error, or
nothing to evaluate.`;

/**
 * `chunkgate eval`: exit 0 when every file was evaluated (whatever their scores), 1 when one
 * could not be checked (unless `thresholds.unchecked: warn`), 2 on usage or config errors and
 * when the arguments select no file at all.
 */
export async function runEval(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    config: { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
    html: { type: 'string' },
    ...LLM_FLAGS,
  });
  const format = oneOf('format', values.format, ['text', 'json', 'md'] as const, 'text');
  const loaded = await loadConfigFile(io.cwd, values.config);
  // LLM flags over the config; a missing key or embeddings provider stops the run before any file is read.
  const config = withLlmFlags(loaded.config, values);
  const settings = llmSettings(io, values);
  const semantic = semanticFor(config, settings);
  const embeddings = embeddingsFor(config, settings);
  const { targets, skipped } = await resolveTargets(io.cwd, config, positionals);
  const notices = skipped.map((skip) => `${skip.path}: skipped (${skip.reason})`);
  if (targets.length === 0) {
    for (const notice of notices) io.stderr(`notice: ${notice}`);
    throw new UsageError(positionals.length > 0 ? 'nothing to evaluate: no Markdown file in the given paths' : 'nothing to evaluate: no Markdown file matches the config\'s include/exclude here');
  }
  // Every file is a new file with no base: the same engine as `diff` and the action, so a file
  // that cannot be read, parsed, chunked or scored in time is an `unchecked` finding here too.
  const pairs: FilePair[] = [];
  for (const target of targets) {
    const read = await readDocFile(target.root, target.rel);
    pairs.push({
      path: target.path,
      status: 'added',
      base: null,
      head: 'text' in read ? read.text : null,
      ...('problem' in read ? { unreadable: { head: read.problem } } : {}),
    });
  }
  // Strategy `external`: the command runs here, in the working directory.
  const result = await compareFiles(pairs, {
    config,
    externalChunks: externalChunker(io.cwd),
    ...(semantic ? { semantic } : {}),
    ...(embeddings ? { embeddings } : {}),
  });
  for (const notice of [...notices, ...result.notices]) io.stderr(`notice: ${notice}`);
  const { report } = result;
  const rendered =
    format === 'json' ? renderJson(report) : format === 'md' ? renderEvalMarkdown(report) : renderEvalText(report, { color: useColor(io.env, values.out ? null : { isTTY: io.stdoutIsTTY }) });
  await io.output(rendered, values.out);
  const html = values.html;
  if (html !== undefined) {
    const sources = result.sources.map((source) => ({ ...source, base: null }));
    await io.output(renderHtmlReport({ report, sources }), html);
  }
  return gatingUnchecked(report.files).length > 0 ? 1 : 0;
}
