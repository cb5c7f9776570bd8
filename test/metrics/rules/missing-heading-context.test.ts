import { describe, expect, it } from 'vitest';
import { checkMissingHeadingContext } from '../../../src/metrics/rules/missing-heading-context.js';
import { build, draftOf } from '../structural/fixture.js';

const source = ['Preamble text.', '', '# Title', '', 'Body.', '', 'More body.'].join('\n');

describe('checkMissingHeadingContext', () => {
  it('flags a chunk without heading path or heading in a document with headings', () => {
    const input = build(source, [
      draftOf(source, 'Preamble text.'), // no path, no heading → flagged, line 1
      draftOf(source, '# Title', 'Body.'), // holds the heading
      draftOf(source, 'More body.', 'More body.', { headingPath: ['Title'] }), // has a path
    ]);
    const findings = checkMissingHeadingContext(input);
    expect(findings.map((f) => [f.chunk, f.issue.tag, f.issue.severity, f.issue.line])).toEqual([[0, 'missing-heading-context', 'low', 1]]);
  });

  it('flags a body chunk whose heading path was lost', () => {
    const input = build(source, [draftOf(source, 'Preamble text.', 'Body.'), draftOf(source, 'More body.')]);
    // chunk 1 "More body." starts on line 7
    expect(checkMissingHeadingContext(input).map((f) => [f.chunk, f.issue.line])).toEqual([[1, 7]]);
  });

  it('says nothing for a document without headings', () => {
    const plain = 'One.\n\nTwo.';
    expect(checkMissingHeadingContext(build(plain, [draftOf(plain, 'One.'), draftOf(plain, 'Two.')]))).toEqual([]);
  });
});
