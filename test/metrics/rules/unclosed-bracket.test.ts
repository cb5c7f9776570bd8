import { describe, expect, it } from 'vitest';
import { checkUnclosedBrackets } from '../../../src/metrics/rules/unclosed-bracket.js';
import { build, draftOf } from '../structural/fixture.js';

describe('checkUnclosedBrackets', () => {
  it('flags both chunks around a cut parenthesis, on the line of the cut bracket', () => {
    const source = ['Intro (see the guide', 'for details) ends here.', '', 'Other [link](https://x.test/a_(b)) text.'].join('\n');
    const input = build(source, [
      draftOf(source, 'Intro', 'the guide'),
      draftOf(source, 'for details', 'ends here.'),
      draftOf(source, 'Other', 'text.'),
    ]);
    const findings = checkUnclosedBrackets(input);
    expect(findings.map((f) => [f.chunk, f.issue.line, f.issue.severity, f.issue.actual])).toEqual([
      [0, 1, 'low', 1],
      [1, 2, 'low', 1],
    ]);
    expect(findings[0]!.issue.message).toBe('Unexpected unclosed `(`, expected its `)` in the same chunk');
  });

  it('checks the CJK pairs （） 【】 「」 “”', () => {
    const source = ['说明（见下文', '第二行）。', '', '他说“你好', '再见”。', '', '【注意】和「引用」都完整。'].join('\n');
    const input = build(source, [
      draftOf(source, '说明', '见下文'),
      draftOf(source, '第二行', '他说“你好'),
      draftOf(source, '再见', '都完整。'),
    ]);
    // chunk 0: （ without ）; chunk 1: ） without （ (line 2) and “ without ” (line 4) → first is line 2, 2 cut pairs;
    // chunk 2: ” without “ (line 5); 【】 and 「」 are whole
    expect(checkUnclosedBrackets(input).map((f) => [f.chunk, f.issue.line, f.issue.actual])).toEqual([
      [0, 1, 1],
      [1, 2, 2],
      [2, 5, 1],
    ]);
  });

  it('ignores inline code, code blocks and brackets unbalanced in the source itself', () => {
    const source = [
      'Call `f(` first, then close it) later.', // 1: `(` in inline code; the `)` has no partner
      '',
      'Smile :) here.', // 3: a smiley is not a cut
      '',
      '```js', // 5
      'if (x) {', // 6
      '}', // 7
      '```', // 8
    ].join('\n');
    const input = build(source, [
      draftOf(source, 'Call', 'first,'),
      draftOf(source, 'then close', 'here.'),
      draftOf(source, '```js', 'if (x) {'),
      draftOf(source, '}\n```'),
    ]);
    // Were inline code prose, `(` (chunk 0) and `)` (chunk 1) would pair across the cut; were code
    // blocks prose, `{` (chunk 2) and `}` (chunk 3) would.
    expect(checkUnclosedBrackets(input)).toEqual([]);
  });

  it('ignores fenced code nested in a list item', () => {
    const source = ['- Note (this:', '', '  ```sh', '  echo )', '  ```', '- Then (done).'].join('\n');
    // Were the nested fence prose, `(` of "(this:" (chunk 0) would pair with the `)` in the code (chunk 1).
    const input = build(source, [draftOf(source, '- Note', '(this:'), draftOf(source, '```sh', '(done).')]);
    expect(checkUnclosedBrackets(input)).toEqual([]);
  });
});
