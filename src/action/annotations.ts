import * as core from '@actions/core';
import type { CheckAnnotation } from '../sources/check-run.js';
import { plural } from '../report/format.js';

/** GitHub shows at most this many workflow-command annotations of each kind (error, warning, notice) per step. */
export const ANNOTATIONS_PER_KIND = 10;

/**
 * Emits annotations as workflow commands, for when the check run could not carry them (a fork
 * PR's read-only token, a failed update): the first {@link ANNOTATIONS_PER_KIND} of each level
 * in the given order (most important first), since GitHub drops the rest, and one log line
 * counting what was left out. Returns how many were emitted and left out.
 */
export function annotateWorkflow(annotations: readonly CheckAnnotation[]): { shown: number; hidden: number } {
  const counts = { failure: 0, warning: 0, notice: 0 };
  let hidden = 0;
  for (const annotation of annotations) {
    const level = annotation.annotation_level;
    if (counts[level] >= ANNOTATIONS_PER_KIND) {
      hidden += 1;
      continue;
    }
    counts[level] += 1;
    const properties = { file: annotation.path, startLine: annotation.start_line, endLine: annotation.end_line, ...(annotation.title ? { title: annotation.title } : {}) };
    if (level === 'failure') core.error(annotation.message, properties);
    else if (level === 'warning') core.warning(annotation.message, properties);
    else core.notice(annotation.message, properties);
  }
  if (hidden > 0) {
    core.info(`${plural(hidden, 'more annotation')} not shown: GitHub shows ${ANNOTATIONS_PER_KIND} of each kind per step; the job summary lists every finding.`);
  }
  return { shown: annotations.length - hidden, hidden };
}
