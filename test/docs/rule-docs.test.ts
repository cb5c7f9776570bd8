/**
 * The rule pages (docs/rules/) and the rule table of docs/rules.md say what the registry says (`npm run rule-docs`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FINDING_TAGS } from '../../src/shared/finding-rules.js';
import { REGISTRY_TAGS, RULE_TAGS, RULES } from '../../src/shared/rules.js';
import { findingsTableMarkdown, partEnd, partStart, ruleConfigureMarkdown, ruleFactsMarkdown, rulePageParts, rulePagePath, rulesTableMarkdown, withGeneratedPart } from '../../src/metrics/rules/rule-docs.js';

const ROOT = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, ROOT), 'utf8');

describe('rule pages', () => {
  it('there is one page per rule and per finding kind, and none for anything else', () => {
    const pages = readdirSync(new URL('docs/rules/', ROOT)).filter((name) => name.endsWith('.md'));
    expect(pages.sort()).toEqual(REGISTRY_TAGS.map((tag) => `${tag}.md`).sort());
  });

  it.each(REGISTRY_TAGS)('%s: its generated parts are fresh (else: npm run rule-docs)', (tag) => {
    const page = read(rulePagePath(tag));
    let fresh: string | null = page;
    for (const [part, generated] of rulePageParts(tag)) fresh = fresh && withGeneratedPart(fresh, part, generated);
    expect(fresh).toBe(page);
  });

  it.each(REGISTRY_TAGS)('%s: has a title and the hand-written sections in order', (tag) => {
    // Headings inside the examples' code blocks are not the page's.
    const page = read(rulePagePath(tag)).replace(/^```[\s\S]*?^```$/gm, '```');
    const headings = [...page.matchAll(/^#{1,2} .*$/gm)].map((match) => match[0]);
    expect(headings).toEqual([`# \`${tag}\``, '## Why it hurts retrieval', '## Example', '## How to fix']);
    // Each hand-written section says something.
    for (const section of page.split(/^## /m).slice(1)) expect(section.replace(/<!--[\s\S]*?-->/g, '').trim().length).toBeGreaterThan(40);
  });

  it('the facts part carries the registry entry: description, severity, level, cap, regression effect, advice', () => {
    expect(ruleFactsMarkdown('table-split')).toBe(
      [
        RULES['table-split'].description,
        '',
        '| Judges | Severity | Default level | Caps the chunk score | First appearance on a changed chunk |',
        '|---|---|---|---|---|',
        '| a chunk | high | error | yes, at 59 | a regression that gates (unless the base side had it already) |',
        '',
        '**What to do:** split the table into smaller tables under their own headings, or raise `max` for this path in an override.',
      ].join('\n'),
    );
    expect(ruleFactsMarkdown('sentence-cut')).toContain('| medium | error | no | not a regression on its own (the chunk score may still drop) |');
    expect(ruleFactsMarkdown('unfindable-chunk')).toContain('| low | error | no | a regression listed under "Worth a look"; it never gates |');
    expect(ruleFactsMarkdown('boilerplate')).toContain('| the corpus | low |');
  });

  it('the page of a finding kind says what it judges, its severities, and where its level is set', () => {
    const [[, facts], [, configure]] = rulePageParts('heading-lost') as [[string, string], [string, string]];
    expect(facts).toContain('| a base→head change | high or medium | error | when the heading is gone from the head source (high);');
    expect(configure).toContain('  heading-lost: warn # error | warn | off');
    expect(configure).not.toContain('chunkgate-disable heading-lost');
    expect(rulePageParts('rules-disabled')[1]![1]).toMatch(/^Its level is `inlineDisables:`/);
    expect(rulePageParts('unchecked')[1]![1]).toMatch(/^Its level is `thresholds.unchecked:`/);
    expect(rulePageParts('frontmatter-too-large')[1]![1]).toBe('It has no level: it never gates, and it is listed whenever it happens.');
  });

  it('the configure part says what each level does for this rule, and how to disable it inline', () => {
    const split = ruleConfigureMarkdown('table-split');
    expect(split).toContain('  table-split: warn # error | warn | off');
    expect(split).toContain('- `error` (default): reported; a new finding on a changed chunk gates the pull request.');
    expect(split).toContain('It still caps the chunk score');
    expect(split).toContain('<!-- chunkgate-disable table-split -->\n…\n<!-- chunkgate-enable table-split -->');
    const tiny = ruleConfigureMarkdown('tiny-chunk');
    expect(tiny).toContain('- `error` (default): reported; it gates only as part of a chunk or file regression.');
    expect(tiny).not.toContain('caps');
  });
});

describe('withGeneratedPart', () => {
  const page = `# t\n\n${partStart('facts')}\nold\n${partEnd('facts')}\n\nkept\n`;

  it('replaces what lies between the markers and keeps the rest', () => {
    expect(withGeneratedPart(page, 'facts', 'new\nlines')).toBe(`# t\n\n${partStart('facts')}\nnew\nlines\n${partEnd('facts')}\n\nkept\n`);
  });

  it('is null when a marker is missing, so nothing is written elsewhere', () => {
    expect(withGeneratedPart(page, 'configure', 'x')).toBeNull();
    expect(withGeneratedPart(`${partStart('facts')}\nno end\n`, 'facts', 'x')).toBeNull();
  });
});

describe('the rule table of docs/rules.md', () => {
  it('is fresh (else: npm run rule-docs)', () => {
    const index = read('docs/rules.md');
    expect(withGeneratedPart(index, 'table', rulesTableMarkdown())).toBe(index);
  });

  it('has one row per rule, linked to its page, with severity, description, cap and gating', () => {
    const rows = rulesTableMarkdown().split('\n').slice(2);
    expect(rows).toHaveLength(RULE_TAGS.length);
    expect(rows[2]).toBe(`| [\`table-split\`](rules/table-split.md) | high | ${RULES['table-split'].description} | 59 | yes |`);
    expect(rows.at(-2)).toBe(`| [\`unfindable-chunk\`](rules/unfindable-chunk.md) | low | ${RULES['unfindable-chunk'].description} | — | shown |`);
    for (const tag of RULE_TAGS) expect(existsSync(new URL(rulePagePath(tag), ROOT))).toBe(true);
  });

  it('is followed by the table of finding kinds, fresh, one row per kind', () => {
    const index = read('docs/rules.md');
    expect(withGeneratedPart(index, 'findings-table', findingsTableMarkdown())).toBe(index);
    const rows = findingsTableMarkdown().split('\n').slice(2);
    expect(rows.map((row) => /^\| \[`([^`]+)`\]/.exec(row)?.[1])).toEqual(FINDING_TAGS);
  });
});
