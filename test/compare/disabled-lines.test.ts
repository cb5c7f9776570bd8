/**
 * Disable regions (docs/rules.md#rule-levels-and-disable-comments) a change adds or widens,
 * found by comparing disabled lines through the line diff.
 */
import { describe, expect, it } from 'vitest';
import { lineCount, newlyDisabled } from '../../src/compare/disabled-lines.js';
import { rulesDisabled } from '../../src/compare/findings/rules-disabled.js';
import { headLineOrigins } from '../../src/compare/line-map.js';
import { parseMarkdown } from '../../src/markdown/parse.js';
import { inlineDisables } from '../../src/metrics/rules/inline-disables.js';

const lines = (...text: string[]) => `${text.join('\n')}\n`;
const doc = (source: string) => parseMarkdown('docs/page.md', source).doc;

/** The regions that grew from `base` to `head`, computed from the parsed comments of both. */
function grown(base: string, head: string) {
  const before = inlineDisables('docs/page.md', doc(base).ruleComments);
  const after = inlineDisables('docs/page.md', doc(head).ruleComments);
  return newlyDisabled(before, after, headLineOrigins(base, head), lineCount(head));
}

/** The rules-disabled findings of a change, as the compare step makes them. */
function findings(base: string | null, head: string, inlineDisablesPolicy?: 'gate' | 'report' | 'off') {
  return rulesDisabled({
    path: 'docs/page.md',
    status: base === null ? 'added' : 'modified',
    ...(base !== null ? { baseDoc: doc(base), baseSource: base } : {}),
    headDoc: doc(head),
    headSource: head,
    matches: [],
    ...(inlineDisablesPolicy ? { inlineDisables: inlineDisablesPolicy } : {}),
  });
}

const DISABLE = '<!-- chunkgate-disable table-split -->';
const ENABLE = '<!-- chunkgate-enable table-split -->';
// Lines 1–10: a region (2–5) around the first table, a second table after it.
const BASE = lines('# Page', DISABLE, '| a | b |', '|---|---|', '| 1 | 2 |', ENABLE, 'Tail text.', '| c | d |', '|---|---|', '| 3 | 4 |');

describe('lineCount', () => {
  it('counts lines as the line diff does: a final newline ends the last line', () => {
    expect([lineCount(''), lineCount('a'), lineCount('a\n'), lineCount('a\nb'), lineCount('a\n\nb\n')]).toEqual([0, 1, 1, 2, 3]);
  });
});

describe('newlyDisabled', () => {
  it('a comment the change adds: every line of its region, none disabled on the base side', () => {
    const base = lines('# Page', 'Intro text.', '| a | b |', '|---|---|', '| 1 | 2 |');
    const head = lines('# Page', 'Intro text.', DISABLE, '| a | b |', '|---|---|', '| 1 | 2 |');
    // The region runs from the comment (L3) to the end of the page (L6).
    expect(grown(base, head)).toEqual([{ comment: 3, rules: ['table-split'], lines: [3, 4, 5, 6] }]);
  });

  it('deleting only the enable line: the region now runs over the tail, and only the tail counts', () => {
    const head = lines('# Page', DISABLE, '| a | b |', '|---|---|', '| 1 | 2 |', 'Tail text.', '| c | d |', '|---|---|', '| 3 | 4 |');
    // Head L2–L5 come from base L2–L5, disabled there; head L6–L9 come from base L7–L10, which were not.
    expect(grown(BASE, head)).toEqual([{ comment: 2, rules: ['table-split'], lines: [6, 7, 8, 9] }]);
  });

  it('moving the disable/enable pair from the first table to the second: the second table counts', () => {
    const head = lines('# Page', '| a | b |', '|---|---|', '| 1 | 2 |', 'Tail text.', DISABLE, '| c | d |', '|---|---|', '| 3 | 4 |', ENABLE);
    // Head region L6–L9: the moved comment (added after base L7, not disabled) and head L7–L9 from base L8–L10 (not disabled).
    expect(grown(BASE, head)).toEqual([{ comment: 6, rules: ['table-split'], lines: [6, 7, 8, 9] }]);
  });

  it('naming one more rule in an old comment: that rule counts on the whole region', () => {
    const head = BASE.replace(DISABLE, '<!-- chunkgate-disable table-split sentence-cut -->').replace(ENABLE, '<!-- chunkgate-enable table-split sentence-cut -->');
    expect(grown(BASE, head)).toEqual([{ comment: 2, rules: ['sentence-cut'], lines: [2, 3, 4, 5] }]);
  });

  it('an unchanged region is not a finding, also when text above it moves it down', () => {
    expect(grown(BASE, BASE)).toEqual([]);
    const shifted = lines('# Page', 'A new first paragraph.', DISABLE, '| a | b |', '|---|---|', '| 1 | 2 |', ENABLE, 'Tail text.', '| c | d |', '|---|---|', '| 3 | 4 |');
    expect(grown(BASE, shifted)).toEqual([]);
  });

  it('a typo fixed elsewhere in a page with a region, or inside it, is silent', () => {
    expect(grown(BASE, BASE.replace('Tail text.', 'Tail text, fixed.'))).toEqual([]);
    expect(grown(BASE, BASE.replace('| 1 | 2 |', '| 1 | 3 |'))).toEqual([]);
    const file = lines('# Page', '<!-- chunkgate-disable-file -->', 'Some text with a tpyo.', '', 'More text.');
    expect(grown(file, file.replace('tpyo', 'typo'))).toEqual([]);
  });

  it('a line added inside an old region counts (no reviewer saw it under the comment); one added after its end does not', () => {
    const inside = lines('# Page', DISABLE, '| a | b |', '|---|---|', '| 1 | 2 |', '| 5 | 6 |', ENABLE, 'Tail text.', '| c | d |', '|---|---|', '| 3 | 4 |');
    // Head L6 has no base line; L2–L5 come from base L2–L5, disabled there.
    expect(grown(BASE, inside)).toEqual([{ comment: 2, rules: ['table-split'], lines: [6] }]);
    // A line added after the enable line is outside the head region: nothing newly disabled.
    const after = lines('# Page', DISABLE, '| a | b |', '|---|---|', '| 1 | 2 |', ENABLE, 'New text.', 'Tail text.', '| c | d |', '|---|---|', '| 3 | 4 |');
    expect(grown(BASE, after)).toEqual([]);
  });

  it('a disable-file comment added at the top counts for every rule on every line, grouped under it', () => {
    const base = lines('# Page', 'Text.');
    const [region] = grown(base, lines('<!-- chunkgate-disable-file -->', '# Page', 'Text.'));
    expect(region!.comment).toBe(1);
    expect(region!.lines).toEqual([1, 2, 3]);
    expect(region!.rules).toContain('table-split');
    expect(region!.rules).toContain('sentence-cut');
  });
});

