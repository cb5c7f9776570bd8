import { defaultConfig } from '../../src/config/schema.js';
import type { ChunkingOptions, DocDiff, DocEval, EvaluatedChunk, Issue, IssueTag, Severity } from '../../src/types.js';

/** The config defaults (docs/config.md) for hand-built evaluations. */
export const CHUNKING: ChunkingOptions = defaultConfig().chunking;

/** An issue with a generic message; only tag, severity and line matter to compare/report. */
export function issue(tag: IssueTag, line = 1, severity: Severity = 'high', extra: Partial<Issue> = {}): Issue {
  return { tag, severity, message: `Unexpected ${tag}`, line, ...extra };
}

export interface ChunkSpec extends Partial<Omit<EvaluatedChunk, 'metrics'>> {
  text: string;
  metrics?: Partial<EvaluatedChunk['metrics']>;
}

/**
 * An evaluated chunk: all metrics 90 unless given, score 90, grade from the score
 * (pass ≥ 80, warn ≥ 60, fail below), lines 1–1.
 */
export function chunk(spec: ChunkSpec): EvaluatedChunk {
  const score = spec.score ?? 90;
  const { metrics, ...rest } = spec;
  return {
    id: `id-${spec.text.length}-${spec.index ?? 0}`,
    index: 0,
    tokens: Math.ceil(spec.text.length / 4),
    chars: spec.text.length,
    headingPath: [],
    startLine: 1,
    endLine: 1,
    startOffset: 0,
    endOffset: spec.text.length,
    kinds: ['paragraph'],
    spans: [{ start: 0, end: spec.text.length }],
    grade: score >= 80 ? 'pass' : score >= 60 ? 'warn' : 'fail',
    issues: [],
    ...rest,
    score,
    metrics: {
      semantic_coherence: 90,
      context_self_containment: 90,
      information_completeness: 90,
      boundary_quality: 90,
      cross_chunk_redundancy_reversed: 90,
      source_coverage: 100,
      metadata: 100,
      self_retrievability: 100,
      context_sufficiency: 100,
      ...metrics,
    },
  };
}

/** Gives chunks consecutive indexes (in array order). */
export function indexed(chunks: EvaluatedChunk[]): EvaluatedChunk[] {
  return chunks.map((item, index) => ({ ...item, index }));
}

export interface DocSpec {
  scores?: Partial<DocEval['scores']>;
  metrics?: Partial<DocEval['metrics']>;
  partial?: boolean;
  chunking?: ChunkingOptions;
}

/** A document evaluation: scores 90/90/90 and every metric 90 unless given. */
export function doc(path: string, chunks: EvaluatedChunk[], spec: DocSpec = {}): DocEval {
  return {
    path,
    chunks: indexed(chunks),
    metrics: {
      chunk_size_distribution: 90,
      size_compliance_rate: 90,
      overlap_accuracy: 90,
      empty_tiny_rate: 90,
      boundary_integrity: 90,
      structural_preservation: 90,
      context_carryover: 90,
      self_retrievability: 90,
      unique_chunk_rate: 90,
      context_sufficiency: 90,
      unit_integrity: 90,
      semantic_coherence: 90,
      context_self_containment: 90,
      information_completeness: 90,
      boundary_quality: 90,
      cross_chunk_redundancy_reversed: 90,
      ...spec.metrics,
    },
    scores: { structural: 90, content: 90, overall: 90, ...spec.scores },
    grade: 'pass',
    coverage: 1,
    partial: spec.partial ?? false,
    chunking: spec.chunking ?? CHUNKING,
  };
}

/**
 * A bare diff for verdict tests: `failures` threshold failures and `regressions` regressions, all
 * new and gating unless `gating: false`.
 */
export function bareDiff(path: string, counts: { failures?: number; regressions?: number; gating?: boolean } = {}): DocDiff {
  const gating = counts.gating ?? true;
  const head = chunk({ text: 'x' });
  return {
    path,
    status: 'modified',
    deltas: [],
    findings: [],
    failures: Array.from({ length: counts.failures ?? 0 }, () => ({
      rule: 'structural' as const,
      score: 'structural' as const,
      actual: 50,
      limit: 70,
      message: 'structural is 50, below the minimum of 70 (`thresholds.structural`)',
      origin: gating ? ('new' as const) : ('preexisting' as const),
      gating,
    })),
    regressions: Array.from({ length: counts.regressions ?? 0 }, () => ({
      reason: 'new-failing-chunk' as const,
      match: 'new' as const,
      base: null,
      head,
      delta: null,
      newTags: [],
      origin: 'new' as const,
      gating,
    })),
  };
}
