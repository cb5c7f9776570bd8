import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { HARD_CAP_TAGS } from '../../../src/engine/overall.js';
import { HIGH_TAGS } from '../../../src/compare/regressions.js';
import { finding } from '../../../src/metrics/rules/finding.js';
import { FINDING_TAGS, LEVELED_FINDING_TAGS, type FindingTag } from '../../../src/shared/finding-rules.js';
import { DEFAULT_RULE_LEVELS, findingLabel, HARD_CAP, REGISTRY_TAGS, RULE_TAGS, RULES, ruleDocsUrl, ruleScope, type RuleTag } from '../../../src/shared/rules.js';
import { RULE_SEVERITY } from '../../../src/metrics/rules/severity.js';
import { GATING_TAGS, SCORE_CAPS, SHOWN_TAGS, SPLIT_RULE, SPLIT_TAGS } from '../../../src/metrics/rules/tag-sets.js';
import { TAG_HINTS } from '../../../src/report/hints.js';
import type { FileFinding, IssueTag } from '../../../src/types.js';

const SRC = new URL('../../../src/', import.meta.url).pathname;

describe('the rule registry', () => {
  it('is the IssueTag type', () => {
    expectTypeOf<IssueTag>().toEqualTypeOf<RuleTag>();
    expectTypeOf<IssueTag>().toEqualTypeOf<keyof typeof RULES>();
  });

  it('lists the fifteen rules in report order', () => {
    expect(RULE_TAGS).toEqual([
      'sentence-cut',
      'unclosed-bracket',
      'table-split',
      'code-fence-split',
      'orphan-heading',
      'empty-chunk',
      'tiny-chunk',
      'oversize-chunk',
      'duplicate-chunk',
      'near-duplicate',
      'excess-overlap',
      'missing-heading-context',
      'source-loss',
      'unfindable-chunk',
      'boilerplate',
    ]);
  });

  it('derives the severity table', () => {
    expect(Object.keys(RULE_SEVERITY)).toEqual(RULE_TAGS);
    for (const tag of RULE_TAGS) expect(RULE_SEVERITY[tag]).toBe(RULES[tag].severity);
    expect(RULE_TAGS.filter((tag) => RULE_SEVERITY[tag] === 'high')).toEqual(['table-split', 'code-fence-split', 'empty-chunk', 'oversize-chunk', 'source-loss']);
  });

  it('derives the advice table of the report', () => {
    for (const tag of RULE_TAGS) expect(TAG_HINTS[tag]).toBe(RULES[tag].advice);
  });

  it('derives the gating, shown, split and capping tag sets', () => {
    expect(HIGH_TAGS).toEqual(['table-split', 'code-fence-split', 'oversize-chunk', 'source-loss']);
    expect(GATING_TAGS).toBe(HIGH_TAGS);
    expect(SHOWN_TAGS).toEqual(['unfindable-chunk']);
    expect(SPLIT_TAGS).toEqual(['table-split', 'code-fence-split']);
    expect(SPLIT_RULE).toEqual({ table: 'table-split', code: 'code-fence-split' });
    expect([...SCORE_CAPS]).toEqual([
      ['table-split', 59],
      ['code-fence-split', 59],
      ['empty-chunk', 0],
      ['source-loss', 59],
    ]);
    expect([...HARD_CAP_TAGS].sort()).toEqual(['code-fence-split', 'source-loss', 'table-split']);
    expect(HARD_CAP).toBe(59);
  });

  it('gives every rule level error by default, a one-line description, advice, a label and a page', () => {
    for (const tag of RULE_TAGS) {
      const rule = RULES[tag];
      expect(DEFAULT_RULE_LEVELS[tag]).toBe('error');
      expect(rule.description).toMatch(/^[A-Z].*\.$/);
      expect(rule.description).not.toContain('\n');
      expect(rule.advice).toMatch(/^[a-z]/);
      expect(rule.label[0]).not.toBe(rule.label[1]);
      expect(ruleDocsUrl(tag)).toBe(`https://github.com/chunkgate/chunkgate/blob/v0/docs/rules/${tag}.md`);
    }
  });

  it('keeps the case-specific hints as functions with their wording', () => {
    expect(RULES['table-split'].hint({ max: 512, unit: 'tokens' })).toBe(
      'The table alone exceeds 512 tokens: break it into smaller tables (or raise max) so retrieval returns it whole.',
    );
    expect(RULES['code-fence-split'].hint(null)).toBe('Move the boundary before or after the code block: a partial code block answers questions wrongly.');
    expect(RULES['excess-overlap'].hint({ target: 64, unit: 'chars' })).toBe(
      'Keep the overlap near the configured 64 chars: repeated text wastes tokens and returns the same passage twice.',
    );
    expect(RULES['excess-overlap'].hint(null)).toBe('No overlap is configured here: check the chunker, which repeats text of the previous chunk.');
  });

  it('gives a finding its static hint unless the rule passes one', () => {
    expect(finding(0, 'tiny-chunk', { message: 'm', line: 3 }).issue).toEqual({
      tag: 'tiny-chunk',
      severity: 'low',
      message: 'm',
      line: 3,
      hint: RULES['tiny-chunk'].hint,
    });
    expect(finding(0, 'table-split', { message: 'm', line: 3, hint: 'own' }).issue.hint).toBe('own');
    expect(finding(0, 'table-split', { message: 'm', line: 3 }).issue.hint).toBeUndefined();
  });
});

