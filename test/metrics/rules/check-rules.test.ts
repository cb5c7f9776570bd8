import { describe, expect, it } from 'vitest';
import { checkRules, RULE_SEVERITY } from '../../../src/metrics/rules/index.js';
import { build, draftAt, draftOf } from '../structural/fixture.js';

const source = [
  '# Guide', // 1
  '', // 2
  'Intro text that is long enough.', // 3
  '', // 4
  '## Setup', // 5
  '', // 6
  'Run the installer and', // 7
  'wait for it.', // 8
].join('\n');

describe('checkRules', () => {
  it('returns the issues of each chunk by index, sorted by line', () => {
    const input = build(
      source,
      [
        draftOf(source, '# Guide', 'long enough.', { headingPath: ['Guide'] }),
        draftOf(source, '## Setup', 'installer and', { headingPath: ['Guide', 'Setup'] }),
        draftOf(source, 'wait for it.', 'wait for it.', { headingPath: ['Guide', 'Setup'] }),
      ],
      { max: 100, tiny: 15 },
    );
    const issues = checkRules(input);
    expect(issues).toHaveLength(3);
    expect(issues[0]).toEqual([]);
    // chunk 1 ends mid-sentence on line 7; chunk 2 "wait for it." is 12 chars < tiny 15 (line 8)
    expect(issues[1]!.map((issue) => [issue.tag, issue.line])).toEqual([['sentence-cut', 7]]);
    expect(issues[2]!.map((issue) => [issue.tag, issue.line])).toEqual([['tiny-chunk', 8]]);
  });

  it('orders issues on one chunk by line, then by tag', () => {
    const text = 'Alpha beta gamma delta.\n\nAlpha beta gamma delta.';
    // chunk 1 duplicates chunk 0 and is below tiny 30: same line → tag order (tiny-chunk before duplicate-chunk)
    const input = build(text, [draftAt(0, 23), draftAt(25, 48)], { tiny: 30 });
    expect(checkRules(input)[1]!.map((issue) => issue.tag)).toEqual(['tiny-chunk', 'duplicate-chunk']);
  });

  it('gives every tag its documented severity', () => {
    expect(RULE_SEVERITY).toEqual({
      'sentence-cut': 'medium',
      'unclosed-bracket': 'low',
      'table-split': 'high',
      'code-fence-split': 'high',
      'orphan-heading': 'medium',
      'empty-chunk': 'high',
      'tiny-chunk': 'low',
      'oversize-chunk': 'high',
      'duplicate-chunk': 'medium',
      'near-duplicate': 'low',
      'excess-overlap': 'medium',
      'missing-heading-context': 'low',
      'source-loss': 'high',
      'unfindable-chunk': 'low',
      boilerplate: 'low',
    });
  });
});
