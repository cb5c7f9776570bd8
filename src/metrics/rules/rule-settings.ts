import type { InlineDisablePolicy } from '../../config/types.js';
import type { Issue, ParsedDoc } from '../../types.js';
import { inlineDisables, isDisabled, NO_INLINE_DISABLES, type InlineDisables } from './inline-disables.js';
import { DEFAULT_RULE_LEVELS, type RuleLevels } from '../../shared/rules.js';

/** How the rules apply to one document: each rule's level (from the config) and what its inline comments disable. */
export interface RuleSettings {
  levels: RuleLevels;
  disables: InlineDisables;
}

/** The registry's default levels and no inline comments: every finding stays as the rule made it. */
export const DEFAULT_RULE_SETTINGS: RuleSettings = { levels: DEFAULT_RULE_LEVELS, disables: NO_INLINE_DISABLES };

/**
 * The rule settings of one parsed document: `levels` as the config resolved them for its path
 * (default: the registry's), and the regions its rule comments disable ({@link inlineDisables};
 * their notices are in `disables.notices`) — none with `inlineDisables: off`, which ignores the comments.
 */
export function ruleSettings(doc: ParsedDoc, levels: RuleLevels = DEFAULT_RULE_LEVELS, policy: InlineDisablePolicy = 'gate'): RuleSettings {
  return { levels, disables: policy === 'off' ? NO_INLINE_DISABLES : inlineDisables(doc.path, doc.ruleComments) };
}

/**
 * The issues that stay under `settings`, in order: an issue whose rule is `off`, or whose line an
 * inline comment disables for its rule, is dropped (it neither caps a score nor makes a
 * regression); one whose rule is at `warn` is marked `level: 'warn'` (reported and scored, never
 * gating); the others are unchanged.
 */
export function applyRuleSettings(issues: readonly Issue[], settings: RuleSettings): Issue[] {
  return sortBySettings(issues, settings).kept;
}

/**
 * {@link applyRuleSettings}, and apart the issues only an inline comment drops (`hidden`: their
 * rule is not `off`): a comment hides a finding from the report, never what the chunk is worth
 * to retrieval, so a hidden issue still caps its chunk's score.
 */
export function sortBySettings(issues: readonly Issue[], settings: RuleSettings): { kept: Issue[]; hidden: Issue[] } {
  const kept: Issue[] = [];
  const hidden: Issue[] = [];
  for (const issue of issues) {
    const level = settings.levels[issue.tag];
    if (level === 'off') continue;
    if (isDisabled(settings.disables, issue.tag, issue.line)) hidden.push(issue);
    else kept.push(level === 'warn' ? { ...issue, level: 'warn' } : issue);
  }
  return { kept, hidden };
}
