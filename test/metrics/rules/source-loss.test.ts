import { describe, expect, it } from 'vitest';
import { checkSourceLoss } from '../../../src/metrics/rules/source-loss.js';
import { build, draftOf } from '../structural/fixture.js';

const source = ['---', 'title: T', '---', 'Para one.', '', 'Lost para. Second lost.', '', 'Para three.', '', 'Tail lost.'].join('\n');

describe('checkSourceLoss', () => {
  it('reports each gap on the chunk after it (or the last chunk), at the line of the lost text', () => {
    const input = build(source, [draftOf(source, 'Para one.'), draftOf(source, 'Para three.')]);
    const findings = checkSourceLoss(input);
    // gap 1: "Lost para. Second lost." (line 6) → non-ws 4 + 5 + 6 + 5 = 20, charged to chunk 1 (after it)
    // gap 2: "Tail lost." (line 10) → non-ws 4 + 5 = 9, trailing → the last chunk (1)
    expect(findings.map((f) => [f.chunk, f.issue.tag, f.issue.severity, f.issue.line, f.issue.actual])).toEqual([
      [1, 'source-loss', 'high', 6, 20],
      [1, 'source-loss', 'high', 10, 9],
    ]);
    expect(findings[0]!.issue.message).toBe('Unexpected loss of “Lost para.” (line 6, 20 chars), expected all source text in a chunk');
  });

  it('reports nothing when every character outside front matter is covered', () => {
    const input = build(source, [draftOf(source, 'Para one.', 'Second lost.'), draftOf(source, 'Para three.', 'Tail lost.')]);
    expect(checkSourceLoss(input)).toEqual([]);
  });
});
