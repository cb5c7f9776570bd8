import { describe, expect, it } from 'vitest';
import { judgeNote, judgeWords } from '../../src/report/judge-notes.js';
import type { JudgeVerdict } from '../../src/types.js';

const verdict: JudgeVerdict = {
  scores: { semantic_coherence: 70, context_self_containment: 40, information_completeness: 60, boundary_quality: 50, overlap_rationality: 35 },
  issues: [
    { issues: ['opens with "It"'], severity: 'medium' },
    { issues: ['table cut\nmid-row', '  '], severity: 'high' },
  ],
  strengths: ['short'],
  weaknesses: ['no subject', ''],
  reasoning: 'Line one.\nLine <two> for `@team`.',
  model: 'gpt-4o-mini',
  promptVersion: 'rubric-000/v1',
};

describe('judge notes', () => {
  it('is null without a verdict (heuristic scorer or a fallback)', () => {
    expect(judgeNote({})).toBeNull();
    expect(judgeWords({})).toBeNull();
  });

  it('orders issues by severity, drops blanks, and keeps the five scores in rubric order', () => {
    expect(judgeWords({ judge: verdict })).toEqual({
      model: 'gpt-4o-mini',
      promptVersion: 'rubric-000/v1',
      reasoning: 'Line one.\nLine <two> for `@team`.',
      strengths: ['short'],
      weaknesses: ['no subject'],
      issues: [
        { severity: 'high', text: 'table cut\nmid-row' },
        { severity: 'medium', text: 'opens with "It"' },
      ],
      scores: [
        ['semantic_coherence', 70],
        ['context_self_containment', 40],
        ['information_completeness', 60],
        ['boundary_quality', 50],
        ['overlap_rationality', 35],
      ],
    });
  });

  it('renders one escaped line: no line break, no HTML, no mention, no code span', () => {
    expect(judgeNote({ judge: verdict })).toBe(
      '**LLM judge** (gpt-4o-mini): Line one. Line &lt;two&gt; for \\`@\u200Dteam\\`. · weaknesses: no subject · issues: high: table cut mid-row; medium: opens with "It" · strengths: short · overlap\\_rationality 35',
    );
  });

  it('clips long words at 600 characters of text', () => {
    const long = judgeNote({ judge: { ...verdict, reasoning: 'x'.repeat(2000) } })!;
    expect(long).toMatch(/x…$/);
    expect(long.length).toBeLessThan(700);
  });
});
