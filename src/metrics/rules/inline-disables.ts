import { closestMatch } from '../../shared/closest-match.js';
import type { RuleComment } from '../../types.js';
import { isRuleTag, RULE_TAGS, type RuleTag } from '../../shared/rules.js';

/**
 * What rule comments may say (markdownlint's grammar, trimmed):
 * `disable` turns rules off from its line on, `enable` turns them back on from its line on,
 * `disable-line` turns them off on its own line, `disable-next-line` on the line after it,
 * `disable-file` turns them off for the whole file wherever it stands. No rule names: every rule.
 */
const RULE_COMMENT_KEYWORDS = ['disable', 'enable', 'disable-line', 'disable-next-line', 'disable-file'] as const;

/** The lines of one document where inline comments turn rules off. */
export interface InlineDisables {
  /**
   * Per rule, the disabled line ranges `[from, to)` (`to` is `Infinity` for a region left open),
   * each with the line of the comment that made it (a `disable-next-line` range starts after it).
   */
  ranges: ReadonlyMap<RuleTag, readonly (readonly [from: number, to: number, comment: number])[]>;
  /**
   * Per rule a `chunkgate-disable-file` comment turns off, the line of that comment (the first one
   * naming the rule): its range is the whole file.
   */
  fileComments: ReadonlyMap<RuleTag, number>;
  /** One line per comment part that was ignored (an unknown keyword or rule name), with its place and a suggestion. */
  notices: string[];
}

/** No comments: nothing disabled. */
export const NO_INLINE_DISABLES: InlineDisables = { ranges: new Map(), fileComments: new Map(), notices: [] };

/**
 * Interprets the rule comments of one document (`doc.ruleComments`), in source order.
 *
 * - `<!-- chunkgate-disable a b -->`: rules `a` and `b` are off from this line (inclusive) until
 *   a `chunkgate-enable` naming them, or every rule (no names), or the end of the file.
 * - `<!-- chunkgate-enable a -->`: rule `a` is on again from this line (inclusive).
 * - `<!-- chunkgate-disable-line a -->`: rule `a` is off on this line only (the comment's first
 *   line); `enable` does not end it.
 * - `<!-- chunkgate-disable-next-line a -->`: rule `a` is off on the line after this one only (the
 *   comment on a line of its own above a table: the table's first line, where its findings stand).
 * - `<!-- chunkgate-disable-file a -->`: rule `a` is off on every line of the file; `enable`
 *   does not undo it.
 *
 * Names are separated by spaces or commas. An unknown keyword or rule name is ignored with a
 * notice (`path:line: …`, with "did you mean" for a near miss); the other names still apply.
 */
export function inlineDisables(path: string, comments: readonly RuleComment[] | undefined): InlineDisables {
  if (!comments || comments.length === 0) return NO_INLINE_DISABLES;
  const ranges = new Map<RuleTag, [number, number, number][]>();
  const open = new Map<RuleTag, number>();
  const wholeFile = new Map<RuleTag, number>();
  const notices: string[] = [];
  for (const comment of comments) {
    const where = `${path}:${comment.line}`;
    if (!(RULE_COMMENT_KEYWORDS as readonly string[]).includes(comment.keyword)) {
      const suggestion = closestMatch(comment.keyword, RULE_COMMENT_KEYWORDS);
      notices.push(
        `${where}: unknown comment "chunkgate-${comment.keyword}", ignored${suggestion ? ` — did you mean "chunkgate-${suggestion}"?` : ''} (allowed: ${RULE_COMMENT_KEYWORDS.map((keyword) => `chunkgate-${keyword}`).join(', ')})`,
      );
      continue;
    }
    const tags: RuleTag[] = [];
    for (const name of comment.rules) {
      if (isRuleTag(name)) tags.push(name);
      else {
        const suggestion = closestMatch(name, RULE_TAGS);
        notices.push(`${where}: unknown rule "${name}" in a chunkgate-${comment.keyword} comment, ignored${suggestion ? ` — did you mean "${suggestion}"?` : ''}`);
      }
    }
    // Only unknown names: the comment meant some rule, not every rule.
    if (comment.rules.length > 0 && tags.length === 0) continue;
    const targets = comment.rules.length === 0 ? RULE_TAGS : tags;
    for (const tag of targets) {
      if (comment.keyword === 'disable-file') {
        if (!wholeFile.has(tag)) wholeFile.set(tag, comment.line);
      } else if (comment.keyword === 'disable-line') {
        push(ranges, tag, [comment.line, comment.line + 1, comment.line]);
      } else if (comment.keyword === 'disable-next-line') {
        push(ranges, tag, [comment.line + 1, comment.line + 2, comment.line]);
      } else if (comment.keyword === 'disable') {
        if (!open.has(tag)) open.set(tag, comment.line);
      } else {
        const from = open.get(tag);
        if (from === undefined) continue;
        open.delete(tag);
        if (comment.line > from) push(ranges, tag, [from, comment.line, from]);
      }
    }
  }
  for (const [tag, from] of open) push(ranges, tag, [from, Infinity, from]);
  for (const [tag, line] of wholeFile) ranges.set(tag, [[1, Infinity, line]]);
  return { ranges, fileComments: wholeFile, notices };
}

/** Whether an inline comment turns rule `tag` off on `line`. */
export function isDisabled(disables: InlineDisables, tag: RuleTag, line: number): boolean {
  return disables.ranges.get(tag)?.some(([from, to]) => line >= from && line < to) ?? false;
}

function push(ranges: Map<RuleTag, [number, number, number][]>, tag: RuleTag, range: [number, number, number]): void {
  const list = ranges.get(tag) ?? [];
  list.push(range);
  ranges.set(tag, list);
}