describe('newlyDisabled with disable-line and disable-next-line', () => {
  const NEXT = '<!-- chunkgate-disable-next-line table-split -->';
  const base = lines('# Page', 'Intro text.', '| a | b |', '|---|---|', '| 1 | 2 |');

  it('a disable-next-line comment the change adds: the one line after it, grouped under the comment', () => {
    const head = lines('# Page', 'Intro text.', NEXT, '| a | b |', '|---|---|', '| 1 | 2 |');
    expect(grown(base, head)).toEqual([{ comment: 3, rules: ['table-split'], lines: [4] }]);
  });

  it('a disable-line comment the change adds at the end of a line: that line only', () => {
    const head = lines('# Page', 'Intro text. <!-- chunkgate-disable-line sentence-cut -->', '| a | b |', '|---|---|', '| 1 | 2 |');
    expect(grown(base, head)).toEqual([{ comment: 2, rules: ['sentence-cut'], lines: [2] }]);
  });

  it('an unchanged disable-next-line above an unchanged line is silent; a line the change slips in under it counts', () => {
    const old = lines('# Page', 'Intro text.', NEXT, '| a | b |', '|---|---|', '| 1 | 2 |');
    expect(grown(old, old.replace('Intro text.', 'Intro text, fixed.'))).toEqual([]);
    // The comment now stands above a new table: base L4 (the old table's first line) was disabled, head L4 is new.
    const slipped = lines('# Page', 'Intro text.', NEXT, '| x | y |', '|---|---|', '| 9 | 9 |', '', '| a | b |', '|---|---|', '| 1 | 2 |');
    expect(grown(old, slipped)).toEqual([{ comment: 3, rules: ['table-split'], lines: [4] }]);
  });

  it('a disable-line inside a region the change adds counts once, for the region', () => {
    const head = lines('# Page', DISABLE, 'Intro text. <!-- chunkgate-disable-line table-split -->', '| a | b |', '|---|---|', '| 1 | 2 |');
    expect(grown(lines('# Page', 'Intro text.', '| a | b |', '|---|---|', '| 1 | 2 |'), head)).toEqual([{ comment: 2, rules: ['table-split'], lines: [2, 3, 4, 5, 6] }]);
  });

  it('fails closed when the line diff gives up: every line the comments disable counts as new', () => {
    const head = lines('# Page', 'Intro text.', NEXT, '| a | b |', '|---|---|', '| 1 | 2 |');
    // The same comment on both sides: with the diff, nothing grew; without it (null), its line counts.
    const disables = inlineDisables('docs/page.md', doc(head).ruleComments);
    expect(newlyDisabled(disables, disables, headLineOrigins(head, head), lineCount(head))).toEqual([]);
    expect(newlyDisabled(disables, disables, null, lineCount(head))).toEqual([{ comment: 3, rules: ['table-split'], lines: [4] }]);
  });
});

