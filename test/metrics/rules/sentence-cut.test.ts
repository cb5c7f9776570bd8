import { describe, expect, it } from 'vitest';
import { checkSentenceCuts } from '../../../src/metrics/rules/sentence-cut.js';
import { build, draftOf } from '../structural/fixture.js';

describe('checkSentenceCuts', () => {
  const source = [
    '# Title', // 1
    '', // 2
    'First sentence here. Second sentence is cut', // 3
    'right here and continues.', // 4
    '', // 5
    'Another para.', // 6
  ].join('\n');

  it('flags a chunk that ends mid-sentence inside a paragraph the next chunk continues', () => {
    const input = build(source, [draftOf(source, '# Title', 'is cut'), draftOf(source, 'right here', 'Another para.')]);
    const findings = checkSentenceCuts(input);
    expect(findings).toHaveLength(1);
    expect(findings[0]!.chunk).toBe(0);
    expect(findings[0]!.issue).toMatchObject({ tag: 'sentence-cut', severity: 'medium', line: 3 });
    expect(findings[0]!.issue.message).toContain('is cut');
  });

  it('accepts a cut at a sentence end inside the paragraph', () => {
    const input = build(source, [draftOf(source, '# Title', 'here.'), draftOf(source, 'Second sentence', 'Another para.')]);
    expect(checkSentenceCuts(input)).toEqual([]);
  });

  it('accepts a cut at a paragraph end without a terminator', () => {
    const text = 'No period here\n\nNext paragraph.';
    expect(checkSentenceCuts(build(text, [draftOf(text, 'No period here'), draftOf(text, 'Next paragraph.')]))).toEqual([]);
  });

  it('accepts a cut between list items but not inside a wrapped item', () => {
    const list = ['- item one', '- item two is long', '  and wraps', '- item three'].join('\n');
    const between = build(list, [draftOf(list, '- item one'), draftOf(list, '- item two', '- item three')]);
    expect(checkSentenceCuts(between)).toEqual([]);
    const inside = build(list, [draftOf(list, '- item one', 'is long'), draftOf(list, 'and wraps', '- item three')]);
    expect(checkSentenceCuts(inside).map((f) => [f.chunk, f.issue.line])).toEqual([[0, 2]]);
  });

  it('does not flag a cut the next chunk does not continue (that is source loss)', () => {
    const input = build(source, [draftOf(source, '# Title', 'is cut'), draftOf(source, 'Another para.')]);
    expect(checkSentenceCuts(input)).toEqual([]);
  });

  it('flags a CJK cut and accepts one after 。', () => {
    const text = '第一句话。第二句话还没有\n说完就被切断了。';
    const cut = build(text, [draftOf(text, '第一句话', '还没有'), draftOf(text, '说完', '切断了。')]);
    expect(checkSentenceCuts(cut).map((f) => f.issue.line)).toEqual([1]);
    const clean = build(text, [draftOf(text, '第一句话。'), draftOf(text, '第二句话', '切断了。')]);
    expect(checkSentenceCuts(clean)).toEqual([]);
  });
});
