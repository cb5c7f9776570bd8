import type { Issue, IssueTag } from '../../types.js';
import { ruleMeta } from '../../shared/rules.js';
import { RULE_SEVERITY } from './severity.js';

/** An issue and the index of the chunk it belongs to. */
export interface RuleFinding {
  chunk: number;
  issue: Issue;
}

/** The fields of an issue other than its tag and severity. */
export type IssueFields = Omit<Issue, 'tag' | 'severity'>;

/**
 * Makes the finding of `tag` on chunk `chunk`, with the tag's severity from {@link RULE_SEVERITY}
 * and, unless `fields` has one, the tag's hint from the registry (a rule whose hint depends on
 * the case passes its own, from the registry's hint function).
 */
export function finding(chunk: number, tag: IssueTag, fields: IssueFields): RuleFinding {
  const { hint } = ruleMeta(tag);
  const issue: Issue = { tag, severity: RULE_SEVERITY[tag], ...fields };
  if (issue.hint === undefined && typeof hint === 'string') issue.hint = hint;
  return { chunk, issue };
}

/** A one-line excerpt of at most `max` characters (default: `40`) for messages, with `…` where cut. */
export function excerpt(text: string, options: { max?: number; from?: 'start' | 'end' } = {}): string {
  const max = options.max ?? 40;
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  return options.from === 'end' ? `…${line.slice(line.length - max + 1)}` : `${line.slice(0, max - 1)}…`;
}
