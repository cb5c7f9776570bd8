import { describe, expect, it } from 'vitest';
import { checkOrphanHeadings } from '../../../src/metrics/rules/orphan-heading.js';
import { build, draftOf } from '../structural/fixture.js';

const source = ['# Guide', '', 'Intro text.', '', '## Setup', '', 'Install it.', '', '## Usage', '', '### Details', '', 'Use it.'].join('\n');

describe('checkOrphanHeadings', () => {
  it('flags a chunk ending on a heading, on the heading line', () => {
    const input = build(source, [draftOf(source, '# Guide', '## Setup'), draftOf(source, 'Install it.', 'Use it.')]);
    const findings = checkOrphanHeadings(input);
    expect(findings.map((f) => [f.chunk, f.issue.tag, f.issue.severity, f.issue.line])).toEqual([[0, 'orphan-heading', 'medium', 5]]);
    expect(findings[0]!.issue.message).toBe('Unexpected heading “Setup” at the end of the chunk, expected its section text with it');
  });

  it('flags a chunk holding only headings, on the last heading line', () => {
    const input = build(source, [draftOf(source, '# Guide', 'Install it.'), draftOf(source, '## Usage', '### Details'), draftOf(source, 'Use it.')]);
    const findings = checkOrphanHeadings(input);
    expect(findings.map((f) => [f.chunk, f.issue.line])).toEqual([[1, 11]]);
    expect(findings[0]!.issue.message).toContain('headings only');
  });

  it('accepts headings followed by their text', () => {
    const input = build(source, [draftOf(source, '# Guide', 'Intro text.'), draftOf(source, '## Setup', 'Install it.'), draftOf(source, '## Usage', 'Use it.')]);
    expect(checkOrphanHeadings(input)).toEqual([]);
  });
});
