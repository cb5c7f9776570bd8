import { isRuleTag, ruleDocsUrl, type RuleTag } from '../shared/rules.js';

/** The rule a cause names (an explanation's `cause`, a finding's `kind`), when it is one with a page; else `null`. */
export function ruleOf(cause: string): RuleTag | null {
  return isRuleTag(cause) ? cause : null;
}

/** The rule as a Markdown link to its page: `` [`table-split`](https://…/docs/rules/table-split.md) ``. Tags are plain words: nothing to escape. */
export function ruleLinkMarkdown(tag: RuleTag): string {
  return `[\`${tag}\`](${ruleDocsUrl(tag)})`;
}

/** The rule and its page in plain text, for annotations (GitHub renders no Markdown there): `table-split: https://…`. */
export function ruleLinkText(tag: RuleTag): string {
  return `${tag}: ${ruleDocsUrl(tag)}`;
}

/** The rule as an HTML link to its page (a new tab; the report page sends nothing with it), with the given `class`. */
export function ruleLinkHtml(tag: RuleTag, className: string): string {
  return `<a class="${className}" href="${ruleDocsUrl(tag)}" target="_blank" rel="noopener noreferrer">${tag}</a>`;
}