describe('rulesDisabled (the finding)', () => {
  it('a comment the change adds: origin new, gating, high, with the lines it covers', () => {
    const head = lines('# Page', 'Intro text.', DISABLE, '| a | b |', '|---|---|', '| 1 | 2 |');
    expect(findings(lines('# Page', 'Intro text.', '| a | b |', '|---|---|', '| 1 | 2 |'), head)).toEqual([
      {
        kind: 'rules-disabled',
        origin: 'new',
        gating: true,
        severity: 'high',
        message: 'A `chunkgate-disable` comment this change adds turns off `table-split` on 4 lines (L3–L6): their findings there are not reported',
        hint: 'a reviewer should agree that these findings do not matter here: remove the comment (or restore its `chunkgate-enable`), or set `inlineDisables: report` in the base branch config to list such comments without failing',
        line: 3,
        endLine: 6,
        actual: 4,
      },
    ]);
  });

  it('a widened region: origin worsened, at the unchanged comment', () => {
    const head = lines('# Page', DISABLE, '| a | b |', '|---|---|', '| 1 | 2 |', 'Tail text.', '| c | d |', '|---|---|', '| 3 | 4 |');
    expect(findings(BASE, head)).toMatchObject([
      {
        origin: 'worsened',
        gating: true,
        line: 2,
        endLine: 9,
        message: 'This change widens the region of the `chunkgate-disable` comment at L2: it now also turns off `table-split` on 4 lines (L6–L9) it did not cover on the base branch: their findings there are not reported',
      },
    ]);
  });

  it('an added page with a disable-file comment: every rule on every line', () => {
    expect(findings(null, lines('<!-- chunkgate-disable-file -->', '# Page', 'Text.'))).toMatchObject([
      { origin: 'new', gating: true, line: 1, endLine: 3, message: 'A `chunkgate-disable-file` comment this change adds turns off every rule on 3 lines (L1–L3): their findings there are not reported' },
    ]);
  });

  it('a disable-next-line or disable-line comment the change adds gates like a disable comment, named as written', () => {
    const base = lines('# Page', 'Intro text.', '| a | b |', '|---|---|', '| 1 | 2 |');
    const next = lines('# Page', 'Intro text.', '<!-- chunkgate-disable-next-line table-split -->', '| a | b |', '|---|---|', '| 1 | 2 |');
    expect(findings(base, next)).toEqual([
      {
        kind: 'rules-disabled',
        origin: 'new',
        gating: true,
        severity: 'high',
        message: 'A `chunkgate-disable-next-line` comment this change adds turns off `table-split` on 1 line (L4): their findings there are not reported',
        hint: 'a reviewer should agree that these findings do not matter here: remove the comment, or set `inlineDisables: report` in the base branch config to list such comments without failing',
        line: 3,
        endLine: 4,
        actual: 1,
      },
    ]);
    const same = lines('# Page', 'Intro text. <!-- chunkgate-disable-line -->', '| a | b |', '|---|---|', '| 1 | 2 |');
    expect(findings(base, same)).toMatchObject([
      { origin: 'new', gating: true, line: 2, endLine: 2, message: 'A `chunkgate-disable-line` comment this change adds turns off every rule on 1 line (L2): their findings there are not reported' },
    ]);
    expect(findings(base, next, 'report')).toMatchObject([{ gating: false, severity: 'low' }]);
    expect(findings(base, next, 'off')).toEqual([]);
  });

  it('inlineDisables: report lists it without gating; off finds nothing', () => {
    const head = lines('# Page', '<!-- chunkgate-disable-file table-split -->', 'Text.');
    expect(findings(lines('# Page', 'Text.'), head, 'report')).toMatchObject([{ origin: 'new', gating: false, severity: 'low', line: 2, endLine: 3 }]);
    expect(findings(lines('# Page', 'Text.'), head, 'off')).toEqual([]);
  });

  it('a pre-existing comment, a comment naming only unknown rules, and an enable are no findings', () => {
    expect(findings(BASE, BASE.replace('Tail text.', 'Tail text, fixed.'))).toEqual([]);
    expect(findings(lines('# Page', 'Text.'), lines('# Page', '<!-- chunkgate-disable tabel-split -->', 'Text.'))).toEqual([]);
    expect(findings(lines('# Page', 'Text.'), lines('# Page', ENABLE, 'Text.'))).toEqual([]);
  });
});
