import { describe, expect, it } from 'vitest';
import { contextSelfContainment } from '../../../../src/metrics/content/heuristic/context-self-containment.js';
import { explainContentHeuristic } from '../../../../src/metrics/content/heuristic/index.js';
import { inputOf } from './helpers.js';

describe('contextSelfContainment', () => {
  const source = '# Cache\n\nIt stores answers.\n\nHowever, it can go stale.\n\nThe cache has a budget.\n';

  it('softens an opening pronoun after a heading and penalises one without heading context', () => {
    const input = inputOf(source, [
      { text: '# Cache\n\nIt stores answers.' },
      { text: 'It stores answers.', headingPath: ['Cache'] },
      { text: 'It stores answers.' },
      { text: 'The cache has a budget.', headingPath: ['Cache'] },
    ]);
    expect(contextSelfContainment(input)).toEqual([
      90, // 100 − 10 ('It' right after its own heading)
      70, // 100 − 30 ('It' with only a heading path)
      40, // 100 − 50 ('It' with no heading context) − 10 (no heading context in a document with headings)
      100, // names its subject
    ]);
    expect(explainContentHeuristic(input)[2]!.context_self_containment.findings.map((finding) => finding.message)).toEqual([
      "opens with 'It' and has no heading context",
      'has no heading in its text and no heading path',
    ]);
  });

  it('penalises opening connectives and mid-sentence starts', () => {
    const input = inputOf(source, [
      { text: 'However, it can go stale.', headingPath: ['Cache'] },
      { text: 'stores answers.', headingPath: ['Cache'] },
    ]);
    expect(contextSelfContainment(input)).toEqual([
      80, // 100 − 20 ('However' with a heading path)
      70, // 100 − 30 (opens mid-sentence: "It |stores")
    ]);
  });

  it('recognises Chinese references and connectives', () => {
    const zh = '# 缓存\n\n缓存保存答案。\n\n该功能默认开启。\n\n此外，它支持集群。\n';
    const input = inputOf(zh, [
      { text: '该功能默认开启。' },
      { text: '此外，它支持集群。', headingPath: ['缓存'] },
      { text: '# 缓存\n\n缓存保存答案。' },
    ]);
    expect(contextSelfContainment(input)).toEqual([
      40, // 100 − 50 ('该' without heading context) − 10 (no heading context)
      80, // 100 − 20 ('此外' is a connective, checked before the reference '此'; heading path only)
      100,
    ]);
  });
});
