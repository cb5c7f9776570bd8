import { describe, expect, it } from 'vitest';
import { checkRules } from '../../../src/metrics/rules/index.js';
import { checkUnfindableChunks } from '../../../src/metrics/rules/unfindable-chunk.js';
import { selfRetrievability } from '../../../src/metrics/self-retrievability.js';
import { build, draftOf } from '../structural/fixture.js';

const source = ['Read the guide. Alpha.', 'Read the guide. Beta.', 'Read the guide. Gamma.', 'Read the guide. Delta.', '---'].join('\n\n');
const input = build(source, [
  draftOf(source, 'Read the guide. Alpha.'),
  draftOf(source, 'Read the guide. Beta.'),
  draftOf(source, 'Read the guide. Gamma.'),
  draftOf(source, 'Read the guide. Delta.'),
  draftOf(source, '---'),
]);

describe('unfindable-chunk', () => {
  it('flags each chunk its own heading path and first sentence do not rank in the top 3, with its line', () => {
    // The four chunks share the lead "read the guide": ties rank in document order, so chunk 3
    // is 4th; chunk 4 ("---") has no searchable word at all.
    const findings = checkUnfindableChunks(input, selfRetrievability(input.chunks));
    expect(findings.map((f) => [f.chunk, f.issue.tag, f.issue.severity, f.issue.line, f.issue.actual])).toEqual([
      [3, 'unfindable-chunk', 'low', 7, 4],
      [4, 'unfindable-chunk', 'low', 9, 'none'],
    ]);
    expect(findings[0]!.issue.message).toBe(`Unexpected rank 4 for the chunk's own heading path and first sentence ("read the guide"), expected the top 3`);
    expect(findings[1]!.issue.message).toMatch(/^Unexpected chunk with no searchable words/);
  });

  it('runs with the other rules only when the document has its self-retrievability', () => {
    expect(checkRules(input).flat().some((issue) => issue.tag === 'unfindable-chunk')).toBe(false);
    expect(checkRules(input, selfRetrievability(input.chunks))[3]!.map((issue) => issue.tag)).toContain('unfindable-chunk');
  });
});
