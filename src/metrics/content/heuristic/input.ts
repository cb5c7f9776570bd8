import type { Chunk, ChunkingOptions, ContentMetricName, ParsedDoc } from '../../../types.js';

/** What every heuristic content metric reads: one document, its chunks (in order) and the options they were made with. */
export interface ContentInput {
  doc: ParsedDoc;
  chunks: Chunk[];
  options: ChunkingOptions;
}

/**
 * One reason a chunk lost points, as data for the PR comment: a stable `code`,
 * a one-line `message` ("opens with 'It' and has no heading context") and the
 * points it cost (negative).
 */
export interface ContentFinding {
  code: string;
  message: string;
  points: number;
}

/** A chunk's score on one metric (0–100) and why it is not 100. */
export interface MetricDetail {
  score: number;
  findings: ContentFinding[];
}

/** Every content metric of one chunk with its findings. */
export type ContentExplanation = Record<ContentMetricName, MetricDetail>;

/** Clamps to `[0, 100]` and rounds to one decimal, so reports stay readable and stable. */
export function toScore(value: number): number {
  const clamped = Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));
  return Math.round(clamped * 10) / 10;
}

/** A detail from a starting score of 100 minus the findings' points. */
export function detailFromPenalties(findings: ContentFinding[]): MetricDetail {
  return { score: toScore(100 + findings.reduce((sum, finding) => sum + finding.points, 0)), findings };
}
