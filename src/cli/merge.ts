import { resolve } from 'node:path';
import { fileFacts, reportOfFacts, type FileFacts } from '../compare/facts.js';
import { buildReport } from '../compare/summary.js';
import { gatingUnchecked } from '../compare/unchecked.js';
import { addBoilerplate, addPage, boilerplateOf, runPages } from '../engine/boilerplate.js';
import type { Config, FailOn } from '../config/types.js';
import { renderComment } from '../report/comment.js';
import { renderEvalMarkdown, renderEvalText } from '../report/eval.js';
import { renderJsonAt, renderJsonFile, renderJsonFrame } from '../report/json.js';
import { renderText } from '../report/text.js';
import type { Cost, DocDiff } from '../types.js';
import { sumCosts } from '../metrics/content/llm/pricing.js';
import { oneOf, parseCommandArgs, UsageError } from './args.js';
import { openOutput, type CliIO } from './io.js';
import { readSliceReport, type SliceReport } from './slice-report.js';
import { sumProbes } from '../probes/findings.js';

export const MERGE_USAGE = `Usage: chunkgate merge <reports…> [--out F] [--format json|text|md] [--no-fail]

Combines the JSON reports of the slices of a sharded run (eval or diff with --shard I/N,
--format json) into the report the whole run would have made: files in order, the summary
and the verdict over all of them, the golden-set retrieval of slice 1. Text and Markdown are
what eval prints for eval slices, and the pull-request comment and text of diff for diff slices.
Each slice is read as JSON in any layout (indented, minified, jq -c; up to 256 MiB) and refused
when it is not a slice's report or its entries disagree with its own summary.

Options:
  --out F          write the report to F instead of standard output
  --format FORMAT  json (default), text or md
  --no-fail        exit 0 even when the verdict fails

Exit codes: 0 pass, 1 verdict fail of diff reports (of eval reports: a file that could not be
checked), 2 usage error or reports that do not belong together.`;

/** `chunkgate merge`: exit 0 pass, 1 diff verdict fail (eval: a file that could not be checked), 2 usage error or mismatched reports. */
export async function runMerge(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    out: { type: 'string' },
    format: { type: 'string' },
    'no-fail': { type: 'boolean' },
  });
  const format = oneOf('format', values.format, ['json', 'text', 'md'] as const, 'json');
  if (positionals.length === 0) throw new UsageError('merge needs the JSON reports of every slice (e.g. reports/*.json)');
  const files = positionals.map((file) => resolve(io.cwd, file));
  // Each slice is read whole (at most MAX_SLICE_BYTES) and checked before anything is merged.
  const slices: SliceReport[] = [];
  for (const file of files) slices.push(await readSliceReport(file));
  checkSlices(slices);
  const first = slices.find((slice) => slice.report.shard.index === 1)!.report;
  const facts: FileFacts[] = [];
  const diffs: DocDiff[] = [];
  const costs = slices.map((slice) => slice.report.summary.cost).filter((cost): cost is Cost => cost !== null);
  const probed = slices.flatMap((slice) => (slice.report.probes ? [slice.report.probes] : []));
  const input = {
    version: first.version,
    config: first.config,
    scorer: first.scorer,
    failOn: first.shard.failOn as FailOn[],
    partial: slices.some((slice) => slice.report.summary.partial),
    cost: costs.length === 0 ? null : sumCosts(costs),
    ...(first.retrieval ? { retrieval: first.retrieval } : {}),
    ...(probed.length > 0 ? { probes: sumProbes(probed) } : {}),
    ...(first.provenance ? { provenance: first.provenance } : {}),
  };
  // The cross-file check the slices left out, over every slice's pages: what one run would have seen.
  const pages = runPages();
  for (const slice of slices) {
    for (const page of slice.report.shard.pages?.base ?? []) addPage(pages.base, page.path, page.blocks);
    for (const page of slice.report.shard.pages?.head ?? []) addPage(pages.head, page.path, page.blocks);
  }
  const boilerplate = boilerplateOf(pages);
  const sink = format === 'json' ? await openOutput(io, values.out) : null;
  let written = 0;
  for (const diff of mergedEntries(slices)) {
    addBoilerplate(diff, boilerplate);
    facts.push(fileFacts(diff));
    if (!sink) {
      diffs.push(diff);
      continue;
    }
    // Written again in chunkgate's own layout, whatever layout the slice had.
    const text = renderJsonFile(diff);
    // The merged head is the slices' head: only the config and what sorts before `files`.
    await sink.write(written === 0 ? renderJsonFrame(reportOfFacts(input, facts), 1).head + text : `,\n${text}`);
    written += 1;
  }
  const report = reportOfFacts(input, facts);
  if (sink) {
    const { head, tail } = renderJsonFrame(report, written);
    await sink.write(written === 0 ? head + tail : tail);
    await sink.close();
  } else {
    const full = buildReport({ ...input, files: diffs });
    const comment = () => renderComment(full, { version: full.version, chunking: (full.config as Config).chunking, charts: true, failOn: input.failOn });
    const text =
      first.shard.command === 'eval' ? (format === 'md' ? renderEvalMarkdown(full) : renderEvalText(full)) : format === 'md' ? comment() : renderText(full);
    await io.output(text, values.out);
  }
  // Like the runs it merges: eval reports exit 1 only for a file that could not be checked, diff reports by the verdict.
  if (values['no-fail']) return 0;
  if (first.shard.command === 'eval') return gatingUnchecked(facts.map((fact) => fact.diff)).length > 0 ? 1 : 0;
  return report.summary.verdict === 'pass' ? 0 : 1;
}

