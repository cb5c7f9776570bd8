import { describe, expect, it } from 'vitest';
import { explainRegression } from '../../src/report/explain.js';
import type { Regression } from '../../src/types.js';
import { chunk, issue } from './factory.js';

function regression(partial: Partial<Regression> & Pick<Regression, 'head'>): Regression {
  return { reason: 'score-drop', match: 'hash', base: null, delta: null, newTags: [], origin: 'new', gating: true, ...partial };
}

describe('explainRegression', () => {
  it('blames a newly gained high tag first, with its issue hint', () => {
    const head = chunk({ text: 'h', issues: [issue('sentence-cut', 2, 'medium'), issue('table-split', 5, 'high', { hint: 'do X' })] });
    const why = explainRegression(regression({ head, base: chunk({ text: 'b' }), newTags: ['table-split'] }));
    expect(why).toMatchObject({ cause: 'table-split', before: null, after: null, reason: 'Unexpected table-split', hint: 'do X' });
  });

  it('otherwise blames the metric that fell most, ties in table order', () => {
    // drops: coherence 90 → 80 = 10, self-containment 90 → 80 = 10, boundary 90 → 85 = 5 → coherence (listed first)
    const base = chunk({ text: 'b' });
    const head = chunk({ text: 'h', metrics: { semantic_coherence: 80, context_self_containment: 80, boundary_quality: 85 } });
    const why = explainRegression(regression({ head, base }));
    expect(why).toMatchObject({ cause: 'semantic_coherence', before: 90, after: 80, reason: 'the chunk now mixes topics' });
  });

  it('quotes the most severe new issue as the reason for a metric drop', () => {
    const base = chunk({ text: 'b', issues: [issue('tiny-chunk', 1, 'low')] });
    const head = chunk({
      text: 'h',
      metrics: { context_self_containment: 41 },
      issues: [issue('tiny-chunk', 1, 'low'), issue('sentence-cut', 9, 'low'), issue('missing-heading-context', 4, 'medium', { message: 'opens with "It"' })],
    });
    const why = explainRegression(regression({ head, base }));
    // tiny-chunk is not new; of the new ones the medium one outranks the low one.
    expect(why).toMatchObject({ cause: 'context_self_containment', before: 90, after: 41, reason: 'opens with "It"' });
  });

  it('explains a new failing chunk by its most severe issue, or by its score', () => {
    const withIssue = explainRegression(regression({ reason: 'new-failing-chunk', match: 'new', head: chunk({ text: 'n', score: 30, issues: [issue('tiny-chunk', 3, 'medium')] }) }));
    expect(withIssue).toMatchObject({ cause: 'tiny-chunk', reason: 'new chunk graded fail: Unexpected tiny-chunk' });
    const bare = explainRegression(regression({ reason: 'new-failing-chunk', match: 'new', head: chunk({ text: 'n', score: 30 }) }));
    expect(bare).toMatchObject({ cause: 'overall', before: null, after: 30, reason: 'new chunk graded fail' });
  });
});

describe('advice matched to the case', () => {
  const drop = (text: string) =>
    explainRegression(
      regression({
        base: chunk({ text: 'before', metrics: { context_self_containment: 90 } }),
        head: chunk({ text, metrics: { context_self_containment: 40 } }),
      }),
    );

  it('says "it" or "this" for a chunk in English', () => {
    expect(drop('It keeps its state.').hint).toBe('name the subject in the first sentence instead of "it" or "this"');
  });

  it('names the pronouns of Chinese text', () => {
    expect(drop('它会保存状态，升级后仍然可用。').hint).toBe('name the subject in the first sentence instead of a pronoun such as “它”, “该” or “此”');
  });

  it('points at the cut for a chunk that starts inside a URL', () => {
    const why = drop('example.com/docs/setup) to install the agent.');
    expect(why).toMatchObject({ reason: 'the chunk starts inside a link or URL', hint: 'move the chunk boundary out of the link, to the end of the sentence that holds it' });
  });
});
