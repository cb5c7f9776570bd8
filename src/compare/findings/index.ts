import type { GateScope } from '../../config/types.js';
import { isLeveledFindingTag } from '../../shared/finding-rules.js';
import type { RuleLevels } from '../../shared/rules.js';
import type { FileFinding } from '../../types.js';
import { headingLost } from './heading-lost.js';
import type { FindingInput } from './input.js';
import { leadInCut } from './lead-in-cut.js';
import { orphanHeadings } from './orphan-heading.js';
import { pageRemoved } from './page-removed.js';
import { rulesDisabled } from './rules-disabled.js';
import { textRemoved } from './text-removed.js';

export type { FindingInput } from './input.js';

/** Every section finding of one file, in this order: page removed, text removed, heading lost, lead-in cut, orphan heading, rules disabled. */
const FINDERS: readonly ((input: FindingInput) => FileFinding[])[] = [pageRemoved, textRemoved, headingLost, leadInCut, orphanHeadings, rulesDisabled];

/**
 * The section findings of one file (what the chunk scores miss,
 * docs/rules.md#regressions-and-failures): each finder decides origin, severity and whether the
 * finding is of weight (`gating`). With `gate: all`, a pre-existing finding of weight gates
 * too. Sorted by line (file-level findings first), then finder order.
 */
export function fileFindings(input: FindingInput, gate: GateScope = 'changed'): FileFinding[] {
  const findings = FINDERS.flatMap((find) => find(input)).flatMap((finding) => atLevel(finding, input.levels));
  return findings
    .map((finding, order) => ({ finding, order }))
    .sort((a, b) => (a.finding.line ?? 0) - (b.finding.line ?? 0) || a.order - b.order)
    .map(({ finding }) => (gate === 'all' && finding.origin === 'preexisting' && isWeighty(finding) ? { ...finding, gating: true } : finding));
}

/**
 * `finding` at the level `rules:` sets for its kind (the kinds whose `levelSetting` is `rules`):
 * `off` drops it, `warn` keeps it, never gating, marked `level: 'warn'`; `error` leaves it as
 * its finder made it. `orphan-heading` carries its chunk rule's level already.
 */
function atLevel(finding: FileFinding, levels: RuleLevels | undefined): FileFinding[] {
  if (!levels || !isLeveledFindingTag(finding.kind)) return [finding];
  const level = levels[finding.kind];
  if (level === 'off') return [];
  if (level === 'error') return [finding];
  const { kind, origin, gating: _gating, ...rest } = finding;
  return [{ kind, origin, gating: false, level: 'warn', ...rest }];
}

/** A finding that would gate if it were new: every kind but the informational ones, and none whose rule is at `warn`. */
function isWeighty(finding: FileFinding): boolean {
  if (finding.level === 'warn') return false;
  return finding.kind === 'lead-in-cut' || finding.kind === 'orphan-heading' || finding.severity === 'high';
}
