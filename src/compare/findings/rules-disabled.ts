import type { RuleComment } from '../../markdown/rule-comments.js';
import { RULE_COMMENT_KEYWORDS } from '../../metrics/rules/inline-disables.js';
import { isRuleTag } from '../../metrics/rules/registry.js';
import type { FileFinding } from '../../types.js';
import type { FindingInput } from './input.js';

/** What identifies a comment across base and head: its keyword and its known rules, sorted (the line moves with edits). */
const identity = (comment: RuleComment): string => `${comment.keyword} ${comment.rules.filter(isRuleTag).sort().join(' ')}`;

/**
 * `rules-disabled`: the change adds an inline comment that turns rules off
 * (`<!-- chunkgate-disable … -->`, `chunkgate-disable-file`). The config comes from the base
 * side, so a pull request cannot loosen it; a comment in the page it edits can, and the reviewer
 * should see that it does. One finding per comment the base side does not have (as many times as
 * it has it, whatever the line), severity `low`, origin `new`, never gating; comments naming only
 * unknown rules turn nothing off and are left to the notices. Line: the comment.
 */
export function rulesDisabled(input: FindingInput): FileFinding[] {
  const comments = input.headDoc?.ruleComments ?? [];
  if (comments.length === 0) return [];
  const before = new Map<string, number>();
  for (const comment of input.baseDoc?.ruleComments ?? []) before.set(identity(comment), (before.get(identity(comment)) ?? 0) + 1);
  const findings: FileFinding[] = [];
  for (const comment of comments) {
    if (comment.keyword === 'enable' || !(RULE_COMMENT_KEYWORDS as readonly string[]).includes(comment.keyword)) continue;
    const rules = comment.rules.filter(isRuleTag);
    if (comment.rules.length > 0 && rules.length === 0) continue;
    const key = identity(comment);
    const left = before.get(key) ?? 0;
    if (left > 0) {
      before.set(key, left - 1);
      continue;
    }
    const which = rules.length === 0 ? 'every rule' : rules.map((rule) => `\`${rule}\``).join(', ');
    const where = comment.keyword === 'disable-file' ? 'on the whole page' : `from L${comment.line} until a \`chunkgate-enable\` comment or the end of the page`;
    findings.push({
      kind: 'rules-disabled',
      origin: 'new',
      gating: false,
      severity: 'low',
      message: `A new \`chunkgate-${comment.keyword}\` comment turns off ${which} ${where}: their findings there are not reported`,
      hint: 'make sure the reviewer agrees that these findings do not matter here, or remove the comment',
      line: comment.line,
    });
  }
  return findings;
}
