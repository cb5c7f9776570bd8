import type { Issue, IssueTag } from '../../types.js';
import type { StructuralInput } from '../structural/input.js';
import { checkDuplicateChunks } from './duplicate-chunk.js';
import { checkExcessOverlap } from './excess-overlap.js';
import type { RuleFinding } from './finding.js';
import { checkMissingHeadingContext } from './missing-heading-context.js';
import { checkNearDuplicates } from './near-duplicate.js';
import { checkOrphanHeadings } from './orphan-heading.js';
import { checkSentenceCuts } from './sentence-cut.js';
import { RULE_SEVERITY } from './severity.js';
import { checkChunkSizes } from './size-rules.js';
import { checkSourceLoss } from './source-loss.js';
import { checkSplitBlocks } from './split-blocks.js';
import { checkUnclosedBrackets } from './unclosed-bracket.js';
import { checkUnfindableChunks } from './unfindable-chunk.js';
import type { SelfRetrievability } from '../self-retrievability.js';

export { RULE_SEVERITY } from './severity.js';
export type { RuleFinding } from './finding.js';

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

/** Tag order inside one line: the order of {@link RULE_SEVERITY} is the spec's. */
const TAG_ORDER = new Map((Object.keys(RULE_SEVERITY) as IssueTag[]).map((tag, index) => [tag, index]));

/** The order issues are listed in: by line, then by tag in {@link RULE_SEVERITY} order. */
export function issueOrder(a: Issue, b: Issue): number {
  return a.line - b.line || TAG_ORDER.get(a.tag)! - TAG_ORDER.get(b.tag)!;
}

/**
 * Runs every rule check (seed 003) and returns each chunk's issues by chunk index
 * (`result[i]` for `chunks[i]`, `[]` when clean), sorted by line, then tag. With `self`, the
 * document's self-retrievability, chunks it cannot find also get `unfindable-chunk` (seed 001).
 */
export function checkRules(input: StructuralInput, self?: SelfRetrievability): Issue[][] {
  const issues: Issue[][] = input.chunks.map(() => []);
  const findings = CHECKS.flatMap((check) => check(input));
  if (self) findings.push(...checkUnfindableChunks(input, self));
  for (const { chunk, issue } of findings) issues[chunk]?.push(issue);
  for (const list of issues) list.sort(issueOrder);
  return issues;
}