/** Every slice present once, all of one run: same command, file list, config, version and scorer. */
function checkSlices(slices: readonly SliceReport[]): void {
  const [first] = slices;
  const { count } = first!.report.shard;
  const same = (pick: (frame: SliceReport['report']) => unknown, what: string) => {
    const expected = renderJsonAt(pick(first!.report), 0);
    for (const slice of slices) {
      if (renderJsonAt(pick(slice.report), 0) !== expected) {
        throw new UsageError(`${slice.file} and ${first!.file} are not slices of one run: their ${what} differ`);
      }
    }
  };
  same((frame) => frame.shard.count, 'slice counts (--shard I/N)');
  same((frame) => frame.shard.command, 'commands');
  same((frame) => frame.shard.paths, 'file lists');
  same((frame) => frame.shard.failOn, 'failOn settings');
  same((frame) => frame.config, 'configs');
  same((frame) => frame.version, 'chunkgate versions');
  same((frame) => frame.scorer, 'scorers');
  const seen = new Map<number, string>();
  for (const slice of slices) {
    const earlier = seen.get(slice.report.shard.index);
    if (earlier !== undefined) throw new UsageError(`slice ${slice.report.shard.index}/${count} is given twice: ${earlier} and ${slice.file}`);
    seen.set(slice.report.shard.index, slice.file);
  }
  const missing = Array.from({ length: count }, (_, index) => index + 1).filter((index) => !seen.has(index));
  if (missing.length > 0) throw new UsageError(`slices ${missing.map((index) => `${index}/${count}`).join(', ')} are missing: merge needs the report of every slice`);
}

/**
 * Every slice's entries in one sequence, by path (code-unit order), as one run lists them; each
 * slice's entries must already be in that order, and a path may be in one slice only.
 */
function mergedEntries(slices: readonly SliceReport[]): DocDiff[] {
  const entries: { diff: DocDiff; file: string }[] = [];
  for (const slice of slices) {
    let last: string | null = null;
    for (const diff of slice.report.files) {
      if (last !== null && diff.path <= last) throw new UsageError(`${slice.file} lists ${diff.path} after ${last}: a slice's files are in path order, as eval or diff --shard wrote them`);
      last = diff.path;
      entries.push({ diff, file: slice.file });
    }
  }
  entries.sort((a, b) => (a.diff.path < b.diff.path ? -1 : a.diff.path > b.diff.path ? 1 : 0));
  for (let index = 1; index < entries.length; index += 1) {
    const [before, entry] = [entries[index - 1]!, entries[index]!];
    if (before.diff.path === entry.diff.path) {
      throw new UsageError(`${entry.diff.path} is in two slices (${before.file} and ${entry.file}): merge the reports of one sharded run`);
    }
  }
  return entries.map(({ diff }) => diff);
}
