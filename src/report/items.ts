import type { FailOn } from '../config/types.js';
import { findingLabel, ruleMeta } from '../shared/rules.js';
import { isSplitTag, SPLIT_RULE, type SplitTag } from '../metrics/rules/tag-sets.js';
import type { ChunkChange, DocDiff, EvaluatedChunk, FileFinding, Regression, ThresholdFailure } from '../types.js';

/**
 * Where an item goes in the comment (docs/design.md#what-a-change-answers-for): it breaks
 * something (gating), is worth a look, or was already on the base branch.
 */
export type Bucket = 'breaks' | 'worth' | 'base';

/**
 * One thing the comment reports, with its file and bucket. `drops`: the file score drops folded
 * into it (a drop whose every driver is a listed item only restates it and gets no row
 * of its own); absent when none.
 */
export type ReportItem =
  | { type: 'split'; file: DocDiff; bucket: Bucket; tag: SplitTag; regressions: Regression[]; pieces: EvaluatedChunk[]; drops?: ThresholdFailure[] }
  | { type: 'regression'; file: DocDiff; bucket: Bucket; regression: Regression; drops?: ThresholdFailure[] }
  | { type: 'finding'; file: DocDiff; bucket: Bucket; finding: FileFinding; drops?: ThresholdFailure[] }
  | { type: 'failure'; file: DocDiff; bucket: Bucket; failures: ThresholdFailure[] }
  | { type: 'rename'; file: DocDiff; bucket: 'base' };

function bucketOf(item: { gating: boolean; origin: string }): Bucket {
  return item.gating ? 'breaks' : item.origin === 'preexisting' ? 'base' : 'worth';
}

/** The split tag a regression is about: its first new tag, or a tag it carries from before (a pre-existing split). */
function splitTag(regression: Regression): SplitTag | null {
  const tag = regression.newTags[0];
  if (tag !== undefined && isSplitTag(tag)) return tag;
  if (tag === undefined && regression.origin === 'preexisting') {
    const kind = regression.head.split?.kind;
    if (kind === 'table' || kind === 'code') return SPLIT_RULE[kind];
  }
  return null;
}

/** The head chunks that are pieces of the same split block as `chunk`: the contiguous run with the same split kind and piece count. */
function piecesOf(file: DocDiff, chunk: EvaluatedChunk): EvaluatedChunk[] {
  const chunks = file.head?.chunks ?? [];
  const { split } = chunk;
  if (!split || (split.kind !== 'table' && split.kind !== 'code')) return [chunk];
  const same = (other: EvaluatedChunk | undefined, part: number) =>
    other?.split?.kind === split.kind && other.split.parts === split.parts && other.split.part === part;
  let first = chunk.index;
  while (first > 0 && same(chunks[first - 1], chunks[first]!.split!.part - 1)) first -= 1;
  let last = chunk.index;
  while (last + 1 < chunks.length && same(chunks[last + 1], chunks[last]!.split!.part + 1)) last += 1;
  return chunks.slice(first, last + 1);
}

/** The head lines an item covers, for folding the drops it drives; `null` for an item without lines (or a disable comment, which drives no score). */
function spanOf(item: ReportItem): { startLine: number; endLine: number } | null {
  switch (item.type) {
    case 'split':
      return { startLine: item.pieces[0]!.startLine, endLine: item.pieces.at(-1)!.endLine };
    case 'regression':
      return { startLine: item.regression.head.startLine, endLine: item.regression.head.endLine };
    case 'finding':
      if (item.finding.kind === 'rules-disabled' || item.finding.line === undefined) return null;
      return { startLine: item.finding.line, endLine: item.finding.endLine ?? item.finding.line };
    default:
      return null;
  }
}

function overlaps(span: { startLine: number; endLine: number }, driver: ChunkChange): boolean {
  return span.startLine <= driver.endLine && span.endLine >= driver.startLine;
}

