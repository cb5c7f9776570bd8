import type { RuleComment } from '../../types.js';
import { inlineDisables, NO_INLINE_DISABLES } from '../../metrics/rules/inline-disables.js';
import { RULE_TAGS } from '../../shared/rules.js';
import type { FileFinding } from '../../types.js';
import { lineCount, newlyDisabled, type GrownRegion } from '../disabled-lines.js';
import { headLineOrigins, type HeadLineOrigin } from '../line-map.js';
import type { FindingInput } from './input.js';

/** The comment keywords that turn rules off. */
const DISABLING = new Set(['disable', 'disable-line', 'disable-next-line', 'disable-file']);

/** "L4" or "L4–L40". */
const span = (lines: readonly number[]): string => (lines.length === 1 ? `L${lines[0]}` : `L${lines[0]}–L${lines.at(-1)}`);

/**
 * `rules-disabled`: the change turns rules off on lines where they were on — it adds a
 * `<!-- chunkgate-disable … -->`, `chunkgate-disable-line`, `chunkgate-disable-next-line` or
 * `chunkgate-disable-file` comment, or widens a region the base
 * already had (its `chunkgate-enable` deleted or moved, the pair moved around other text, lines
 * added inside it).
 * Found by comparing the disabled lines of both sides through the line diff ({@link newlyDisabled}),
 * not by the comments' words. The config comes from the base side, so a pull request cannot
 * loosen it; a comment in the page it edits could hide the findings it makes, so it is one
 * finding per comment whose region grew. With `inlineDisables: gate` (default) it gates (severity
 * `high`), with `report` it is listed (`low`), with `off` the comments hide nothing and there is
 * none. Origin `new` when the comment itself is new or moved, `worsened` when an unchanged comment's
 * region grew. Line: the comment; `endLine`: the last newly disabled line; `actual`: how many lines.
 */
export function rulesDisabled(input: FindingInput): FileFinding[] {
  const policy = input.inlineDisables ?? 'gate';
  const comments = input.headDoc?.ruleComments ?? [];
  if (policy === 'off' || comments.length === 0) return [];
  const head = inlineDisables(input.path, comments);
  if (head.ranges.size === 0) return [];
  const base = input.baseDoc ? inlineDisables(input.path, input.baseDoc.ruleComments) : NO_INLINE_DISABLES;
  const headSource = input.headSource ?? input.headDoc!.source;
  // No base side (an added page): no line comes from the base, every disabled line is new.
  const origins = input.baseDoc ? headLineOrigins(input.baseSource ?? input.baseDoc.source, headSource) : null;
  return newlyDisabled(base, head, origins, lineCount(headSource)).map((region) => finding(region, comments, origins, policy === 'gate'));
}

function finding(region: GrownRegion, comments: readonly RuleComment[], origins: readonly HeadLineOrigin[] | null, gating: boolean): FileFinding {
  const written = comments.find((comment) => comment.line === region.comment && DISABLING.has(comment.keyword));
  const name = `\`chunkgate-${written?.keyword ?? 'disable'}\``;
  // A line comment has no `chunkgate-enable` to restore.
  const lineOnly = written?.keyword === 'disable-line' || written?.keyword === 'disable-next-line';
  const origin = origins?.[region.comment];
  const widened = origin !== undefined && 'base' in origin && !origin.changed;
  const which = region.rules.length === RULE_TAGS.length ? 'every rule' : region.rules.map((rule) => `\`${rule}\``).join(', ');
  const lines = `${region.lines.length} ${region.lines.length === 1 ? 'line' : 'lines'} (${span(region.lines)})`;
  const message = widened
    ? `This change widens the region of the ${name} comment at L${region.comment}: it now also turns off ${which} on ${lines} it did not cover on the base branch: their findings there are not reported`
    : `A ${name} comment this change adds turns off ${which} on ${lines}: their findings there are not reported`;
  return {
    kind: 'rules-disabled',
    origin: widened ? 'worsened' : 'new',
    gating,
    severity: gating ? 'high' : 'low',
    message,
    hint: gating
      ? `a reviewer should agree that these findings do not matter here: remove the comment${lineOnly ? '' : ' (or restore its `chunkgate-enable`)'}, or set \`inlineDisables: report\` in the base branch config to list such comments without failing`
      : 'make sure the reviewer agrees that these findings do not matter here, or remove the comment',
    line: region.comment,
    endLine: region.lines.at(-1)!,
    actual: region.lines.length,
  };
}
