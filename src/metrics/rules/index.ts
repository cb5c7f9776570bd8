import { withoutRuleComments } from '../../markdown/rule-comments.js';
import type { Issue } from '../../types.js';
import type { StructuralInput } from '../structural/input.js';
import { checkDuplicateChunks } from './duplicate-chunk.js';
import { checkExcessOverlap } from './excess-overlap.js';
import type { RuleFinding } from './finding.js';
import { checkMissingHeadingContext } from './missing-heading-context.js';
import { checkNearDuplicates } from './near-duplicate.js';
import { checkOrphanHeadings } from './orphan-heading.js';
import { checkSentenceCuts } from './sentence-cut.js';
import { RULE_TAGS } from '../../shared/rules.js';
import { DEFAULT_RULE_SETTINGS, sortBySettings, type RuleSettings } from './rule-settings.js';
import { checkChunkSizes } from './size-rules.js';
import { checkSourceLoss } from './source-loss.js';
import { checkSplitBlocks } from './split-blocks.js';
import { checkUnclosedBrackets } from './unclosed-bracket.js';
import { checkUnfindableChunks } from './unfindable-chunk.js';
import type { SelfRetrievability } from '../self-retrievability.js';

export { RULE_SEVERITY } from './severity.js';
export type { RuleFinding } from './finding.js';
export { applyRuleSettings, ruleSettings, sortBySettings, type RuleSettings } from './rule-settings.js';

/** Every rule check, in the order their issues are listed for a line. */
const CHECKS: readonly ((input: StructuralInput) => RuleFinding[])[] = [
  checkSourceLoss,
  checkSplitBlocks,
  checkChunkSizes,
  checkSentenceCuts,
  checkOrphanHeadings,
  checkDuplicateChunks,
  checkExcessOverlap,
  checkNearDuplicates,
  checkMissingHeadingContext,
  checkUnclosedBrackets,
];

/** Tag order inside one line: the registry's, which is the spec's. */
const TAG_ORDER = new Map(RULE_TAGS.map((tag, index) => [tag, index]));

/** The order issues are listed in: by line, then by tag in registry order. */
export function issueOrder(a: Issue, b: Issue): number {
  return a.line - b.line || TAG_ORDER.get(a.tag)! - TAG_ORDER.get(b.tag)!;
}

/**
 * Runs every rule check (docs/design.md#where-the-scores-come-from) and returns each chunk's issues by chunk index
 * (`result[i]` for `chunks[i]`, `[]` when clean), sorted by line, then tag. With `self`, the
 * document's self-retrievability, chunks it cannot find also get `unfindable-chunk` (docs/scores.md#quick-checks).
 * `settings` (default: every rule at its default level, no inline comments) drops the issues of
 * rules that are `off` or disabled on their line, and marks those at `warn` ({@link applyRuleSettings}).
 */
export function checkRules(input: StructuralInput, self?: SelfRetrievability, settings: RuleSettings = DEFAULT_RULE_SETTINGS): Issue[][] {
  return ruleIssues(input, self, settings).issues;
}

/**
 * {@link checkRules}, with apart per chunk the issues an inline `chunkgate-disable` comment hides
 * (`hidden`, in the same order): not reported, but they still cap the chunk's score, so a comment
 * never moves a score, a threshold or a score drop.
 */
export function ruleIssues(input: StructuralInput, self?: SelfRetrievability, settings: RuleSettings = DEFAULT_RULE_SETTINGS): { issues: Issue[][]; hidden: Issue[][] } {
  const found: Issue[][] = input.chunks.map(() => []);
  const findings = CHECKS.flatMap((check) => check(input));
  if (self) findings.push(...checkUnfindableChunks(input, self));
  for (const { chunk, issue } of findings) found[chunk]?.push(issue);
  // A chunk of nothing but rule comments is markup addressed to chunkgate, not text with problems.
  const onlyComments = (index: number) => input.doc.ruleComments !== undefined && withoutRuleComments(input.chunks[index]!.text).trim() === '';
  const sorted = found.map((list, index) => (onlyComments(index) ? { kept: [], hidden: [] } : sortBySettings(list, settings)));
  return { issues: sorted.map(({ kept }) => kept.sort(issueOrder)), hidden: sorted.map(({ hidden }) => hidden.sort(issueOrder)) };
}
