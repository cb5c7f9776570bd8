import { z } from 'zod';
import type { Report } from '../types.js';

const grade = z.enum(['pass', 'warn', 'fail']);
const chunk = z.looseObject({
  text: z.string(),
  headingPath: z.array(z.string()),
  startLine: z.number(),
  endLine: z.number(),
  score: z.number(),
  grade,
  issues: z.array(z.looseObject({ tag: z.string(), severity: z.enum(['high', 'medium', 'low']) })),
});
const doc = z.looseObject({
  path: z.string(),
  chunks: z.array(chunk),
  scores: z.looseObject({ structural: z.number(), content: z.number(), overall: z.number() }),
});
/** The parts of a JSON report that run comparison and calibration read; the rest passes through. */
const reportShape = z.looseObject({
  files: z.array(z.looseObject({ path: z.string(), head: doc.optional() })),
  summary: z.looseObject({ regressions: z.number(), failures: z.number(), verdict: z.enum(['pass', 'fail']), partial: z.boolean() }),
});

/**
 * Parses a chunkgate JSON report (`--format json`, the action's `report.json`) read from `name`.
 *
 * @throws Error naming the file and the first field that does not fit, e.g.
 *   `b.json: not a chunkgate JSON report (files[0].head.chunks: expected array)`.
 */
export function parseReport(text: string, name: string): Report {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${name}: not JSON (${error instanceof Error ? error.message : String(error)}); expected a report from chunkgate eval/diff --format json`, { cause: error });
  }
  const parsed = reportShape.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`)).join('');
    throw new Error(`${name}: not a chunkgate JSON report (${path || '(root)'}: ${issue.message}); expected a report from chunkgate eval/diff --format json`);
  }
  return data as Report;
}
