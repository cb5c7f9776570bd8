import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../src/markdown/parse.js';
import { blankRuleComments, withoutRuleComments } from '../../src/markdown/rule-comments.js';

const commentsOf = (source: string, path = 'doc.md') => parseMarkdown(path, source).doc.ruleComments;

describe('rule comments', () => {
  it('finds HTML comments addressed to chunkgate, block or inline, with their keyword, rules and line', () => {
    const source = [
      '# Title', // 1
      '', // 2
      '<!-- chunkgate-disable table-split sentence-cut -->', // 3
      '', // 4
      'Text <!-- chunkgate-enable table-split --> more.', // 5
      '', // 6
      '<!--chunkgate-disable-file tiny-chunk,near-duplicate-->', // 7
      '', // 8
      '<!-- chunkgate-enable -->', // 9
      '<!-- a note for writers -->', // 10
    ].join('\n');
    expect(commentsOf(source)).toEqual([
      { keyword: 'disable', rules: ['table-split', 'sentence-cut'], line: 3 },
      { keyword: 'enable', rules: ['table-split'], line: 5 },
      { keyword: 'disable-file', rules: ['tiny-chunk', 'near-duplicate'], line: 7 },
      { keyword: 'enable', rules: [], line: 9 },
    ]);
  });

  it('finds several comments in one HTML block, each on its own line', () => {
    expect(commentsOf('<!-- chunkgate-disable a -->\n<!-- chunkgate-disable b -->\n')).toEqual([
      { keyword: 'disable', rules: ['a'], line: 1 },
      { keyword: 'disable', rules: ['b'], line: 2 },
    ]);
  });

  it('leaves comments shown as code alone: fenced, indented and inline code are text', () => {
    const source = ['```html', '<!-- chunkgate-disable table-split -->', '```', '', 'Write `<!-- chunkgate-disable x -->` to turn x off.', '', '    <!-- chunkgate-disable y -->'].join('\n');
    expect(commentsOf(source)).toBeUndefined();
  });

  it('has no list at all for a page without them', () => {
    expect(commentsOf('# A\n\n<!-- markdownlint-disable MD013 -->\n\nText.\n')).toBeUndefined();
  });

  it('in MDX, takes an expression that is only a block comment, in a block or inline', () => {
    const source = ['# Title', '', '{/* chunkgate-disable table-split */}', '', 'Text {/* chunkgate-enable */} more.', '', '{/* a note */}', '', '{x /* chunkgate-disable y */}'].join('\n');
    const { doc, warnings } = parseMarkdown('doc.mdx', source);
    expect(warnings).toEqual([]);
    expect(doc.ruleComments).toEqual([
      { keyword: 'disable', rules: ['table-split'], line: 3 },
      { keyword: 'enable', rules: [], line: 5 },
    ]);
  });

  it('takes the text out of a chunk: nothing but the comments and the blanks before them', () => {
    expect(withoutRuleComments('It ends here. <!-- chunkgate-disable sentence-cut -->')).toBe('It ends here.');
    expect(withoutRuleComments('{/* chunkgate-enable */}\n\nText.')).toBe('\n\nText.');
    expect(withoutRuleComments('Keep <!-- other --> this.')).toBe('Keep <!-- other --> this.');
  });
});

describe('blankRuleComments', () => {
  it('replaces each rule comment (and the blanks before it) by spaces, keeping newlines and every offset', () => {
    const text = 'One.\n<!-- chunkgate-disable\n  table-split -->\nTwo.';
    const blanked = blankRuleComments(text);
    expect(blanked).toBe('One.' + '\n' + ' '.repeat(22) + '\n' + ' '.repeat(17) + '\nTwo.');
    expect(blanked.length).toBe(text.length);
    expect(blankRuleComments('Keep <!-- other --> this.')).toBe('Keep <!-- other --> this.');
    expect(blankRuleComments('{/* chunkgate-enable */}')).toBe(' '.repeat(24));
  });
});
