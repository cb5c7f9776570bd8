import { expect, it } from 'vitest';
import { contentMetricsFromVerdict } from '../../../../src/metrics/content/llm/verdict-metrics.js';
import { HEURISTIC } from './docs.js';

it('takes four judge scores and keeps the heuristic redundancy, ignoring overlap_rationality', () => {
  const verdict = {
    scores: { semantic_coherence: 91, context_self_containment: 42, information_completeness: 73, boundary_quality: 20, overlap_rationality: 25 },
    issues: [],
    strengths: [],
    weaknesses: [],
    reasoning: '',
    model: 'm',
    promptVersion: 'v',
  };
  expect(contentMetricsFromVerdict(verdict, HEURISTIC)).toEqual({
    semantic_coherence: 91,
    context_self_containment: 42,
    information_completeness: 73,
    boundary_quality: 20,
    cross_chunk_redundancy_reversed: 77, // HEURISTIC's, not the judge's 25
  });
});
