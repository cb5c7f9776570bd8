import { repositoryFileUrl } from '../version.js';
import { FINDING_RULES, FINDING_TAGS, LEVELED_FINDING_TAGS, type FindingTag, type LeveledFindingTag } from './finding-rules.js';
import type { RuleLevel, Severity, SizeUnit } from './words.js';

/**
 * The most a chunk with lost source or a piece of a split table or code block may score
 * (docs/design.md#where-the-scores-come-from): the top of `fail`.
 */
export const HARD_CAP = 59;

/** Where the rule pages are published: `docs/rules/` at the major tag of the repository (src/version.ts). */
const RULE_DOCS_BASE = repositoryFileUrl('docs/rules/');

/**
 * What a rule's first appearance on a chunk aligned with the base side makes of that chunk
 * (docs/design.md#what-a-change-answers-for).
 */
export type RegressionEffect =
  /** A regression that gates unless the base side had the same problem (at level `warn`, it never gates). */
  | 'gates'
  /** A regression listed under "Worth a look": it never gates. */
  | 'shown'
  /** Nothing on its own (the chunk's score may still drop). */
  | 'none';

/** Everything chunkgate knows about one rule besides its check (markdownlint's one object per rule). */
export interface RuleMeta {
  /** What its check judges: one chunk (within its page), or the corpus (every page a run looks at). */
  judges: 'chunk' | 'corpus';
  /** Severity of its findings: high for lost or broken content, medium for cuts and redundancy that degrade answers, low for weaker signals. */
  severity: Severity;
  /** Its level when the config sets none. */
  level: RuleLevel;
  /** One line: what it detects. */
  description: string;
  /** Short advice for the writer, lower-case, for tables ("What to do") and for a finding without its own hint. */
  advice: string;
  /**
   * The hint a finding carries: one sentence, or a function of the case when the words depend on
   * it (the configured size, the kind of block). Renderers escape it (it may hold code spans).
   */
  hint: string | ((facts: never) => string);
  /** The most a chunk carrying it may score (`null`: no cap). */
  cap: number | null;
  /** What its first appearance on an aligned chunk is. */
  regression: RegressionEffect;
  /** The block kind a split rule is about (its pieces are grouped into one item of the report). */
  block?: 'table' | 'code';
  /** A rule about a chunk's size: a file with one of its findings gets a chart of its chunk sizes. */
  size?: true;
  /** What one finding is called in the verdict line, singular and plural. */
  label: readonly [one: string, many: string];
}

/** How a block kind a split rule is about is named in messages and hints. */
export const BLOCK_NOUN = { table: 'table', code: 'code block' } as const;
const NOUN = BLOCK_NOUN;

/** The hint of a split rule: for a piece of a block too big for `max`, or (`null`) for a boundary inside a block. */
const splitHint =
  (block: 'table' | 'code') =>
  (piece: { max: number; unit: SizeUnit } | null): string =>
    piece
      ? `The ${NOUN[block]} alone exceeds ${piece.max} ${piece.unit}: break it into smaller ${NOUN[block]}s (or raise max) so retrieval returns it whole.`
      : `Move the boundary before or after the ${NOUN[block]}: a partial ${NOUN[block]} answers questions wrongly.`;

/**
 * Every rule, in the order of the table in docs/rules.md: one entry per tag, and every other
 * table — severities, hints, tag sets, the `IssueTag` type, the rule table of docs/rules.md, the schema
 * descriptions, the pages under `docs/rules/` — derives from it. The order is the order of
 * tags on one line of a report.
 */
