import { describe, expect, it } from 'vitest';
import { chunkOverall, gradeOf } from '../../src/engine/overall.js';
import { roundScore } from '../../src/shared/round-score.js';
import { evaluateDocument } from '../../src/engine/evaluate.js';
import { formatScore } from '../../src/report/format.js';
import { renderEvalText } from '../../src/report/eval.js';
import { buildReport } from '../../src/compare/summary.js';
import type { Issue } from '../../src/types.js';
import { defaultConfig } from '../../src/config/schema.js';

const perfect = {
  semantic_coherence: 100,
  context_self_containment: 100,
  information_completeness: 100,
  boundary_quality: 100,
  cross_chunk_redundancy_reversed: 100,
  source_coverage: 100,
  metadata: 100,
  self_retrievability: 100,
  context_sufficiency: 100,
};

describe('empty chunk', () => {
  it('scores 0 and fails, whatever its text metrics say', () => {
    const empty: Issue = { tag: 'empty-chunk', severity: 'high', message: 'Unexpected empty chunk, expected text', line: 3 };
    expect(chunkOverall(perfect, [])).toBe(100);
    expect(chunkOverall(perfect, [empty])).toBe(0);
    expect(gradeOf(chunkOverall(perfect, [empty]))).toBe('fail');
  });
});

describe('grade what is shown', () => {
  it('rounds to one decimal, half up on the written digits', () => {
    expect(roundScore(79.955)).toBe(80);
    expect(roundScore(79.95)).toBe(80);
    expect(roundScore(79.949)).toBe(79.9);
    expect(roundScore(59.95)).toBe(60);
    expect(roundScore(-0.04)).toBe(0);
    expect(Object.is(roundScore(-0.04), -0)).toBe(false);
  });

  it('grades the rounded number, and every renderer shows that number', () => {
    expect(gradeOf(roundScore(79.955))).toBe('pass');
    expect(formatScore(79.955)).toBe('80');
    expect(formatScore(79.5)).toBe('79.5');
    expect(formatScore(null)).toBe('—');
  });

  it('stores chunk and document scores rounded, so the text report agrees with the grade', () => {
    const config = defaultConfig();
    const doc = evaluateDocument('a.md', '# Title\n\nIt works. This is the first paragraph with some words.\n\n## Next\n\nMore text here, and more.\n', {
      chunking: config.chunking,
      weights: config.scoring.weights,
    });
    for (const value of [doc.scores.overall, doc.scores.structural, doc.scores.content, ...doc.chunks.map((chunk) => chunk.score)]) {
      expect(value).toBe(roundScore(value));
    }
    for (const chunk of doc.chunks) expect(chunk.grade).toBe(gradeOf(chunk.score));
    expect(doc.grade).toBe(gradeOf(doc.scores.overall));
    const report = buildReport({ version: '0', config: {}, scorer: 'heuristic', files: [{ path: 'a.md', status: 'added', head: doc, deltas: [], regressions: [], failures: [], findings: [] }], failOn: [], partial: false, cost: null });
    expect(renderEvalText(report)).toContain(`overall ${doc.scores.overall.toFixed(1)} · ${doc.grade}`);
  });
});
