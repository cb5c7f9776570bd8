import type { FailOn } from '../config/types.js';
import { ruleMeta } from '../shared/rules.js';
import { isSplitTag, SPLIT_RULE, type SplitTag } from '../metrics/rules/tag-sets.js';
import type { DocDiff, EvaluatedChunk, FileFinding, Regression, ThresholdFailure } from '../types.js';

/** Where an item goes in the comment (SPEC §7): it breaks something (gating), is worth a look, or was already on the base branch. */
export type Bucket = 'breaks' | 'worth' | 'base';

/** One thing the comment reports, with its file and bucket. */
export type ReportItem =
  | { type: 'split'; file: DocDiff; bucket: Bucket; tag: SplitTag; regressions: Regression[]; pieces: EvaluatedChunk[] }
  | { type: 'regression'; file: DocDiff; bucket: Bucket; regression: Regression }
  | { type: 'finding'; file: DocDiff; bucket: Bucket; finding: FileFinding }
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
export function piecesOf(file: DocDiff, chunk: EvaluatedChunk): EvaluatedChunk[] {
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

/**
 * Every item of one file, in reading order: its regressions (the pieces of one split table or
 * code block grouped into one item), section findings and threshold failures (those of one
 * bucket grouped into one item); a pure rename is one `rename` item. Each item's bucket comes
 * from its `gating` and `origin`.
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
  // A file's threshold failures in one bucket are one item: three drops of one edit are one thing to fix.
  for (const bucket of ['breaks', 'worth', 'base'] as const) {
    const failures = file.failures.filter((failure) => bucketOf(failure) === bucket);
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
 * Whether a gating item fails the check under `failOn` (SPEC §7, STYLE §11): regressions under
 * `regression`; threshold failures and section findings under `threshold`; a file that could not
 * be checked, and a disable comment the change adds or widens, whatever `failOn` says (each is
 * gating only when the config lets it fail: `thresholds.unchecked`, `inlineDisables`).
 */
export function failsCheck(item: ReportItem, failOn: readonly FailOn[]): boolean {
  if (item.bucket !== 'breaks') return false;
  if (item.type === 'split' || item.type === 'regression') return failOn.includes('regression');
  if (item.type === 'finding' && (item.finding.kind === 'unchecked' || item.finding.kind === 'rules-disabled')) return true;
  return failOn.includes('threshold');
}

/** A short label for the verdict line, singular and plural: “code block split”, “heading lost”, “structural below its minimum”. */
export function itemLabel(item: ReportItem): [one: string, many: string] {
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
      return FINDING_LABELS[item.finding.kind];
    case 'failure':
      if (item.failures.every((failure) => failure.rule === 'fileDrop')) return ['file score drop', 'file score drops'];
      if (item.failures.every((failure) => failure.rule !== 'fileDrop')) return ['file score below its minimum', 'file scores below their minimum'];
      return ['file score threshold', 'file score thresholds'];
    case 'rename':
      return ['rename', 'renames'];
  }
}

const FINDING_LABELS: Record<FileFinding['kind'], [string, string]> = {
  unchecked: ['file not checked', 'files not checked'],
  'frontmatter-too-large': ['front matter too large to read', 'front matters too large to read'],
  'text-removed': ['passage that left the index', 'passages that left the index'],
  'page-removed': ['page removed', 'pages removed'],
  'heading-lost': ['heading lost', 'headings lost'],
  'lead-in-cut': ['list cut from its lead-in', 'lists cut from their lead-in'],
  'orphan-heading': ['orphan heading', 'orphan headings'],
  'rules-disabled': ['disable comment added by this PR', 'disable comments added by this PR'],
  'retrieval-regression': ['passage harder to find', 'passages harder to find'],
};

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
