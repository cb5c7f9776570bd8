/**
 * The gating items of a report, flattened to one record each, and their triage key.
 *
 * A key names an item by what survives score changes made elsewhere (chunking formulas, metric
 * weights): the commit, the file, the kind of item (`regression/<tag or reason>`,
 * `failure/<rule>-<score>`, `finding/<kind>`) and where it sits (the heading path). Scores and
 * line numbers are carried for reading, never matched.
 */
import { foldedDrops } from '../../src/report/items.js';
import type { DocDiff, Report } from '../../src/types.js';

/** One gating item of one replayed commit. */
export interface GatingItem {
  repo: string;
  commit: string;
  file: string;
  /** `regression/table-split`, `failure/structural`, `finding/text-removed`, … */
  item: string;
  /** Heading path joined with ` › ` (`''` at file level or before the first heading). */
  heading: string;
  /** `L12–L40` when the item has a place. */
  lines?: string;
  /** One line for the reader (message or score change). */
  detail: string;
}

const joinPath = (path: readonly string[] | undefined): string => (path ?? []).join(' › ');
const span = (start?: number, end?: number): string | undefined =>
  start === undefined ? undefined : end !== undefined && end > start ? `L${start}–L${end}` : `L${start}`;

/**
 * Whether an item gates. Reports written before `gating` existed carry no flag: every item
 * gated then, which is what the BEFORE numbers count.
 */
function gates(item: { gating?: boolean }): boolean {
  return item.gating !== false;
}

/** The gating regressions, threshold failures and file findings of one file. */
export function fileGatingItems(repo: string, commit: string, file: DocDiff): GatingItem[] {
  const items: GatingItem[] = [];
  for (const regression of file.regressions) {
    if (!gates(regression)) continue;
    const tag = regression.newTags[0] ?? regression.reason;
    const lines = span(regression.head.startLine, regression.head.endLine);
    items.push({
      repo,
      commit,
      file: file.path,
      item: `regression/${tag}`,
      heading: joinPath(regression.head.headingPath),
      ...(lines ? { lines } : {}),
      detail: `${regression.base ? Math.round(regression.base.score) : 'new'} → ${Math.round(regression.head.score)} (${regression.reason})`,
    });
  }
  // A file drop folded into the items it restates is one of them, not an item of its own.
  const folded = foldedDrops(file);
  for (const failure of file.failures) {
    if (!gates(failure) || folded.includes(failure)) continue;
    items.push({
      repo,
      commit,
      file: file.path,
      item: `failure/${failure.rule === 'fileDrop' ? `fileDrop-${failure.score}` : failure.rule}`,
      heading: '',
      detail: failure.message,
    });
  }
  for (const finding of (file as { findings?: FindingLike[] }).findings ?? []) {
    if (!finding.gating) continue;
    const lines = span(finding.line, finding.endLine);
    items.push({
      repo,
      commit,
      file: file.path,
      item: `finding/${finding.kind}`,
      heading: joinPath(finding.headingPath),
      ...(lines ? { lines } : {}),
      detail: finding.message,
    });
  }
  return items;
}

interface FindingLike {
  kind: string;
  gating: boolean;
  message: string;
  line?: number;
  endLine?: number;
  headingPath?: string[];
}

/** Every gating item of a report, files in report order. */
export function gatingItems(repo: string, commit: string, report: Report): GatingItem[] {
  return report.files.flatMap((file) => fileGatingItems(repo, commit, file));
}

/** Every item of a report, gating or not (the BEFORE count of "flagged"). */
export function flaggedCount(report: Report): number {
  return report.files.reduce(
    (sum, file) => sum + file.regressions.length + file.failures.length - foldedDrops(file).length + ((file as { findings?: unknown[] }).findings?.length ?? 0),
    0,
  );
}