/** Where a file score drop goes in the report: folded into the items that drive it, left out (no driver of weight), or a row of its own. */
type DropPlace = { kind: 'folded'; into: ReportItem[] } | { kind: 'none' } | { kind: 'row' };

/**
 * Where a file score drop goes. A drop whose every driver overlaps an item of
 * the file that counts at least as much (a gating drop: a gating item; a drop that does not gate:
 * a gating item or one worth a look) only restates them: it is folded into them. A drop that does
 * not gate and is not folded has no driver of weight (it does not gate because no finding of
 * weight explains it): it gets no row. Any other drop is a row.
 */
function placeDrop(failure: ThresholdFailure, bucket: Bucket, items: readonly ReportItem[]): DropPlace {
  if (failure.rule !== 'fileDrop' || bucket === 'base') return { kind: 'row' };
  const drivers = failure.drivers ?? [];
  const candidates = items.filter((item) => item.bucket === 'breaks' || (bucket === 'worth' && item.bucket === 'worth'));
  const spans = candidates.map((item) => ({ item, span: spanOf(item) }));
  const restates = drivers.length > 0 && drivers.every((driver) => spans.some(({ span }) => span !== null && overlaps(span, driver)));
  if (restates) return { kind: 'folded', into: spans.filter(({ span }) => span !== null && drivers.some((driver) => overlaps(span, driver))).map(({ item }) => item) };
  return bucket === 'worth' ? { kind: 'none' } : { kind: 'row' };
}

/**
 * The threshold failures of a file that the report shows as rows of their own: every one but the
 * file score drops folded into the items that drive them or left out for want of a driver of
 * weight (see {@link fileItems}).
 */
export function shownFailures(file: DocDiff): ThresholdFailure[] {
  return fileItems(file).flatMap((item) => (item.type === 'failure' ? item.failures : []));
}

/**
 * The gating file score drops of a file that are folded into gating items (they restate them:
 * no row, no ❌ of their own; they still fail the check under `failOn: [threshold]`).
 */
export function foldedDrops(file: DocDiff): ThresholdFailure[] {
  return [...new Set(fileItems(file).flatMap((item) => (item.type !== 'failure' && item.type !== 'rename' && item.bucket === 'breaks' ? (item.drops ?? []) : [])))];
}

/**
 * Every item of one file, in reading order: its regressions (the pieces of one split table or
 * code block grouped into one item), section findings and threshold failures (those of one
 * bucket grouped into one item); a pure rename is one `rename` item. Each item's bucket comes
 * from its `gating` and `origin`. A file score drop that only restates items (its every driver
 * is one of them) is folded into them (their `drops`); one that does not gate and has no driver
 * of weight gets no item.
 */
export function fileItems(file: DocDiff): ReportItem[] {
  const items: ReportItem[] = [];
  const grouped = new Set<Regression>();
  const regressions = [...file.regressions].sort((a, b) => a.head.startLine - b.head.startLine || a.head.index - b.head.index);
  for (const regression of regressions) {
    if (grouped.has(regression)) continue;
    const tag = splitTag(regression);
    const kind = tag ? ruleMeta(tag).block : null;
    if (tag && kind && regression.head.split?.kind === kind) {
      const pieces = piecesOf(file, regression.head);
      const members = regressions.filter((other) => pieces.includes(other.head) && splitTag(other) === tag && bucketOf(other) === bucketOf(regression));
      for (const member of members) grouped.add(member);
      items.push({ type: 'split', file, bucket: bucketOf(regression), tag, regressions: members, pieces });
      continue;
    }
    items.push({ type: 'regression', file, bucket: bucketOf(regression), regression });
  }
  for (const finding of file.findings ?? []) items.push({ type: 'finding', file, bucket: bucketOf(finding), finding });
  const rows: ThresholdFailure[] = [];
  for (const failure of file.failures) {
    const place = placeDrop(failure, bucketOf(failure), items);
    if (place.kind === 'row') rows.push(failure);
    else if (place.kind === 'folded') {
      for (const item of place.into) if (item.type === 'split' || item.type === 'regression' || item.type === 'finding') item.drops = [...(item.drops ?? []), failure];
    }
  }
  // A file's threshold failures in one bucket are one item: three drops of one edit are one thing to fix.
  for (const bucket of ['breaks', 'worth', 'base'] as const) {
    const failures = rows.filter((failure) => bucketOf(failure) === bucket);
    if (failures.length > 0) items.push({ type: 'failure', file, bucket, failures });
  }
  if (items.length === 0 && file.status === 'renamed' && file.base && file.head && file.deltas.every((delta) => delta.label === 'neutral')) {
    items.push({ type: 'rename', file, bucket: 'base' });
  }
  return items;
}

