import { FINDING_RULES, FINDING_TAGS, type FindingTag, type LevelSetting } from '../../shared/finding-rules.js';
import { isRuleTag, RULE_TAGS, ruleMeta, type RegressionEffect, type RegistryTag, type RuleTag } from '../../shared/rules.js';

// The parts of the rule pages (`docs/rules/<tag>.md`) and of the rule table in docs/rules.md that the
// registry decides, as text. `npm run rule-docs` writes them between the markers below and a
// test checks they are fresh, so a page never says another severity, level or cap than the code.

/** The generated parts: `facts` and `configure` on each rule page, `table` and `findings-table` in docs/rules.md. */
export type GeneratedPart = 'facts' | 'configure' | 'table' | 'findings-table';

/** The line a generated part starts with (it tells a reader of the source not to edit it). */
export const partStart = (part: GeneratedPart): string => `<!-- rule-docs:${part} — generated from src/shared/rules.ts by \`npm run rule-docs\`; do not edit by hand -->`;
/** The line a generated part ends with. */
export const partEnd = (part: GeneratedPart): string => `<!-- rule-docs:${part} end -->`;

const REGRESSION_WORDS: Readonly<Record<RegressionEffect, string>> = {
  gates: 'a regression that gates (unless the base side had it already)',
  shown: 'a regression listed under "Worth a look"; it never gates',
  none: 'not a regression on its own (the chunk score may still drop)',
};

const JUDGES_WORDS = { chunk: 'a chunk', corpus: 'the corpus', change: 'a base→head change', file: 'a file' } as const;

/** The `facts` part of a finding kind's page: what it detects and judges, its severities, when it gates, what to do. */
function findingFactsMarkdown(tag: FindingTag): string {
  const rule = FINDING_RULES[tag];
  return [
    rule.description,
    '',
    '| Judges | Severity | Default level | Gates |',
    '|---|---|---|---|',
    `| ${JUDGES_WORDS[rule.judges]} | ${rule.severities.join(' or ')} | ${rule.level} | ${rule.gates.replaceAll('|', '\\|')} |`,
    '',
    `**What to do:** ${rule.advice}.`,
  ].join('\n');
}

/** How a finding kind's level is set, by where it is set. */
const LEVEL_WORDS: Readonly<Record<Exclude<LevelSetting, 'rules' | null>, string>> = {
  inlineDisables:
    "Its level is `inlineDisables:` in `.chunkgate.yml` (read from the base branch, so a pull request cannot loosen it): `gate` (default) — it fails the run; `report` — listed, never gating; `off` — disable comments hide nothing, and there is no such finding.",
  'thresholds.unchecked': 'Its level is `thresholds.unchecked:` in `.chunkgate.yml`: `fail` (default) — a head file that cannot be checked fails the run; `warn` — listed, never gating. What one file may cost before it is not checked is under `limits:`.',
  'retrieval.probes':
    'Its findings come from the retrieval probes, which `retrieval.probes:` in `.chunkgate.yml` sets: `offline` (default), `llm` (adds a question per passage written by the `llm:` model), or `off` (no probes, no such finding).',
};

/** How to set `tag`'s level in `.chunkgate.yml`, as the first lines of a `configure` part (the YAML fence left open). */
function levelYaml(tag: string): string[] {
  return [
    'Set its level in `.chunkgate.yml`, for every file or, under `overrides`, for some paths:',
    '',
    '```yaml',
    'rules:',
    `  ${tag}: warn # error | warn | off`,
    'overrides:',
    '  - paths: ["docs/reference/**"]',
    '    rules:',
    `      ${tag}: off`,
  ];
}

/** The `configure` part of a finding kind's page: its level under `rules:`, or the key that sets it. */
function findingConfigureMarkdown(tag: FindingTag): string {
  const rule = FINDING_RULES[tag];
  if (rule.levelSetting === null) return 'It has no level: it never gates, and it is listed whenever it happens.';
  if (rule.levelSetting !== 'rules') return LEVEL_WORDS[rule.levelSetting];
  return [
    ...levelYaml(tag),
    '```',
    '',
    `- \`error\`${rule.level === 'error' ? ' (default)' : ''}: reported; it gates as described above.`,
    '- `warn`: reported, never gating.',
    '- `off`: not reported.',
    '',
    'It is about a change, not about lines of one page, so `chunkgate-disable` comments do not name it.',
  ].join('\n');
}

