import type { RuleLevels } from '../shared/rules.js';
import type { DocDiff, DocEval, FileStatus, ParsedDoc } from '../types.js';
import { alignChunks } from './align.js';
import { scoreDeltas } from './deltas.js';
import { scoreDrivers } from './drivers.js';
import { gateFailures, thresholdFailures, type FileThresholds } from './failures.js';
import { fileFindings } from './findings/index.js';
import { preexistingTag } from './preexisting.js';
import { findRegressions } from './regressions.js';

/** One changed file: its status and whatever exists of each side. */
export interface DocInput {
  /** Head path (base path for a removed file). */
  path: string;
  /** Base path of a renamed file. */
  previousPath?: string;
  status: FileStatus;
  base?: DocEval;
  head?: DocEval;
  /** Base Markdown source, for line mapping (default: `''`, which maps nothing). */
  baseSource?: string;
  /** Head Markdown source, for line mapping (default: `''`). */
  headSource?: string;
  /** Parsed base document: section findings and the base-side look-up of split blocks need its blocks (default: none, and they are skipped). */
  baseDoc?: ParsedDoc;
  /** Parsed head document (default: none). */
  headDoc?: ParsedDoc;
  /** The levels of the file's rules, for its section findings (default: each rule's default). */
  rules?: RuleLevels;
}

/**
 * Compares one file's base and head evaluations (docs/design.md#what-a-change-answers-for).
 *
 * - `deltas`: every score and metric ({@link scoreDeltas}; neutral within ±0.5).
 * - `alignment`: for each head chunk, the base chunk index {@link alignChunks} paired it with.
 * - `regressions`: head chunks aligned with {@link alignChunks}, judged by {@link findRegressions}
 *   with `thresholds.chunkDrop`; a high tag the base side already had for the same block is
 *   `preexisting` ({@link preexistingTag}).
 * - `findings`: section findings ({@link fileFindings}: page or text removed, heading lost, lead-in
 *   cut, orphan heading, a disable comment the change adds or widens, by `thresholds.inlineDisables`).
 * - `failures`: {@link thresholdFailures}, each naming the chunk changes that drive it
 *   ({@link scoreDrivers}); they gate only when a gating regression or finding of the file explains
 *   them ({@link gateFailures}). A file drop (`fileDrop`) whose every driver is one of those items
 *   only restates them: the report folds it into them (`fileItems` in src/report/items.ts); the
 *   data keeps it, so the verdict counts it.
 *
 * Per status: `added` (no base) gets absolute thresholds and `new-failing-chunk` regressions
 * only; `removed` (no head) gets deltas and a `page-removed` finding. A file whose text is the same
 * on both sides (`unchanged`, a pure rename) has nothing to report: the change did not touch it —
 * with `thresholds.gate: all`, its absolute threshold failures are listed (pre-existing, gating).
 */
export function compareDoc(input: DocInput, thresholds: FileThresholds): DocDiff {
  const { base, head } = input;
  const gate = thresholds.gate ?? 'changed';
  const unchanged =
    input.status === 'unchanged' || (input.baseSource !== undefined && input.baseSource === input.headSource);
  const diff: DocDiff = {
    path: input.path,
    status: input.status,
    deltas: scoreDeltas(base, head),
    regressions: [],
    failures: [],
    findings: [],
  };
  if (input.previousPath !== undefined) diff.previousPath = input.previousPath;
  if (base) diff.base = base;
  if (head) diff.head = head;
  const docs = { ...(input.baseDoc ? { baseDoc: input.baseDoc } : {}), ...(input.headDoc ? { headDoc: input.headDoc } : {}) };
  const levels = input.rules ? { levels: input.rules } : {};
  if (!head) {
    diff.findings = fileFindings({ path: input.path, status: input.status, ...(base ? { base } : {}), ...docs, matches: [], ...levels }, gate);
    return diff;
  }
  if (unchanged) {
    if (gate === 'all') {
      diff.failures = thresholdFailures(base, head, thresholds, { drops: false }).map((failure) => ({ ...failure, origin: 'preexisting', gating: true }));
    }
    return diff;
  }
  const matches = alignChunks(
    { chunks: base?.chunks ?? [], source: input.baseSource ?? '' },
    { chunks: head.chunks, source: input.headSource ?? '' },
  );
  if (base) {
    const baseIndex = new Map(base.chunks.map((chunk, index) => [chunk, index]));
    diff.alignment = matches.map((match) => (match.base ? (baseIndex.get(match.base) ?? null) : null));
  }
  diff.regressions = findRegressions(matches, {
    chunkDrop: thresholds.chunkDrop,
    preexisting: preexistingTag({ ...(base ? { base } : {}), ...docs }),
    gate,
  });
  diff.findings = fileFindings(
    {
      path: input.path,
      status: input.status,
      ...(base ? { base } : {}),
      head,
      ...docs,
      matches,
      ...(input.baseSource !== undefined ? { baseSource: input.baseSource } : {}),
      ...(input.headSource !== undefined ? { headSource: input.headSource } : {}),
      inlineDisables: thresholds.inlineDisables ?? 'gate',
      ...levels,
    },
    gate,
  );
  const explained = diff.regressions.some((regression) => regression.gating) || diff.findings.some((finding) => finding.gating);
  const drivers = scoreDrivers(matches, base, diff.regressions);
  const failures = gateFailures(thresholdFailures(base, head, thresholds), explained, gate);
  // A drop whose every driver is an item already listed only restates it: the report folds it into them.
  diff.failures = failures.map((failure) => (drivers.length > 0 ? { ...failure, drivers } : failure));
  return diff;
}
