import { z } from 'zod';
import type { FailOn } from '../config/types.js';
import { isRuleTag, ruleMeta } from '../shared/rules.js';

/**
 * Gating findings of a report and how they changed since a baseline report (an earlier run's
 * `report.json`, restored from a cache or an artifact). Findings are matched by a stable
 * identity — file, kind and heading path — never by score, so a score that moves a point is
 * the same finding and a finding that moves lines is too.
 */

/** One gating finding, by identity, with a line to show it. */
export interface GatingItem {
  /** The file (`(golden set)` for a retrieval limit). */
  path: string;
  /** `threshold:structural`, `chunk:new-failing-chunk`, `retrieval:mrr`, or a file finding's kind (`unchecked`). */
  kind: string;
  /** The chunk's or section's heading path; `[]` for a whole file. */
  headingPath: string[];
  /** One line for the reader: the finding's own message. */
  message: string;
  /** 1-based line when the finding has one. */
  line?: number;
}

const gating = z.boolean().optional();

/** The parts of a report gating findings are read from; anything else passes through unread. */
const reportShape = z.looseObject({
  files: z.array(
    z.looseObject({
      path: z.string(),
      failures: z.array(z.looseObject({ rule: z.string(), score: z.string(), message: z.string().default(''), gating })).default([]),
      regressions: z
        .array(
          z.looseObject({
            reason: z.string(),
            head: z.looseObject({
              headingPath: z.array(z.string()),
              startLine: z.number().optional(),
              score: z.number().optional(),
              issues: z.array(z.looseObject({ tag: z.string() })).optional(),
            }),
            gating,
          }),
        )
        .default([]),
      findings: z
        .array(
          z.looseObject({
            kind: z.string(),
            gating: z.boolean(),
            message: z.string().default(''),
            headingPath: z.array(z.string()).optional(),
            line: z.number().optional(),
          }),
        )
        .optional(),
    }),
  ),
  retrieval: z.looseObject({ failures: z.array(z.looseObject({ rule: z.string(), message: z.string().default('') })).default([]) }).optional(),
  provenance: z.looseObject({ configHash: z.string() }).optional(),
});

/**
 * What {@link gatingItems} reads: a chunkgate report, this version's or an earlier one's (whose
 * items may lack `gating`, or `findings` altogether).
 */
export interface GatingSource {
  files: readonly {
    path: string;
    failures?: readonly { rule: string; score: string; message?: string; gating?: boolean }[];
    regressions?: readonly {
      reason: string;
      head: { headingPath: readonly string[]; startLine?: number; score?: number; issues?: readonly { tag: string }[] };
      gating?: boolean;
    }[];
    findings?: readonly { kind: string; gating: boolean; message?: string; headingPath?: readonly string[]; line?: number }[];
  }[];
  retrieval?: { failures?: readonly { rule: string; message?: string }[] };
  provenance?: { configHash: string };
}

/**
 * Parses a baseline report read from `name`.
 *
 * @throws Error naming the file and the first field that does not fit, e.g.
 *   `chunkgate-report/report.json: not a chunkgate JSON report (files[0].path: …)`.
 */
export function parseBaseline(text: string, name: string): GatingSource {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${name}: not JSON (${error instanceof Error ? error.message : String(error)}); expected the report.json of an earlier chunkgate run`, { cause: error });
  }
  const parsed = reportShape.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`)).join('');
    throw new Error(`${name}: not a chunkgate JSON report (${where || '(root)'}: ${issue.message}); expected the report.json of an earlier chunkgate run`);
  }
  return parsed.data;
}

/** The config hash a report records (`provenance.configHash`), or `null` for reports without provenance. */
export function configHashOf(report: GatingSource): string | null {
  return report.provenance?.configHash ?? null;
}

/**
 * The findings of `report` that fail a run under `failOn`: threshold failures (and golden-set
 * limits) with `threshold`, regressed chunks with `regression`, and file findings marked
 * `gating` whatever `failOn` says. An item that says `gating: false` (pre-existing) never counts.
 */
