import { describe, expect, it } from 'vitest';
import * as heuristic from '../../../../src/metrics/content/heuristic/index.js';

describe('heuristic scorer entry point', () => {
  it('exports exactly the scorer, the five metrics, the content score and the explainer', () => {
    expect(Object.keys(heuristic).sort()).toEqual([
      'boundaryQuality',
      'contentScore',
      'contextSelfContainment',
      'crossChunkRedundancyReversed',
      'explainContentHeuristic',
      'informationCompleteness',
      'scoreContentHeuristic',
      'semanticCoherence',
    ]);
  });

  it('returns [] for a document without chunks', () => {
    const input = { doc: { path: 'a.md', source: '', lineStarts: [0], frontmatter: null, blocks: [] }, chunks: [], options: {} as never };
    expect(heuristic.scoreContentHeuristic(input)).toEqual([]);
  });
});
