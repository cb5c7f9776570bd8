import { describe, expect, it } from 'vitest';
import { decideAudit } from '../../src/compare/verdict.js';

describe('decideAudit', () => {
  it('without a baseline only reports: success when nothing gates, neutral otherwise, never a failure', () => {
    expect(decideAudit(0, null)).toEqual({ verdict: 'pass', conclusion: 'success', exitCode: 0 });
    expect(decideAudit(12, null)).toEqual({ verdict: 'pass', conclusion: 'neutral', exitCode: 0 });
  });

  it('with a baseline fails on any new gating finding, however many old ones there are', () => {
    expect(decideAudit(12, { added: 0 })).toEqual({ verdict: 'pass', conclusion: 'success', exitCode: 0 });
    expect(decideAudit(1, { added: 1 })).toEqual({ verdict: 'fail', conclusion: 'failure', exitCode: 1 });
  });

  it('fails on a baseline that could not be read, so the broken input is seen', () => {
    expect(decideAudit(0, 'invalid')).toEqual({ verdict: 'fail', conclusion: 'failure', exitCode: 1 });
  });
});
