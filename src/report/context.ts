import { FAIL_ON_VALUES, type FailOn } from '../config/types.js';
import type { ChunkingOptions, Report } from '../types.js';

/** What the renderers need beyond the report: where the run happened and how to point at more. */
export interface CommentContext {
  /** Base commit SHA (shown as 7 characters). */
  baseSha?: string;
  /** Head commit SHA (shown as 7 characters). */
  headSha?: string;
  /** True when the PR edits the config file (its changes apply only after merge). */
  configChanged?: boolean;
  /** Config file path (default: `.chunkgate.yml`). */
  configPath?: string;
  /** False when the base commit has no config file: the footer then names none (default: `true`). */
  configFound?: boolean;
  /** The base config's default chunking, for the verdict line. */
  chunking: ChunkingOptions;
  /** Plain-text notices from the shell (skipped files, API trouble); escaped when rendered. */
  notices?: string[];
  /** Link to the job summary of this run. */
  summaryUrl?: string;
  /** Name of the uploaded report artifact (default: none mentioned). */
  artifactName?: string;
  /** Download URL of the uploaded report artifact with the HTML chunk map (default: no link). */
  artifactUrl?: string;
  /** Add Mermaid charts of chunk sizes for files with regressed chunks (default: `false`; the shells turn it on). */
  charts?: boolean;
  /** chunkgate version. */
  version: string;
  /** Largest body in characters (default: `65536` for a comment, GitHub's limit). */
  maxLength?: number;
  /** What fails the check (default: `report.config.thresholds.failOn` when present, else `['threshold']`). */
  failOn?: FailOn[];
}

const FAIL_ON: readonly FailOn[] = FAIL_ON_VALUES;

/**
 * The `failOn` list in force: `context.failOn`, else `report.config.thresholds.failOn` when it is
 * a list of known values, else the config default `['threshold']`.
 */
export function failOnOf(report: Report, context: Pick<CommentContext, 'failOn'>): FailOn[] {
  if (context.failOn) return context.failOn;
  const config = report.config as { thresholds?: { failOn?: unknown } } | null | undefined;
  const value = config?.thresholds?.failOn;
  if (Array.isArray(value) && value.every((item) => FAIL_ON.includes(item as FailOn))) return value as FailOn[];
  return ['threshold'];
}
