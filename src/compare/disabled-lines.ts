import { isDisabled, type InlineDisables } from '../metrics/rules/inline-disables.js';
import { RULE_TAGS, type RuleTag } from '../shared/rules.js';
import type { HeadLineOrigin } from './line-map.js';

/** Head lines that a change newly put under one `chunkgate-disable` / `-line` / `-next-line` / `-file` comment. */
export interface GrownRegion {
  /** Head line of the comment whose region holds the lines. */
  comment: number;
  /** The rules newly turned off on those lines, in registry order. */
  rules: RuleTag[];
  /** The newly disabled head lines, ascending. */
  lines: number[];
}

/** Lines of a text as a line diff counts them: a final newline ends the last line, it does not start another. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count += 1;
  return text.endsWith('\n') ? count - 1 : count;
}

/**
 * Whether rule `tag` was off in the base where a head line came from: at its base line (unchanged
 * or rewritten in place). A line with no base line of its own (added, also inside a region the
 * base already had: no reviewer saw it under the comment) or no origin (the diff gave up): never.
 */
function wasDisabled(base: InlineDisables, tag: RuleTag, origin: HeadLineOrigin | undefined): boolean {
  return origin !== undefined && 'base' in origin && isDisabled(base, tag, origin.base);
}

/**
 * The head lines whose rules a change turned off
 * (docs/rules.md#rule-levels-and-disable-comments): for every rule, every head line that an
 * inline comment disables in head ({@link InlineDisables} of the head) and that was not disabled
 * for that rule where it came from in the base ({@link headLineOrigins}; see
 * {@link wasDisabled}). So a new comment counts, and so does an old region grown by deleting its
 * `chunkgate-enable`, moving its comments around other text, naming more rules or taking in lines
 * the change adds — whatever the comments' words; a region that only moved with its text, lines
 * rewritten in place inside it, and edits outside any region do not.
 *
 * Grouped by the comment whose region holds the lines, in head order.
 *
 * @param origins where each head line came from (`headLineOrigins(baseSource, headSource)`);
 *   `null` when the diff gave up: then every disabled head line counts.
 * @param headLines the head's line count ({@link lineCount}): open regions end there.
 */
export function newlyDisabled(base: InlineDisables, head: InlineDisables, origins: readonly HeadLineOrigin[] | null, headLines: number): GrownRegion[] {
  const byComment = new Map<number, { rules: Set<RuleTag>; lines: Set<number> }>();
  for (const tag of RULE_TAGS) {
    // A line two comments turn off (a `disable-line` inside a `disable` region) counts for the first comment only.
    const counted = new Set<number>();
    const ranges = [...(head.ranges.get(tag) ?? [])].sort((a, b) => a[2] - b[2] || a[0] - b[0]);
    for (const [from, to, comment] of ranges) {
      const last = Math.min(to - 1, headLines);
      for (let line = Math.max(from, 1); line <= last; line += 1) {
        if (counted.has(line) || wasDisabled(base, tag, origins?.[line])) continue;
        counted.add(line);
        const entry = byComment.get(comment) ?? { rules: new Set<RuleTag>(), lines: new Set<number>() };
        entry.rules.add(tag);
        entry.lines.add(line);
        byComment.set(comment, entry);
      }
    }
  }
  return [...byComment]
    .sort(([a], [b]) => a - b)
    .map(([comment, { rules, lines }]) => ({ comment, rules: [...rules], lines: [...lines].sort((a, b) => a - b) }));
}