export const RULES = {
  'sentence-cut': {
    judges: 'chunk',
    severity: 'medium',
    level: 'error',
    description: 'A chunk ends in the middle of a sentence whose rest is in the next chunk.',
    advice: 'end the paragraph before the size limit, or give the passage its own heading',
    hint: 'Move the boundary to the end of the sentence or paragraph: the rest of it went to the next chunk.',
    cap: null,
    regression: 'none',
    label: ['sentence cut', 'sentences cut'],
  },
  'unclosed-bracket': {
    judges: 'chunk',
    severity: 'low',
    level: 'error',
    description: 'A chunk boundary falls inside a parenthesis or quotation, including the CJK pairs （）【】「」“”.',
    advice: 'keep the bracketed passage inside one paragraph',
    hint: 'Move the boundary outside the parenthesis or quotation so both sides stay in one chunk.',
    cap: null,
    regression: 'none',
    label: ['bracket cut', 'brackets cut'],
  },
  'table-split': {
    judges: 'chunk',
    severity: 'high',
    level: 'error',
    description: 'A chunk is a piece of a table too big for max, or a chunk boundary falls inside a table.',
    advice: 'split the table into smaller tables under their own headings, or raise `max` for this path in an override',
    hint: splitHint('table'),
    cap: HARD_CAP,
    regression: 'gates',
    block: 'table',
    label: ['table split', 'table splits'],
  },
  'code-fence-split': {
    judges: 'chunk',
    severity: 'high',
    level: 'error',
    description: 'A chunk is a piece of a code block too big for max, or a chunk boundary falls inside a code block.',
    advice: 'split the code block, link to a file, or raise `max` for this path in an override',
    hint: splitHint('code'),
    cap: HARD_CAP,
    regression: 'gates',
    block: 'code',
    label: ['code block split', 'code block splits'],
  },
  'orphan-heading': {
    judges: 'chunk',
    severity: 'medium',
    level: 'error',
    description: 'A chunk ends on a heading whose section text went to the next chunk, or holds only headings.',
    advice: 'give the heading body text, or fold it into the next section',
    hint: 'Keep the heading with the text below it: move the boundary before the heading (or give the section a body).',
    cap: null,
    regression: 'none',
    label: ['orphan heading', 'orphan headings'],
  },
  'empty-chunk': {
    judges: 'chunk',
    severity: 'high',
    level: 'error',
    description: 'A chunk holds only whitespace.',
    advice: 'remove the empty section or give it content',
    hint: 'Fix the chunker boundaries: an empty chunk wastes an index slot and can match any query.',
    cap: 0,
    regression: 'none',
    size: true,
    label: ['empty chunk', 'empty chunks'],
  },
  'tiny-chunk': {
    judges: 'chunk',
    severity: 'low',
    level: 'error',
    description: 'A chunk is smaller than `chunking.tiny` (default: 10% of max).',
    advice: 'merge the short section into its neighbour, or add the missing content',
    hint: 'Merge this text with its neighbour or its section: alone it carries too little context to be retrieved.',
    cap: null,
    regression: 'none',
    size: true,
    label: ['tiny chunk', 'tiny chunks'],
  },
  'oversize-chunk': {
    judges: 'chunk',
    severity: 'high',
    level: 'error',
    description: 'A chunk is larger than `chunking.max`.',
    advice: 'add subheadings so each section fits in `max`',
    hint: 'Split the section with a subheading or shorten it: embedders truncate or dilute oversized chunks.',
    cap: null,
    regression: 'gates',
    size: true,
    label: ['oversize chunk', 'oversize chunks'],
  },
  'duplicate-chunk': {
    judges: 'chunk',
    severity: 'medium',
    level: 'error',
    description: 'A chunk repeats the text of an earlier chunk of the page (whitespace aside).',
    advice: 'remove the repeated passage, or link to one copy',
    hint: 'Remove the repeated text or make it specific to this section: duplicates crowd other results out of the top k.',
    cap: null,
    regression: 'none',
    label: ['duplicate chunk', 'duplicate chunks'],
  },
  'near-duplicate': {
    judges: 'chunk',
    severity: 'low',
    level: 'error',
    description: 'A chunk shares at least 90% of its 3-word shingles with an earlier chunk of the page.',
    advice: 'remove the repeated passage, or link to one copy',
    hint: 'Merge the two passages or make each specific to its section: near duplicates crowd other results out of the top k.',
    cap: null,
    regression: 'none',
    label: ['near duplicate', 'near duplicates'],
  },
  'excess-overlap': {
    judges: 'chunk',
    severity: 'medium',
    level: 'error',
    description: 'A chunk repeats more of the previous chunk than the configured overlap allows.',
    advice: 'lower `chunking.overlap`',
    hint: (overlap: { target: number; unit: SizeUnit } | null): string =>
      overlap
        ? `Keep the overlap near the configured ${overlap.target} ${overlap.unit}: repeated text wastes tokens and returns the same passage twice.`
        : 'No overlap is configured here: check the chunker, which repeats text of the previous chunk.',
    cap: null,
    regression: 'none',
    label: ['excess overlap', 'excess overlaps'],
  },
  'missing-heading-context': {
    judges: 'chunk',
    severity: 'low',
    level: 'error',
    description: 'A chunk of a page with headings has no heading path and holds no heading.',
    advice: 'put the passage under a heading that names its subject',
    hint: 'Put a heading (or a front-matter title) above this text so the chunk says what it is about.',
    cap: null,
    regression: 'none',
    label: ['chunk without heading context', 'chunks without heading context'],
  },
  'source-loss': {
    judges: 'chunk',
    severity: 'high',
    level: 'error',
    description: 'Source text outside front matter is in no chunk.',
    advice: 'part of the source is in no chunk: check the chunking settings for this path',
    hint: 'No chunk holds this text, so retrieval can never return it: fix the chunker (or exclude the text on purpose).',
    cap: HARD_CAP,
    regression: 'gates',
    label: ['chunk losing source text', 'chunks losing source text'],
  },
  'unfindable-chunk': {
    judges: 'chunk',
    severity: 'low',
    level: 'error',
    description: "A chunk's own heading path and first sentence, as a BM25 query over its page, do not rank it in the top 3.",
    advice: 'open the section with a sentence that names its subject, or give it a specific heading',
    hint: 'Open the chunk with a sentence that names its subject (or give its section a specific heading): other chunks answer its own summary better.',
    cap: null,
    regression: 'shown',
    label: ['unfindable chunk', 'unfindable chunks'],
  },
  boilerplate: {
    judges: 'corpus',
    severity: 'low',
    level: 'error',
    description: 'A block of text is repeated on at least 3 pages and 10% of the pages a run looks at.',
    advice: 'strip repeated template text in your RAG pipeline, or keep one copy and link to it',
    hint: 'Strip repeated template text (footers, notices, boilerplate paragraphs) in your RAG pipeline, or keep one copy and link to it: every copy matches the same queries.',
    cap: null,
    regression: 'none',
    label: ['boilerplate block', 'boilerplate blocks'],
  },
} as const satisfies Record<string, RuleMeta>;

