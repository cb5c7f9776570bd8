import { describe, expect, it } from 'vitest';
import { probesSection } from '../../src/report/probes.js';
import type { DocDiff, FileFinding } from '../../src/types.js';

const finding = (gating: boolean, line: number): FileFinding => ({
  kind: 'retrieval-regression',
  origin: 'worsened',
  gating,
  severity: gating ? 'high' : 'medium',
  message: 'Passage harder to find',
  line,
  endLine: line + 2,
  headingPath: ['Keys', 'Rotation'],
  retrieval: { baseLine: 5, baseEndLine: 7, baseRank: 3, headRank: null, baseInBudget: 4, headInBudget: 1, probes: 4, lost: 4, cause: 'its chunk grew from 120 to 480 tokens' },
});
const file = (findings: FileFinding[]): DocDiff => ({ path: 'docs/keys.md', status: 'modified', deltas: [], regressions: [], failures: [], findings });
const probes = { retriever: 'bm25', budget: 1024, pages: 1, passages: 6, regressed: 2, probes: 20 };

describe('probesSection', () => {
  it('leads with the passages harder to find, gating ones first, one row each', () => {
    const section = probesSection({ files: [file([finding(false, 20), finding(true, 9)])], probes })!;
    expect(section.split('\n')).toEqual([
      '### 🔎 2 passages harder to find',
      '',
      'Passages this PR kept, looked for with queries derived from them over the whole docs corpus (1,024-token context, bm25), base → head. Gating: 1 of 2.',
      '',
      '| Where | Heading | Rank | Within the context | Likely cause |',
      '|---|---|---|---|---|',
      '| `docs/keys.md` L9–L11 | Keys › Rotation | 3 → not found | 4/4 → 1/4 | its chunk grew from 120 to 480 tokens |',
      '| `docs/keys.md` L20–L22 | Keys › Rotation | 3 → not found | 4/4 → 1/4 | its chunk grew from 120 to 480 tokens |',
    ]);
  });
  it('says when none gate, and is absent without findings', () => {
    expect(probesSection({ files: [file([finding(false, 20)])], probes })).toContain('base → head. Listed, not gating.');
    expect(probesSection({ files: [file([])], probes })).toBeNull();
  });
});
