import { readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import type { DocDiff, Report, ShardInfo } from '../types.js';
import { UsageError } from './args.js';

/**
 * The largest slice report `chunkgate merge` reads (256 MiB). A slice is parsed whole with
 * `JSON.parse`, so its text must fit in one string (V8 caps strings near 512 MiB); a larger run
 * is split into more slices (`--shard I/N` with a larger N), which makes each report smaller.
 */
const MAX_SLICE_BYTES = 256 * 1024 * 1024;

const gated = z.looseObject({ gating: z.boolean() });
const side = z.looseObject({ chunks: z.array(z.unknown()) });
/** What merge and the verdict read of a file entry; the rest passes through as written. */
const entryShape = z.looseObject({
  path: z.string().min(1),
  status: z.enum(['added', 'modified', 'removed', 'renamed']),
  base: side.optional(),
  head: side.optional(),
  deltas: z.array(z.unknown()),
  regressions: z.array(gated),
  failures: z.array(gated),
  findings: z.array(gated),
});
const count = z.int().nonnegative();
const sliceShape = z.looseObject({
  version: z.string(),
  config: z.looseObject({}),
  scorer: z.enum(['heuristic', 'llm']),
  files: z.array(entryShape),
  summary: z.looseObject({
    files: count,
    chunks: count,
    regressions: count,
    failures: count,
    verdict: z.enum(['pass', 'fail']),
    partial: z.boolean(),
    cost: z.looseObject({}).nullable(),
  }),
});
const shardShape = z.looseObject({
  index: z.int().positive(),
  count: z.int().positive(),
  command: z.enum(['eval', 'diff']),
  failOn: z.array(z.string()),
  paths: z.string(),
  pages: z.looseObject({ base: z.array(z.unknown()), head: z.array(z.unknown()) }),
});

/** One slice's report as read from its file: the whole report, checked to be a slice of a sharded run. */
export interface SliceReport {
  /** The slice's file (absolute), for messages. */
  file: string;
  report: Report & { shard: ShardInfo };
}

/** `files[0].regressions[2].gating`-style place of a zod issue. */
function placeOf(path: readonly PropertyKey[]): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`)).join('') || '(root)';
}

/**
 * Reads and checks the report of one slice (`eval`/`diff --shard I/N --format json`), whatever
 * its layout (indented, minified, `jq -c`): parsed with `JSON.parse`, its shape checked, and its
 * own summary matched against its entries, so a slice that lost entries (or holds more than it
 * counts) is refused rather than merged into a smaller run.
 *
 * @throws UsageError naming the file and what is wrong: not JSON, not a chunkgate report, not a
 *   slice's report, over {@link MAX_SLICE_BYTES}, or entries that disagree with its summary.
 */
export async function readSliceReport(file: string): Promise<SliceReport> {
  let text: string;
  try {
    const size = (await stat(file)).size;
    if (size > MAX_SLICE_BYTES) {
      throw new UsageError(`${file} is ${size} bytes, over the ${MAX_SLICE_BYTES}-byte limit of a slice report: split the run into more slices (--shard I/N with a larger N)`);
    }
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new UsageError(`${file} is not JSON (${error instanceof Error ? error.message : String(error)}): merge reads the reports of eval or diff --shard I/N --format json`);
  }
  const shape = sliceShape.safeParse(data);
  if (!shape.success) {
    const issue = shape.error.issues[0]!;
    throw new UsageError(`${file} is not a chunkgate JSON report (${placeOf(issue.path)}: ${issue.message}): run eval or diff with --format json`);
  }
  const report = data as Report;
  const shard = shardShape.safeParse(report.shard);
  if (report.shard === undefined || !shard.success) {
    const where = shard.success || report.shard === undefined ? '' : ` (shard.${placeOf(shard.error.issues[0]!.path)}: ${shard.error.issues[0]!.message})`;
    throw new UsageError(`${file} is not the report of a slice${where}: run eval or diff with --shard I/N --format json`);
  }
  if (report.shard.index > report.shard.count) throw new UsageError(`${file} says it is slice ${report.shard.index}/${report.shard.count}: a slice number runs from 1 to the slice count`);
  checkCounts(file, report);
  return { file, report: report as SliceReport['report'] };
}

/** The slice's summary counts what its `files` hold: entries, head chunks and regressions. */
function checkCounts(file: string, report: Report): void {
  const { summary, files } = report;
  const sum = (pick: (entry: DocDiff) => number): number => files.reduce((total, entry) => total + pick(entry), 0);
  const counts: [string, number, number][] = [
    ['file entries', files.length, summary.files],
    ['head chunks', sum((entry) => entry.head?.chunks.length ?? 0), summary.chunks],
    ['regressions', sum((entry) => entry.regressions.length), summary.regressions],
  ];
  for (const [what, found, said] of counts) {
    if (found !== said) {
      throw new UsageError(`${file} holds ${found} ${what} but its summary counts ${said}: the slice report was cut or edited; merge the reports as eval or diff --shard wrote them`);
    }
  }
}