/** A rule's tag, as it appears on findings and in `rules:` of the config. */
export type RuleTag = keyof typeof RULES;

/** Every rule tag, in registry order. */
export const RULE_TAGS = Object.keys(RULES) as RuleTag[];

/** The rules about a chunk's size ({@link RuleMeta.size}). */
export const SIZE_RULE_TAGS: readonly RuleTag[] = RULE_TAGS.filter((tag) => (RULES[tag] as RuleMeta).size === true);

/** A tag whose level is set under `rules:` of the config: every chunk rule, and the finding kinds of a change that take a level there. */
export type LevelTag = RuleTag | LeveledFindingTag;

/** A level for every rule and every finding kind set under `rules:` (config resolved for one file). */
export type RuleLevels = Readonly<Record<LevelTag, RuleLevel>>;

/** Every tag `rules:` of the config takes, in registry order: the chunk rules, then the finding kinds that take a level there. */
export const LEVEL_TAGS: readonly LevelTag[] = [...RULE_TAGS, ...LEVELED_FINDING_TAGS];

/** Every tag of the registry: a chunk rule's or a finding kind's. Each has a page under `docs/rules/`. */
export type RegistryTag = RuleTag | FindingTag;

/** Every tag of the registry, in order: the chunk rules, then the finding kinds. */
export const REGISTRY_TAGS: readonly RegistryTag[] = [...RULE_TAGS, ...FINDING_TAGS];

/** The kind of a finding about a file or a section (`FileFinding.kind`): a finding kind, or a chunk rule whose new findings on a change are file findings. */
export type FindingKind = FindingTag | 'orphan-heading';

/** What `tag` judges: one chunk, the corpus, a base→head change, or one file as it is. */
export function ruleScope(tag: RegistryTag): 'chunk' | 'corpus' | 'change' | 'file' {
  return isRuleTag(tag) ? RULES[tag].judges : FINDING_RULES[tag].judges;
}

/** What one finding of `kind` is called in the verdict line, singular and plural. */
export function findingLabel(kind: FindingKind): readonly [one: string, many: string] {
  return isRuleTag(kind) ? RULES[kind].label : FINDING_RULES[kind].label;
}

/** The registry entry of `tag`, as the general {@link RuleMeta} shape. */
export function ruleMeta(tag: RuleTag): RuleMeta {
  return RULES[tag];
}

/** Whether `name` is a rule tag. */
export function isRuleTag(name: string): name is RuleTag {
  return Object.prototype.hasOwnProperty.call(RULES, name);
}

/** The URL of the rule's page (`docs/rules/<tag>.md` at the major tag). */
export function ruleDocsUrl(tag: RegistryTag): string {
  return `${RULE_DOCS_BASE}${tag}.md`;
}

/** Each rule's level (and each finding kind's set under `rules:`) when the config sets none. */
export const DEFAULT_RULE_LEVELS: RuleLevels = Object.fromEntries(
  LEVEL_TAGS.map((tag) => [tag, isRuleTag(tag) ? ruleMeta(tag).level : FINDING_RULES[tag].level]),
) as Record<LevelTag, RuleLevel>;
