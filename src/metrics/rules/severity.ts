import type { IssueTag, Severity } from '../../types.js';
import { RULE_TAGS, ruleMeta } from '../../shared/rules.js';

/**
 * Severity of every rule tag, from the registry (docs/rules.md): high for lost or broken
 * content (retrieval returns wrong or partial data), medium for cuts and redundancy that
 * degrade answers, low for weaker signals. In registry order.
 */
export const RULE_SEVERITY: Readonly<Record<IssueTag, Severity>> = Object.fromEntries(RULE_TAGS.map((tag) => [tag, ruleMeta(tag).severity])) as Record<IssueTag, Severity>;
