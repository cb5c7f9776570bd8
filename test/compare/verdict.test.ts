import { describe, expect, it } from 'vitest';
import type { FailOn } from '../../src/config/types.js';
import { decide } from '../../src/compare/verdict.js';
import { bareDiff } from '../report/factory.js';

const clean = [bareDiff('a.md')];
const withFailure = [bareDiff('a.md', { failures: 1 })];
const withRegression = [bareDiff('a.md', { regressions: 1 })];

describe('decide with a file that could not be checked', () => {
  const unchecked = (gating: boolean) => {
    const diff = bareDiff('a.md');
    diff.findings.push({ kind: 'unchecked', origin: gating ? 'new' : 'preexisting', gating, severity: 'high', message: 'Not checked: binary file' });
    return [diff];
  };

  it('fails whatever failOn says when the finding gates (like a linter\'s fatal error)', () => {
    for (const failOn of [[], ['threshold'], ['threshold', 'regression', 'partial']] as FailOn[][]) {
      expect(decide(unchecked(true), failOn, { partial: false })).toEqual({ verdict: 'fail', conclusion: 'failure', exitCode: 1 });
    }
  });

  it('passes when it does not gate (pre-existing, or thresholds.unchecked: warn)', () => {
    expect(decide(unchecked(false), ['threshold'], { partial: false })).toEqual({ verdict: 'pass', conclusion: 'success', exitCode: 0 });
  });
});

describe('decide with a disable comment the change adds', () => {
  const disabled = (gating: boolean) => {
    const diff = bareDiff('a.md');
    diff.findings.push({ kind: 'rules-disabled', origin: 'new', gating, severity: gating ? 'high' : 'low', message: 'A `chunkgate-disable-file` comment this change adds turns off every rule on 3 lines (L1–L3)', line: 1 });
    return [diff];
  };

  it('fails whatever failOn says when it gates (inlineDisables: gate): it would hide the very regressions failOn asks about', () => {
    for (const failOn of [[], ['regression'], ['threshold']] as FailOn[][]) {
      expect(decide(disabled(true), failOn, { partial: false })).toEqual({ verdict: 'fail', conclusion: 'failure', exitCode: 1 });
    }
  });

  it('passes when it is only listed (inlineDisables: report)', () => {
    expect(decide(disabled(false), ['threshold', 'regression'], { partial: false })).toEqual({ verdict: 'pass', conclusion: 'success', exitCode: 0 });
  });
});

describe('decide', () => {
  // [failOn, diffs, partial, expected verdict] — fails iff a listed kind of finding is present.
  const table: [FailOn[], typeof clean, boolean, 'pass' | 'fail'][] = [
    [[], withFailure, true, 'pass'],
    [[], withRegression, false, 'pass'],
    [['threshold'], clean, false, 'pass'],
    [['threshold'], withFailure, false, 'fail'],
    [['threshold'], withRegression, false, 'pass'],
    [['threshold'], clean, true, 'pass'],
    [['regression'], withFailure, false, 'pass'],
    [['regression'], withRegression, false, 'fail'],
    [['partial'], withFailure, false, 'pass'],
    [['partial'], clean, true, 'fail'],
    [['threshold', 'regression'], withRegression, false, 'fail'],
    [['threshold', 'regression'], withFailure, false, 'fail'],
    [['threshold', 'regression'], clean, true, 'pass'],
    [['threshold', 'regression', 'partial'], clean, true, 'fail'],
    [['threshold', 'regression', 'partial'], clean, false, 'pass'],
  ];
  it.each(table)('failOn %j → %#', (failOn, diffs, partial, verdict) => {
    const decision = decide(diffs, failOn, { partial });
    expect(decision.verdict).toBe(verdict);
    expect(decision.conclusion).toBe(verdict === 'fail' ? 'failure' : 'success');
    expect(decision.exitCode).toBe(verdict === 'fail' ? 1 : 0);
  });

  it('is neutral when there was no Markdown file to check', () => {
    expect(decide([], ['threshold', 'regression'], { partial: false })).toEqual({ verdict: 'pass', conclusion: 'neutral', exitCode: 0 });
  });
});

describe('decide on gating items only', () => {
  it('passes on items that do not gate, whatever failOn holds', () => {
    const quiet = [bareDiff('a.md', { failures: 2, regressions: 3, gating: false })];
    expect(decide(quiet, ['threshold', 'regression'], { partial: false }).verdict).toBe('pass');
  });

  it('fails on a gating section finding under threshold, not under regression alone', () => {
    const finding = { ...bareDiff('a.md'), findings: [{ kind: 'heading-lost' as const, origin: 'new' as const, gating: true, severity: 'high' as const, message: 'x' }] };
    expect(decide([finding], ['threshold'], { partial: false }).verdict).toBe('fail');
    expect(decide([finding], ['regression'], { partial: false }).verdict).toBe('pass');
    const quiet = { ...finding, findings: [{ ...finding.findings[0]!, gating: false }] };
    expect(decide([quiet], ['threshold'], { partial: false }).verdict).toBe('pass');
  });
});
