import { RULE_TAGS, RULES, ruleMeta, type RuleTag } from '../../shared/rules.js';

/** The tags of rules about a split block (registry `block`): `table-split`, `code-fence-split`. */
export type SplitTag = { [T in RuleTag]: (typeof RULES)[T] extends { block: 'table' | 'code' } ? T : never }[RuleTag];

/** The split tags, in registry order. */
export const SPLIT_TAGS: readonly SplitTag[] = RULE_TAGS.filter((tag): tag is SplitTag => ruleMeta(tag).block !== undefined);

/** The split tag of each block kind: `table` → `table-split`, `code` → `code-fence-split`. */
export const SPLIT_RULE: Readonly<Record<'table' | 'code', SplitTag>> = Object.fromEntries(SPLIT_TAGS.map((tag) => [RULES[tag].block, tag])) as Record<'table' | 'code', SplitTag>;

/** Whether `tag` is a split tag. */
export function isSplitTag(tag: RuleTag): tag is SplitTag {
  return ruleMeta(tag).block !== undefined;
}

/** Tags whose first appearance on an aligned chunk is a gating regression (registry `regression: gates`), in registry order. */
export const GATING_TAGS: readonly RuleTag[] = RULE_TAGS.filter((tag) => ruleMeta(tag).regression === 'gates');

/** Tags whose first appearance on an aligned chunk is a regression that is only shown (registry `regression: shown`). */
export const SHOWN_TAGS: readonly RuleTag[] = RULE_TAGS.filter((tag) => ruleMeta(tag).regression === 'shown');

/** Each capping tag's cap (registry `cap`): the most a chunk carrying it may score. */
export const SCORE_CAPS: ReadonlyMap<RuleTag, number> = new Map(RULE_TAGS.flatMap((tag) => {
  const { cap } = ruleMeta(tag);
  return cap === null ? [] : [[tag, cap] as const];
}));
