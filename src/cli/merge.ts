import { createReadStream } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileFacts, reportOfFacts, type FileFacts } from '../compare/facts.js';
import { buildReport } from '../compare/summary.js';
import { gatingUnchecked } from '../compare/unchecked.js';
import { addBoilerplate, addPage, boilerplateOf, runPages } from '../engine/boilerplate.js';
import type { Config, FailOn } from '../config/types.js';
import { renderComment } from '../report/comment.js';
import { renderEvalMarkdown, renderEvalText } from '../report/eval.js';
import { renderJsonAt, renderJsonFile, renderJsonFrame } from '../report/json.js';
import { renderText } from '../report/text.js';
import type { Cost, DocDiff, Report, ShardInfo } from '../types.js';
import { oneOf, parseCommandArgs, UsageError } from './args.js';
import { openOutput, type CliIO } from './io.js';

export const MERGE_USAGE = `Usage: chunkgate merge <reports…> [--out F] [--format json|text|md] [--no-fail]

Combines the JSON reports of the slices of a sharded run (eval or diff with --shard I/N,
--format json) into the report the whole run would have made: files in order, the summary
and the verdict over all of them, the golden-set retrieval of slice 1. Text and Markdown are
what eval prints for eval slices, and the pull-request comment and text of diff for diff slices.

Options:
  --out F          write the report to F instead of standard output
  --format FORMAT  json (default), text or md
  --no-fail        exit 0 even when the verdict fails

Exit codes: 0 pass, 1 verdict fail of diff reports (of eval reports: a file that could not be
checked), 2 usage error or reports that do not belong together.`;

