import type { RuleLevel, Severity } from './words.js';

/**
 * Where a finding kind's level is set: `rules` — under `rules:` of the config (and its overrides),
 * like a chunk rule; otherwise the config key that already decides what its findings do
 * (`inlineDisables`, `thresholds.unchecked`, `retrieval.probes`); `null` — nothing (it never gates).
 */
export type LevelSetting = 'rules' | 'inlineDisables' | 'thresholds.unchecked' | 'retrieval.probes' | null;

/**
 * Everything chunkgate knows about a finding kind that no chunk check makes: a base→head change
 * (`change`) or a file that could not be read whole (`file`). The finders in `src/compare/`
 * (and `src/probes/findings.ts`) decide each finding's severity and whether it gates; this says
 * what they can say, for the docs, the config and the report's labels.
 */
export interface FindingRuleMeta {
  /** What it judges: a base→head change, or one file as it is. */
  judges: 'change' | 'file';
  /** The severities its findings carry, highest first (which one depends on the case). */
  severities: readonly Severity[];
  /** Its level when the config sets none. */
  level: RuleLevel;
  /** Where its level is set ({@link LevelSetting}). */
  levelSetting: LevelSetting;
  /** One line: what it detects. */
  description: string;
  /** One line: when a finding gates (at the default level). */
  gates: string;
  /** Short advice for the writer, lower-case. */
  advice: string;
  /** What one finding is called in the verdict line, singular and plural. */
  label: readonly [one: string, many: string];
}

/**
 * The finding kinds of a report besides the chunk rules' tags, in the order of the report's
 * `FileFinding.kind` (`orphan-heading`, a chunk rule whose new findings on a change are also
 * file findings, sits between `lead-in-cut` and `rules-disabled` there).
 */
export const FINDING_RULES = {
  unchecked: {
    judges: 'file',
    severities: ['high', 'low'],
    level: 'error',
    levelSetting: 'thresholds.unchecked',
    description: 'A file could not be checked: unreadable, binary, not UTF-8, too large, over its time budget, or the parser or chunker failed.',
    gates: 'a head file that cannot be checked fails the run whatever `failOn` says (`thresholds.unchecked: warn` lists it instead); a base side that cannot be checked is listed (low)',
    advice: 'fix what the message names, or raise the limit it quotes under `limits:`',
    label: ['file not checked', 'files not checked'],
  },
  'frontmatter-too-large': {
    judges: 'file',
    severities: ['medium'],
    level: 'error',
    levelSetting: null,
    description: "A page's front matter is above the parser's limit, so it is not read for the page's title.",
    gates: 'never: it is listed',
    advice: 'keep front matter to metadata (title, description, tags); move data into the page body or a data file',
    label: ['front matter too large to read', 'front matters too large to read'],
  },
  'text-removed': {
    judges: 'change',
    severities: ['high', 'low'],
    level: 'error',
    levelSetting: 'rules',
    description: 'Retrievable text (at least 50 tokens, net) left a section of the page: the index no longer holds it.',
    gates: 'when a line that stands in for content kept elsewhere (a component, a shortcode, an include) replaced it (high); a section deleted or a passage shortened is listed (low)',
    advice: 'keep the text in the Markdown, or check that it lives on another page',
    label: ['passage that left the index', 'passages that left the index'],
  },
  'page-removed': {
    judges: 'change',
    severities: ['low'],
    level: 'error',
    levelSetting: 'rules',
    description: 'A page was deleted: its chunks leave the index.',
    gates: 'never: a deletion is a decision the diff already shows; it is listed',
    advice: "redirect or link the old page's topics to where they live now",
    label: ['page removed', 'pages removed'],
  },
  'heading-lost': {
    judges: 'change',
    severities: ['high', 'medium'],
    level: 'error',
    levelSetting: 'rules',
    description: "A heading that named chunks on the base side is in no head chunk's heading path, while most of its section's text is still there.",
    gates: 'when the heading is gone from the head source (high); a short section merged by the chunker under its neighbour is listed (medium)',
    advice: 'restore the heading, or split the section; a short section needs enough text to stand alone',
    label: ['heading lost', 'headings lost'],
  },
  'lead-in-cut': {
    judges: 'change',
    severities: ['medium', 'low'],
    level: 'error',
    levelSetting: 'rules',
    description: 'A chunk ends on a sentence that introduces a list or table, and the list or table starts the next chunk.',
    gates: 'when the lead-in and the block would fit in one chunk and the base side did not cut them (medium); a cut forced by size is listed (low)',
    advice: 'keep the lead-in sentence and its list or table in one chunk: shorten the passage before it, or give the block its own heading',
    label: ['list cut from its lead-in', 'lists cut from their lead-in'],
  },
  'rules-disabled': {
    judges: 'change',
    severities: ['high', 'low'],
    level: 'error',
    levelSetting: 'inlineDisables',
    description: 'The change adds a `chunkgate-disable` comment, or widens the region of one, so that rules are off on lines where they were on.',
    gates: 'with `inlineDisables: gate` (default) it fails the run whatever `failOn` says (high); with `report` it is listed (low); with `off` there is none',
    advice: 'a reviewer should agree that the hidden findings do not matter here, or the comment goes',
    label: ['disable comment added by this PR', 'disable comments added by this PR'],
  },
  'retrieval-regression': {
    judges: 'change',
    severities: ['high', 'medium'],
    level: 'error',
    levelSetting: 'retrieval.probes',
    description: "A passage the change kept is harder to find: its retrieval probes rank it lower, or out of the context budget.",
    gates: 'when the loss was measured right three times in four (high); the others are listed (medium); `retrieval.probes: off` runs no probes',
    advice: 'open the passage with a sentence that names its subject, or keep it in one chunk with its heading',
    label: ['passage harder to find', 'passages harder to find'],
  },
} as const satisfies Record<string, FindingRuleMeta>;

/** A finding kind of {@link FINDING_RULES}. */
export type FindingTag = keyof typeof FINDING_RULES;

/** Every finding kind of {@link FINDING_RULES}, in registry order. */
export const FINDING_TAGS = Object.keys(FINDING_RULES) as FindingTag[];

/** The finding kinds whose level is set under `rules:` of the config. */
export type LeveledFindingTag = { [T in FindingTag]: (typeof FINDING_RULES)[T]['levelSetting'] extends 'rules' ? T : never }[FindingTag];

/** The finding kinds whose level is set under `rules:`, in registry order. */
export const LEVELED_FINDING_TAGS: readonly LeveledFindingTag[] = FINDING_TAGS.filter((tag): tag is LeveledFindingTag => FINDING_RULES[tag].levelSetting === 'rules');

/** Whether `name` is a finding kind of {@link FINDING_RULES}. */
function isFindingTag(name: string): name is FindingTag {
  return Object.prototype.hasOwnProperty.call(FINDING_RULES, name);
}

/** Whether `name` is a finding kind whose level is set under `rules:`. */
export function isLeveledFindingTag(name: string): name is LeveledFindingTag {
  return isFindingTag(name) && FINDING_RULES[name].levelSetting === 'rules';
}
