import { describe, expect, it } from 'vitest';
import { checkChunkSizes } from '../../../src/metrics/rules/size-rules.js';
import { build, draftAt } from '../structural/fixture.js';

// line 1 "Short." [0,6) · lines 2–3 blank [7,9) · line 4 sixty x's [9,69) · line 6 "Normal paragraph here." [71,93)
const source = `Short.\n\n\n${'x'.repeat(60)}\n\nNormal paragraph here.`;
const input = build(source, [draftAt(0, 6), draftAt(7, 9), draftAt(9, 69), draftAt(71, 93)], { max: 50, tiny: 10 });

describe('checkChunkSizes', () => {
  const findings = checkChunkSizes(input);

  it('flags a tiny chunk with its size and the limit', () => {
    expect(findings.filter((f) => f.issue.tag === 'tiny-chunk')).toEqual([
      {
        chunk: 0,
        issue: expect.objectContaining({
          severity: 'low',
          message: 'Unexpected 6-char chunk, expected at least 10',
          line: 1,
          actual: 6,
          expected: 10,
        }),
      },
    ]);
  });

  it('flags an empty chunk (not as tiny)', () => {
    expect(findings.filter((f) => f.chunk === 1).map((f) => [f.issue.tag, f.issue.severity, f.issue.line])).toEqual([
      ['empty-chunk', 'high', 2],
    ]);
  });

  it('flags an oversize chunk', () => {
    expect(findings.filter((f) => f.issue.tag === 'oversize-chunk')).toEqual([
      {
        chunk: 2,
        issue: expect.objectContaining({ severity: 'high', message: 'Unexpected 60-char chunk, expected at most 50', line: 4 }),
      },
    ]);
  });

  it('leaves a chunk within [tiny, max] alone', () => {
    // "Normal paragraph here." is 22 chars: 10 ≤ 22 ≤ 50
    expect(findings.filter((f) => f.chunk === 3)).toEqual([]);
    expect(findings).toHaveLength(3);
    for (const { issue } of findings) expect(issue.hint).toBeTruthy();
  });

  it('words sizes in tokens when the unit is tokens', () => {
    const tokens = build('Hello world, this is a sentence.', [draftAt(0, 32)], { unit: 'tokens', max: 3, tiny: 1 });
    const [first] = checkChunkSizes(tokens);
    expect(first?.issue.message).toBe(`Unexpected ${tokens.chunks[0]!.tokens}-token chunk, expected at most 3`);
  });
});