/** A slice's report, as read from its file: everything but the file entries. */
interface Slice {
  file: string;
  frame: Report & { shard: ShardInfo };
}

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
  const slices: Slice[] = [];
  for (const file of files) slices.push({ file, frame: await readFrame(file) });
  checkSlices(slices);
  const first = slices.find((slice) => slice.frame.shard.index === 1)!.frame;
  const facts: FileFacts[] = [];
  const diffs: DocDiff[] = [];
  const costs = slices.map((slice) => slice.frame.summary.cost).filter((cost): cost is Cost => cost !== null);
  const input = {
    version: first.version,
    config: first.config,
    scorer: first.scorer,
    failOn: first.shard.failOn as FailOn[],
    partial: slices.some((slice) => slice.frame.summary.partial),
    cost: costs.length === 0 ? null : sumCosts(costs),
    ...(first.retrieval ? { retrieval: first.retrieval } : {}),
    ...(first.provenance ? { provenance: first.provenance } : {}),
  };
  // The cross-file check the slices left out, over every slice's pages: what one run would have seen.
  const pages = runPages();
  for (const slice of slices) {
    for (const page of slice.frame.shard.pages?.base ?? []) addPage(pages.base, page.path, page.blocks);
    for (const page of slice.frame.shard.pages?.head ?? []) addPage(pages.head, page.path, page.blocks);
  }
  const boilerplate = boilerplateOf(pages);
  const sink = format === 'json' ? await openOutput(io, values.out) : null;
  let written = 0;
  for await (const found of mergedEntries(slices.map((slice) => slice.file))) {
    const entry = addBoilerplate(found.diff, boilerplate) ? { diff: found.diff, text: renderJsonFile(found.diff) } : found;
    facts.push(fileFacts(entry.diff));
    if (!sink) {
      diffs.push(entry.diff);
      continue;
    }
    // The merged head is the slices' head: only the config and what sorts before `files`.
    await sink.write(written === 0 ? renderJsonFrame(reportOfFacts(input, facts), 1).head + entry.text : `,\n${entry.text}`);
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
function checkSlices(slices: readonly Slice[]): void {
  const [first] = slices;
  const { count } = first!.frame.shard;
  const same = (pick: (frame: Slice['frame']) => unknown, what: string) => {
    const expected = renderJsonAt(pick(first!.frame), 0);
    for (const slice of slices) {
      if (renderJsonAt(pick(slice.frame), 0) !== expected) {
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
    const earlier = seen.get(slice.frame.shard.index);
    if (earlier !== undefined) throw new UsageError(`slice ${slice.frame.shard.index}/${count} is given twice: ${earlier} and ${slice.file}`);
    seen.set(slice.frame.shard.index, slice.file);
  }
  const missing = Array.from({ length: count }, (_, index) => index + 1).filter((index) => !seen.has(index));
  if (missing.length > 0) throw new UsageError(`slices ${missing.map((index) => `${index}/${count}`).join(', ')} are missing: merge needs the report of every slice`);
}

function sumCosts(costs: readonly Cost[]): Cost {
  const total: Cost = { calls: 0, judgedChunks: 0, cacheHits: 0, promptTokens: 0, completionTokens: 0, usd: 0 };
  for (const cost of costs) for (const key of Object.keys(total) as (keyof Cost)[]) total[key] += cost[key];
  return total;
}

/** A report's file entry: its text as written (it is written again byte for byte) and the diff it holds. */
interface Entry {
  text: string;
  diff: DocDiff;
}

/**
 * The lines of a report chunkgate wrote with `--format json` (the layout of `renderJson`: one
 * member per line at two spaces, `files` entries opening with `    {` and closing with `    }`),
 * as the frame's lines and the entries' texts, without holding more than one entry.
 */
async function* reportParts(file: string): AsyncGenerator<{ frame: string } | { entry: string }> {
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let entry: string[] | null = null;
  let inFiles = false;
  for await (const line of lines) {
    if (entry) {
      entry.push(line);
      if (line === '    }' || line === '    },') {
        entry[entry.length - 1] = '    }';
        yield { entry: entry.join('\n') };
        entry = null;
      }
    } else if (inFiles && line === '    {') {
      entry = [line];
    } else {
      if (line === '  "files": [') inFiles = true;
      else if (inFiles && (line === '  ]' || line === '  ],')) inFiles = false;
      yield { frame: line };
    }
  }
  if (entry) throw new UsageError(`${file}: the report ends inside a files entry (a truncated file?)`);
}

/** The report of `file` without its file entries, checked to be a slice's report. */
async function readFrame(file: string): Promise<Slice['frame']> {
  const lines: string[] = [];
  try {
    for await (const part of reportParts(file)) if ('frame' in part) lines.push(part.frame);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let frame: Partial<Report> | null = null;
  try {
    frame = JSON.parse(lines.join('\n')) as Partial<Report>;
  } catch {
    // Reported below.
  }
  if (!frame || typeof frame !== 'object' || !Array.isArray(frame.files) || !frame.summary) {
    throw new UsageError(`${file} is not a chunkgate JSON report (run eval or diff with --format json)`);
  }
  const shard = frame.shard;
  if (!shard || !Number.isInteger(shard.index) || !Number.isInteger(shard.count)) {
    throw new UsageError(`${file} is not the report of a slice: run eval or diff with --shard I/N --format json`);
  }
  return frame as Slice['frame'];
}

/** Every slice's entries in one sequence, by path (code-unit order), as one run lists them. */
async function* mergedEntries(files: readonly string[]): AsyncGenerator<Entry> {
  const sources = files.map((file) => ({ file, parts: reportParts(file) }));
  const next = async (source: (typeof sources)[number]): Promise<Entry | null> => {
    for (let part = await source.parts.next(); !part.done; part = await source.parts.next()) {
      if ('entry' in part.value) {
        const diff = JSON.parse(part.value.entry) as DocDiff;
        return { text: part.value.entry, diff };
      }
    }
    return null;
  };
  const heads = await Promise.all(sources.map(next));
  let last: string | null = null;
  for (;;) {
    let pick = -1;
    for (const [index, head] of heads.entries()) {
      if (head && (pick === -1 || head.diff.path < heads[pick]!.diff.path)) pick = index;
    }
    if (pick === -1) return;
    const entry = heads[pick]!;
    if (last !== null && entry.diff.path <= last) {
      throw new UsageError(`${entry.diff.path} is in two slices, or a slice is out of order: merge the reports of one sharded run`);
    }
    last = entry.diff.path;
    yield entry;
    heads[pick] = await next(sources[pick]!);
  }
}