/** Every `.ts` file under `dir`, relative to `src/`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') ? [relative(SRC, path)] : [];
  });
}

/** The rule tags a TypeScript text names in string literals, comments left out. */
function tagsIn(source: string): RuleTag[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/[^\n]*/g, '$1');
  return RULE_TAGS.filter((tag) => new RegExp(`(['"])${tag}\\1`).test(code));
}

/**
 * The tags a source file may name outside the registry, and why: a rule module names the tags it
 * emits; a few places act on one rule's findings (as data, not as a list of rules).
 */
const ALLOWED: Readonly<Record<string, readonly RuleTag[]>> = {
  'metrics/rules/sentence-cut.ts': ['sentence-cut'],
  'metrics/rules/unclosed-bracket.ts': ['unclosed-bracket'],
  'metrics/rules/split-blocks.ts': ['code-fence-split'],
  'metrics/rules/orphan-heading.ts': ['orphan-heading'],
  'metrics/rules/size-rules.ts': ['empty-chunk', 'tiny-chunk', 'oversize-chunk'],
  'metrics/rules/duplicate-chunk.ts': ['duplicate-chunk'],
  'metrics/rules/near-duplicate.ts': ['near-duplicate'],
  'metrics/rules/excess-overlap.ts': ['excess-overlap'],
  'metrics/rules/missing-heading-context.ts': ['missing-heading-context'],
  'metrics/rules/source-loss.ts': ['source-loss'],
  'metrics/rules/unfindable-chunk.ts': ['unfindable-chunk'],
  'metrics/boilerplate.ts': ['boilerplate'],
  // The section finding made from the rule's findings, and the finding kind of the same name.
  'compare/findings/orphan-heading.ts': ['orphan-heading'],
  'compare/findings/index.ts': ['orphan-heading'],
  // Picks the unfindable-chunk issue of a regression whose reason is `unfindable`.
  'report/explain.ts': ['unfindable-chunk'],
};

describe('the finding kinds of the registry', () => {
  it('are every kind a FileFinding can carry besides orphan-heading, each with what it judges', () => {
    expectTypeOf<FileFinding['kind']>().toEqualTypeOf<FindingTag | 'orphan-heading'>();
    expect(FINDING_TAGS).toEqual(['unchecked', 'frontmatter-too-large', 'text-removed', 'page-removed', 'heading-lost', 'lead-in-cut', 'rules-disabled', 'retrieval-regression']);
    expect(REGISTRY_TAGS).toEqual([...RULE_TAGS, ...FINDING_TAGS]);
    expect(Object.fromEntries(REGISTRY_TAGS.map((tag) => [tag, ruleScope(tag)]))).toMatchObject({ 'table-split': 'chunk', boilerplate: 'corpus', 'heading-lost': 'change', unchecked: 'file' });
    expect(findingLabel('orphan-heading')).toEqual(RULES['orphan-heading'].label);
    expect(findingLabel('heading-lost')).toEqual(['heading lost', 'headings lost']);
  });

  it('take a level under rules: when their level is set there, default error', () => {
    expect(LEVELED_FINDING_TAGS).toEqual(['text-removed', 'page-removed', 'heading-lost', 'lead-in-cut']);
    expect(Object.keys(DEFAULT_RULE_LEVELS)).toEqual([...RULE_TAGS, ...LEVELED_FINDING_TAGS]);
    for (const tag of LEVELED_FINDING_TAGS) expect(DEFAULT_RULE_LEVELS[tag]).toBe('error');
  });
});

describe('nothing but the registry hard-codes rule tags', () => {
  it('names in code only the tags a file is allowed (a new tag list elsewhere fails here)', () => {
    const files = sources(SRC).filter((file) => file !== 'shared/rules.ts');
    expect(files.length).toBeGreaterThan(100);
    const offenders: Record<string, RuleTag[]> = {};
    for (const file of files) {
      const extra = tagsIn(readFileSync(join(SRC, file), 'utf8')).filter((tag) => !ALLOWED[file]?.includes(tag));
      if (extra.length > 0) offenders[file] = extra;
    }
    expect(offenders, 'name these tags through the registry (src/shared/rules.ts) instead').toEqual({});
  });

  it('sees tags in string literals of code, not in comments', () => {
    expect(tagsIn("// 'sentence-cut'\n/** `oversize-chunk`, 'tiny-chunk' */\nconst T = { 'table-split': 1, \"source-loss\": 2 };")).toEqual(['table-split', 'source-loss']);
  });
});
