import { describe, expect, it } from 'vitest';
import { configSchema } from '../../src/config/schema.js';
import { chunkOverall, COVERAGE_CAP, DEFAULT_OVERALL_WEIGHTS, documentOverall, overallWeights } from '../../src/engine/overall.js';
import type { ChunkMetrics, Issue } from '../../src/types.js';

const metrics: ChunkMetrics = {
  boundary_quality: 80,
  context_self_containment: 60,
  semantic_coherence: 10,
  metadata: 100,
  cross_chunk_redundancy_reversed: 40,
  information_completeness: 0,
  source_coverage: 0,
  self_retrievability: 0,
  context_sufficiency: 50,
};
const issue = (tag: Issue['tag']): Issue => ({ tag, severity: 'high', message: '', line: 1 });

describe('chunkOverall', () => {
  it('weighs boundary 0.2, self-containment 0.25, metadata 0.15, redundancy 0.15 by default; coverage no longer', () => {
    // (0.2·80 + 0.25·60 + 0.15·100 + 0.15·40) / 0.75 = (16 + 15 + 15 + 6) / 0.75 = 52 / 0.75 = 69.333…
    // source_coverage 0, coherence 10 and self-retrievability 0 weigh nothing by default.
    expect(chunkOverall(metrics, [])).toBeCloseTo(69.3333, 3);
    expect(Object.values(DEFAULT_OVERALL_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(0.75, 9);
  });

  it('takes configured weights, a left-out metric keeping its default', () => {
    // coherence 0.25 added: (52 + 0.25·10) / 1.0 = 54.5
    expect(chunkOverall(metrics, [], { semantic_coherence: 0.25 })).toBeCloseTo(54.5, 6);
    // only redundancy: every default set to 0 but redundancy 1 → 40
    expect(chunkOverall(metrics, [], { boundary_quality: 0, context_self_containment: 0, metadata: 0, cross_chunk_redundancy_reversed: 1 })).toBe(40);
    // all 0 falls back to the defaults
    const zero = Object.fromEntries(Object.keys(DEFAULT_OVERALL_WEIGHTS).map((name) => [name, 0]));
    expect(chunkOverall(metrics, [], zero)).toBeCloseTo(69.3333, 3);
    expect(overallWeights({ metadata: -1 }).metadata).toBe(0);
  });

  it('still caps source loss and split blocks at 59', () => {
    const high = { ...metrics, boundary_quality: 100, context_self_containment: 100, cross_chunk_redundancy_reversed: 100 };
    expect(chunkOverall(high, [])).toBe(100);
    expect(chunkOverall(high, [issue('code-fence-split')])).toBe(59);
    expect(chunkOverall(high, [issue('oversize-chunk')])).toBe(100);
  });
});

describe('documentOverall: coverage is a cap, not a weight', () => {
  it('is the mean of the chunk scores while coverage reaches the 95% floor', () => {
    expect(documentOverall([90, 80], 1)).toBe(85);
    expect(documentOverall([90, 80], 0.95)).toBe(85);
  });

  it('cannot pass below the floor: a 64%-covered page that averages 82.8 is capped at 79', () => {
    expect(documentOverall([82.8], 0.64)).toBe(COVERAGE_CAP);
    expect(COVERAGE_CAP).toBe(79);
    expect(documentOverall([50], 0.64)).toBe(50);
  });

  it('is 100 with no chunks and full coverage', () => {
    expect(documentOverall([], 1)).toBe(100);
  });
});

describe('scoring.weights.overall in the config', () => {
  it('defaults to default and takes numbers per chunk metric', () => {
    expect(configSchema.parse({}).scoring.weights.overall).toBe('default');
    expect(configSchema.parse({ scoring: { weights: { overall: { semantic_coherence: 0.15 } } } }).scoring.weights.overall).toEqual({ semantic_coherence: 0.15 });
  });

  it('rejects unknown metrics and negative weights', () => {
    expect(configSchema.safeParse({ scoring: { weights: { overall: { coverage: 1 } } } }).success).toBe(false);
    expect(configSchema.safeParse({ scoring: { weights: { overall: { metadata: -1 } } } }).success).toBe(false);
  });
});