/** The `facts` part of a rule's page: what it detects, severity, default level, cap, regression effect, what to do. */
export function ruleFactsMarkdown(tag: RuleTag): string {
  const rule = ruleMeta(tag);
  const cap = rule.cap === null ? 'no' : `yes, at ${rule.cap}`;
  return [
    rule.description,
    '',
    '| Judges | Severity | Default level | Caps the chunk score | First appearance on a changed chunk |',
    '|---|---|---|---|---|',
    `| ${JUDGES_WORDS[rule.judges]} | ${rule.severity} | ${rule.level} | ${cap} | ${REGRESSION_WORDS[rule.regression]} |`,
    '',
    `**What to do:** ${rule.advice}.`,
  ].join('\n');
}

/** The `configure` part of a rule's page: its level in the config (top level and overrides) and the inline comments. */
export function ruleConfigureMarkdown(tag: RuleTag): string {
  const rule = ruleMeta(tag);
  const warnCap = rule.cap === null ? '' : ' It still caps the chunk score (the score describes retrieval, which the level does not change).';
  return [
    ...levelYaml(tag),
    '```',
    '',
    `- \`error\`${rule.level === 'error' ? ' (default)' : ''}: reported; ${rule.regression === 'gates' ? 'a new finding on a changed chunk gates the pull request' : 'it gates only as part of a chunk or file regression'}.`,
    `- \`warn\`: reported, never gating.${warnCap}`,
    '- `off`: not reported, no cap, no regression.',
    '',
    'Or turn it off for a region of one page (in MDX, `{/* chunkgate-disable … */}`):',
    '',
    '```md',
    `<!-- chunkgate-disable ${tag} -->`,
    '…',
    `<!-- chunkgate-enable ${tag} -->`,
    '```',
    '',
    `\`<!-- chunkgate-disable-next-line ${tag} -->\` turns it off for findings on the line after the comment, \`<!-- chunkgate-disable-line ${tag} -->\` on the comment's own line, and \`<!-- chunkgate-disable-file ${tag} -->\` anywhere in a page for the whole page. A comment hides the rule's findings, not its cap on the chunk score. A pull request that adds such a comment or widens its region gets a \`rules-disabled\` finding, which fails the check unless the base config sets \`inlineDisables: report\` (listed only) or \`off\` (comments ignored).`,
  ].join('\n');
}

/** The table of rules in docs/rules.md: tag (linked to its page, beside it in docs/rules/), severity, what it detects, whether it caps and gates. */
export function rulesTableMarkdown(): string {
  const rows = RULE_TAGS.map((tag) => {
    const rule = ruleMeta(tag);
    const gates = rule.regression === 'gates' ? 'yes' : rule.regression === 'shown' ? 'shown' : 'no';
    return `| [\`${tag}\`](rules/${tag}.md) | ${rule.severity} | ${rule.description.replaceAll('|', '\\|')} | ${rule.cap ?? '—'} | ${gates} |`;
  });
  return ['| Rule | Severity | What it detects | Caps at | New finding gates |', '|---|---|---|---|---|', ...rows].join('\n');
}

/**
 * `text` with its generated `part` replaced by `generated` (kept between the part's markers);
 * `null` when `text` lacks the markers, so a caller says where they are missing instead of
 * writing somewhere else.
 */
export function withGeneratedPart(text: string, part: GeneratedPart, generated: string): string | null {
  const start = text.indexOf(partStart(part));
  const end = text.indexOf(partEnd(part), start + 1);
  if (start < 0 || end < 0) return null;
  return `${text.slice(0, start)}${partStart(part)}\n${generated}\n${text.slice(end)}`;
}

/** The table of finding kinds in docs/rules.md: tag (linked to its page), what it judges, severities, what it detects, when it gates. */
export function findingsTableMarkdown(): string {
  const rows = FINDING_TAGS.map((tag) => {
    const rule = FINDING_RULES[tag];
    return `| [\`${tag}\`](rules/${tag}.md) | ${rule.judges} | ${rule.severities.join(', ')} | ${rule.description.replaceAll('|', '\\|')} | ${rule.gates.replaceAll('|', '\\|')} |`;
  });
  return ['| Finding | Judges | Severity | What it detects | Gates |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** The generated parts of the page of `tag`, by part. */
export function rulePageParts(tag: RegistryTag): ReadonlyArray<readonly [GeneratedPart, string]> {
  return isRuleTag(tag)
    ? [
        ['facts', ruleFactsMarkdown(tag)],
        ['configure', ruleConfigureMarkdown(tag)],
      ]
    : [
        ['facts', findingFactsMarkdown(tag)],
        ['configure', findingConfigureMarkdown(tag)],
      ];
}

/** The page of `tag`, by its path in the repository. */
export const rulePagePath = (tag: RegistryTag): string => `docs/rules/${tag}.md`;
