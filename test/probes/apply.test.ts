import { describe, expect, it } from 'vitest';
import { withProbeFindings } from '../../src/probes/apply.js';
import type { DocDiff, FileFinding, ThresholdFailure } from '../../src/types.js';

const headingLost: FileFinding = { kind: 'heading-lost', origin: 'new', gating: true, severity: 'high', message: 'Heading "Setup" lost', line: 3 };
const drop: ThresholdFailure = { rule: 'fileDrop', score: 'overall', actual: 9, limit: 5, message: 'overall fell 9 points', origin: 'worsened', gating: true };
const diff: DocDiff = { path: 'a.md', status: 'modified', deltas: [], regressions: [], failures: [drop], findings: [headingLost] };
const passage = (gating: boolean): FileFinding => ({ kind: 'retrieval-regression', origin: 'worsened', gating, severity: gating ? 'high' : 'medium', message: 'Passage harder to find', line: 9 });

describe('withProbeFindings', () => {
  it('with no measured loss, a lost heading and the drop it explained stop gating; the finding is kept', () => {
    const after = withProbeFindings(diff, [passage(false)], 'changed');
    expect(after.findings.map((finding) => [finding.kind, finding.gating])).toEqual([['heading-lost', false], ['retrieval-regression', false]]);
    expect(after.failures.map((failure) => failure.gating)).toEqual([false]);
    expect(diff.findings[0]!.gating).toBe(true); // the input is not changed
  });
  it('a gating retrieval regression keeps both gating', () => {
    const after = withProbeFindings(diff, [passage(true)], 'changed');
    expect(after.findings.map((finding) => finding.gating)).toEqual([true, true]);
    expect(after.failures[0]!.gating).toBe(true);
  });
  it('gate: all changes nothing but adds the findings', () => {
    const after = withProbeFindings(diff, [passage(false)], 'all');
    expect(after.findings.map((finding) => finding.gating)).toEqual([true, false]);
    expect(after.failures[0]!.gating).toBe(true);
  });
});
