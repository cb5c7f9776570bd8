import { describe, expect, it } from 'vitest';
import { compareWithBaseline, configHashOf, gatingItems, parseBaseline, type GatingItem, type GatingSource } from '../../src/compare/baseline.js';

/** A report as an earlier chunkgate wrote it: one file with two threshold failures and two failing table pieces, a retrieval limit. */
const report: GatingSource = {
  files: [
    {
      path: 'docs/a.md',
      failures: [
        { rule: 'structural', score: 'structural', message: 'structural is 61, below the minimum of 70' },
        { rule: 'fileDrop', score: 'overall', message: 'overall fell 8 points', gating: false },
      ],
      regressions: [
        { reason: 'new-failing-chunk', head: { headingPath: ['A', 'Settings'], startLine: 34, score: 59, issues: [{ tag: 'table-split' }, { tag: 'table-split' }] } },
        { reason: 'new-failing-chunk', head: { headingPath: ['A', 'Settings'], startLine: 47, score: 59, issues: [{ tag: 'table-split' }] } },
      ],
      findings: [
        { kind: 'unchecked', gating: true, message: 'Not checked: binary file' },
        { kind: 'frontmatter-too-large', gating: false, message: 'front matter over 64 KB' },
      ],
    },
    { path: 'docs/b.md' },
  ],
  retrieval: { failures: [{ rule: 'mrr', message: 'MRR 0.50 below 0.60' }] },
};

const item = (path: string, kind: string, headingPath: string[] = []): GatingItem => ({ path, kind, headingPath, message: '' });

describe('gatingItems', () => {
  it('takes what fails the run under failOn: thresholds and golden-set limits, regressed chunks, gating file findings', () => {
    expect(gatingItems(report, ['threshold', 'regression'])).toEqual([
      { path: 'docs/a.md', kind: 'threshold:structural:structural', headingPath: [], message: 'structural is 61, below the minimum of 70' },
      // gating: false (pre-existing) never counts.
      // The two pieces of one split table are one item, at the first piece, as the comment counts them.
      { path: 'docs/a.md', kind: 'chunk:new-failing-chunk', headingPath: ['A', 'Settings'], message: 'failing chunk: score 59 · table-split (2 pieces)', line: 34 },
      { path: 'docs/a.md', kind: 'unchecked', headingPath: [], message: 'Not checked: binary file' },
      { path: '(golden set)', kind: 'retrieval:mrr', headingPath: [], message: 'MRR 0.50 below 0.60' },
    ]);
  });

  it('leaves out the categories failOn does not hold, but never a gating file finding', () => {
    expect(gatingItems(report, ['threshold']).map((i) => i.kind)).toEqual(['threshold:structural:structural', 'unchecked', 'retrieval:mrr']);
    expect(gatingItems(report, ['regression']).map((i) => i.kind)).toEqual(['chunk:new-failing-chunk', 'unchecked']);
    expect(gatingItems(report, []).map((i) => i.kind)).toEqual(['unchecked']);
  });
});

describe('gatingItems: split pieces', () => {
  it('joins only consecutive pieces of one split rule under the same headings', () => {
    const piece = (headingPath: string[], startLine: number, tag: string) => ({ reason: 'new-failing-chunk', head: { headingPath, startLine, score: 59, issues: [{ tag }] } });
    const source: GatingSource = {
      files: [
        {
          path: 'docs/c.md',
          regressions: [
            piece(['C', 'Flags'], 10, 'code-fence-split'),
            piece(['C', 'Flags'], 30, 'code-fence-split'),
            piece(['C', 'Flags'], 50, 'code-fence-split'),
            // Another rule, then a piece under other headings: items of their own.
            piece(['C', 'Flags'], 70, 'oversize-chunk'),
            piece(['C', 'Other'], 90, 'code-fence-split'),
            piece(['C', 'Flags'], 110, 'table-split'),
          ],
        },
      ],
    };
    expect(gatingItems(source, ['regression']).map((entry) => [entry.line, entry.message])).toEqual([
      [10, 'failing chunk: score 59 · code-fence-split (3 pieces)'],
      [70, 'failing chunk: score 59 · oversize-chunk'],
      [90, 'failing chunk: score 59 · code-fence-split'],
      [110, 'failing chunk: score 59 · table-split'],
    ]);
  });
});

describe('compareWithBaseline', () => {
  it('matches by file, kind and heading path, counting repeats', () => {
    const baseline = [item('a.md', 'chunk:new-failing-chunk', ['A']), item('a.md', 'chunk:new-failing-chunk', ['A']), item('b.md', 'threshold:content:content')];
    // Now: a third piece under A (new), b.md fixed (resolved), c.md newly failing (new).
    const third = { ...item('a.md', 'chunk:new-failing-chunk', ['A']), line: 57 };
    const current = [item('a.md', 'chunk:new-failing-chunk', ['A']), item('a.md', 'chunk:new-failing-chunk', ['A']), third, item('c.md', 'threshold:structural:structural')];
    const delta = compareWithBaseline(current, baseline);
    expect(delta.kept).toBe(2);
    expect(delta.added).toEqual([third, item('c.md', 'threshold:structural:structural')]);
    expect(delta.resolved).toEqual([item('b.md', 'threshold:content:content')]);
    // The added items are the caller's own objects.
    expect(delta.added[0]).toBe(third);
  });

  it('does not tell apart what identity ignores: message and line', () => {
    const moved = { ...item('a.md', 'unchecked'), message: 'Not checked: took longer than 30 s', line: 9 };
    expect(compareWithBaseline([moved], [item('a.md', 'unchecked')])).toEqual({ added: [], resolved: [], kept: 1 });
    // The same kind under another heading is another finding.
    expect(compareWithBaseline([item('a.md', 'x', ['B'])], [item('a.md', 'x', ['A'])])).toMatchObject({ added: [item('a.md', 'x', ['B'])], resolved: [item('a.md', 'x', ['A'])], kept: 0 });
  });
});

describe('parseBaseline', () => {
  it('reads a report, its items with or without gating fields, and its config hash', () => {
    const text = JSON.stringify({ version: '0.0.9', files: [{ path: 'a.md', failures: [{ rule: 'content', score: 'content', actual: 50, limit: 60, message: 'low' }], regressions: [] }], provenance: { configHash: 'abc' } });
    const parsed = parseBaseline(text, 'old.json');
    expect(gatingItems(parsed, ['threshold'])).toEqual([{ path: 'a.md', kind: 'threshold:content:content', headingPath: [], message: 'low' }]);
    expect(configHashOf(parsed)).toBe('abc');
    expect(configHashOf(parseBaseline('{"files": []}', 'x'))).toBeNull();
  });

  it('names the file and the field that does not fit', () => {
    expect(() => parseBaseline('{', 'base.json')).toThrow(/^base\.json: not JSON \(.+\); expected the report\.json of an earlier chunkgate run$/);
    expect(() => parseBaseline('{"files": [{"path": 3}]}', 'base.json')).toThrow('base.json: not a chunkgate JSON report (files[0].path: ');
    expect(() => parseBaseline('[]', 'base.json')).toThrow('base.json: not a chunkgate JSON report ((root): ');
  });
});