export function gatingItems(report: GatingSource, failOn: readonly FailOn[]): GatingItem[] {
  const items: GatingItem[] = [];
  const thresholds = failOn.includes('threshold');
  const regressions = failOn.includes('regression');
  for (const file of report.files) {
    for (const failure of file.failures ?? []) {
      if (thresholds && failure.gating !== false) {
        items.push({ path: file.path, kind: `threshold:${failure.rule}:${failure.score}`, headingPath: [], message: failure.message ?? '' });
      }
    }
    // The pieces of one split table or code block are one item, as the comment counts them: a
    // regression carrying a split rule's tag continues the item before it when that item is the
    // same rule's, under the same headings.
    let split: { item: GatingItem; tag: string; pieces: number; message: string } | null = null;
    for (const regression of file.regressions ?? []) {
      if (regressions && regression.gating !== false) {
        const line = regression.head.startLine;
        const tag = (regression.head.issues ?? []).map((issue) => issue.tag).find((name) => isRuleTag(name) && ruleMeta(name).block !== undefined) ?? null;
        const headingPath = [...regression.head.headingPath];
        if (tag !== null && split !== null && split.tag === tag && split.item.kind === `chunk:${regression.reason}` && sameHeadings(split.item.headingPath, headingPath)) {
          split.pieces += 1;
          split.item.message = `${split.message} (${split.pieces} pieces)`;
          continue;
        }
        const item: GatingItem = { path: file.path, kind: `chunk:${regression.reason}`, headingPath, message: chunkMessage(regression), ...(line !== undefined ? { line } : {}) };
        items.push(item);
        split = tag !== null ? { item, tag, pieces: 1, message: item.message } : null;
      } else split = null;
    }
    for (const finding of file.findings ?? []) {
      if (finding.gating) {
        items.push({
          path: file.path,
          kind: finding.kind,
          headingPath: [...(finding.headingPath ?? [])],
          message: finding.message ?? '',
          ...(finding.line !== undefined ? { line: finding.line } : {}),
        });
      }
    }
  }
  if (thresholds) {
    for (const failure of report.retrieval?.failures ?? []) {
      items.push({ path: '(golden set)', kind: `retrieval:${failure.rule}`, headingPath: [], message: failure.message ?? '' });
    }
  }
  return items;
}

function sameHeadings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((part, at) => part === b[at]);
}

const REASONS: Record<string, string> = {
  'new-failing-chunk': 'failing chunk',
  'score-drop': 'chunk score dropped',
  'new-high-issue': 'chunk gained a high-severity issue',
  unfindable: 'chunk no longer found by its own query',
};

/** `failing chunk: score 59 · table-split`. */
function chunkMessage(regression: NonNullable<GatingSource['files'][number]['regressions']>[number]): string {
  const { score, issues } = regression.head;
  const tags = [...new Set((issues ?? []).map((issue) => issue.tag))];
  return [`${REASONS[regression.reason] ?? regression.reason}${score !== undefined ? `: score ${score}` : ''}`, ...(tags.length > 0 ? [tags.join(', ')] : [])].join(' · ');
}

/** How the gating findings changed from a baseline to now. */
export interface BaselineDelta {
  /** Findings now that the baseline did not have (per identity, the ones beyond the baseline's count). */
  added: GatingItem[];
  /** Baseline findings that are gone (likewise counted per identity). */
  resolved: GatingItem[];
  /** Findings in both. */
  kept: number;
}

function identity(item: GatingItem): string {
  return JSON.stringify([item.path, item.kind, item.headingPath]);
}

/**
 * Matches `current` against `baseline` by identity (file, kind, heading path), counting
 * repeats: two failing pieces of one split table are two findings, and a third is new.
 * Within an identity the first items are the kept ones, so `added` holds the later ones.
 */
export function compareWithBaseline(current: readonly GatingItem[], baseline: readonly GatingItem[]): BaselineDelta {
  const remaining = new Map<string, number>();
  for (const item of baseline) remaining.set(identity(item), (remaining.get(identity(item)) ?? 0) + 1);
  const added: GatingItem[] = [];
  let kept = 0;
  for (const item of current) {
    const key = identity(item);
    const left = remaining.get(key) ?? 0;
    if (left > 0) {
      remaining.set(key, left - 1);
      kept += 1;
    } else {
      added.push(item);
    }
  }
  const resolved: GatingItem[] = [];
  for (const item of [...baseline].reverse()) {
    const key = identity(item);
    const left = remaining.get(key) ?? 0;
    if (left > 0) {
      remaining.set(key, left - 1);
      resolved.unshift(item);
    }
  }
  return { added, resolved, kept };
}
