import { describe, expect, it } from 'vitest';
import { explainContentHeuristic } from '../../../../src/metrics/content/heuristic/index.js';
import { semanticCoherence } from '../../../../src/metrics/content/heuristic/semantic-coherence.js';
import { inputOf } from './helpers.js';

describe('semanticCoherence', () => {
  it('penalises the share of text outside the dominant heading section', () => {
    const source = '# A\n\nxx.\n\n# B\n\nyyyy.\n';
    const input = inputOf(source, [{ text: 'xx.\n\n# B\n\nyyyy.', headingPath: ['A'] }]);
    // Topic 'A' (started mid-section): "xx." → 3 non-space chars; topic 'B': "# B" + "yyyy." → 2 + 5 = 7.
    // Dominant share 7 / 10 → −100 × 0.3 = −30. Only "yyyy." has a content term → cohesion 1.
    expect(semanticCoherence(input)).toEqual([70]);
    expect(explainContentHeuristic(input)[0]!.semantic_coherence.findings[0]!.message).toBe(
      "mixes 2 heading sections: 'A' (30%), 'B' (70%)",
    );
  });

  it('keeps subsections of the opening heading in one topic', () => {
    const source = '# Cache\n\nCache basics.\n\n## Cache eviction\n\nCache eviction frees memory.\n';
    const input = inputOf(source, [{ text: source.trim() }]);
    // One topic. Units: {cache} · {cache, basic} · {cache, eviction} · {cache, eviction, free, memory};
    // each shares "cache" with the unit before it (needs max(1, 0.2 × size) = 1 shared term) → cohesion 1.
    expect(semanticCoherence(input)).toEqual([100]);
  });

  it('lowers the score by 40 × (1 − lexical cohesion)', () => {
    const source = '# Cache\n\nThe cache stores answers. Redis keeps cache entries. Penguins swim fast.\n';
    const input = inputOf(source, [{ text: source.trim(), headingPath: ['Cache'] }]);
    // Units: {cache} · {cache, store, answer} · {redis, keep, cache, entrie} · {penguin, swim, fast}.
    // Links: 1 ("cache"), 1 ("cache"), 0 (nothing shared) → cohesion 2/3 → 100 − 40/3 = 86.67 → 86.7.
    expect(semanticCoherence(input)).toEqual([86.7]);
  });

  it('handles Chinese with character bigrams', () => {
    const source = '# 缓存\n\n缓存保存答案。缓存条目会过期。企鹅游得很快。\n';
    const input = inputOf(source, [{ text: source.trim(), headingPath: ['缓存'] }]);
    // Units: {缓存} · {缓存, 存保, 保存, 存答, 答案} · {缓存, 存条, 条目, 目会, 会过, 过期} · {企鹅, 鹅游, 游得, 得很, 很快}.
    // Links: 1, 1 (share 缓存; need max(1, 0.2 × 6) = 1.2 → 1/1.2 = 0.833), 0.
    // Link 2: 1 shared / 1.2 = 0.8333 → cohesion (1 + 0.8333 + 0) / 3 = 0.6111 → 100 − 40 × 0.3889 = 84.44 → 84.4.
    expect(semanticCoherence(input)).toEqual([84.4]);
  });
});