/** Every item of the report's files (taken in the given order). */
export function reportItems(files: readonly DocDiff[]): ReportItem[] {
  return files.flatMap(fileItems);
}

/**
 * Whether a gating item fails the check under `failOn` (docs/design.md#what-a-change-answers-for): regressions under
 * `regression` (and under `threshold` when a gating file drop is folded into them); threshold
 * failures and section findings under `threshold`; a file that could not
 * be checked, and a disable comment the change adds or widens, whatever `failOn` says (each is
 * gating only when the config lets it fail: `thresholds.unchecked`, `inlineDisables`).
 */
export function failsCheck(item: ReportItem, failOn: readonly FailOn[]): boolean {
  if (item.bucket !== 'breaks') return false;
  // A split or regressed chunk fails under `threshold` too when a gating file drop is folded into it.
  if (item.type === 'split' || item.type === 'regression') return failOn.includes('regression') || (failOn.includes('threshold') && (item.drops ?? []).some((drop) => drop.gating));
  if (item.type === 'finding' && (item.finding.kind === 'unchecked' || item.finding.kind === 'rules-disabled')) return true;
  return failOn.includes('threshold');
}

/** A short label for the verdict line, singular and plural: “code block split”, “heading lost”, “structural below its minimum”. */
function itemLabel(item: ReportItem): [one: string, many: string] {
  switch (item.type) {
    case 'split':
      return [...ruleMeta(item.tag).label];
    case 'regression': {
      // A chunk that gained a gating tag is named by it ("oversize chunk"); any other by its drop.
      const tag = item.regression.newTags[0];
      return tag ? [...ruleMeta(tag).label] : ['regressed chunk', 'regressed chunks'];
    }
    case 'finding':
      // A region that an unchanged comment now stretches over more lines is said as such.
      if (item.finding.kind === 'rules-disabled' && item.finding.origin === 'worsened') return ['disable comment widened by this PR', 'disable comments widened by this PR'];
      return [...findingLabel(item.finding.kind)];
    case 'failure':
      if (item.failures.every((failure) => failure.rule === 'fileDrop')) return ['file score drop', 'file score drops'];
      if (item.failures.every((failure) => failure.rule !== 'fileDrop')) return ['file score below its minimum', 'file scores below their minimum'];
      return ['file score threshold', 'file score thresholds'];
    case 'rename':
      return ['rename', 'renames'];
  }
}


/** Labels with counts, most frequent first, then first seen: `2 code block splits, 1 heading lost`. */
export function countLabels(items: readonly ReportItem[]): string {
  const counts = new Map<string, { many: string; count: number }>();
  for (const item of items) {
    const [one, many] = itemLabel(item);
    const entry = counts.get(one) ?? { many, count: 0 };
    entry.count += 1;
    counts.set(one, entry);
  }
  return [...counts]
    .map(([one, { many, count }], order) => ({ text: `${count} ${count === 1 ? one : many}`, count, order }))
    .sort((a, b) => b.count - a.count || a.order - b.order)
    .map(({ text }) => text)
    .join(', ');
}
