import { describe, expect, it } from 'vitest';
import { allocate, drawSample } from '../../src/calibration/sample.js';
import { renderCalibration } from '../../src/calibration/render.js';
import { ACCEPTANCE, scoreCalibration } from '../../src/calibration/score.js';
import { readSheet, unescapeFormula, writeSheet } from '../../src/calibration/sheet.js';
import type { EvaluatedChunk, Grade, JudgeVerdict, Report } from '../../src/types.js';

const DIMS = ['semantic_coherence', 'context_self_containment', 'information_completeness', 'boundary_quality', 'overlap_rationality'] as const;

function verdict(scores: number[]): JudgeVerdict {
  return {
    scores: Object.fromEntries(DIMS.map((name, index) => [name, scores[index]!])) as JudgeVerdict['scores'],
    issues: [],
    strengths: [],
    weaknesses: [],
    reasoning: 'r',
    model: 'm',
    promptVersion: 'p',
  };
}

function chunk(id: string, index: number, grade: Grade, judge?: number[]): EvaluatedChunk {
  return {
    id,
    index,
    text: `Text of ${id}.`,
    tokens: 3,
    chars: 10,
    headingPath: ['H'],
    startLine: index * 2 + 1,
    endLine: index * 2 + 2,
    startOffset: 0,
    endOffset: 1,
    kinds: ['paragraph'],
    spans: [],
    metrics: {} as EvaluatedChunk['metrics'],
    score: grade === 'pass' ? 90 : grade === 'warn' ? 70 : 40,
    grade,
    issues: [],
    ...(judge ? { judge: verdict(judge) } : {}),
  };
}

function report(files: Record<string, EvaluatedChunk[]>): Report {
  return {
    version: '0',
    config: {},
    scorer: 'llm',
    files: Object.entries(files).map(([path, chunks]) => ({
      path,
      status: 'added' as const,
      head: { path, chunks, scores: { structural: 0, content: 0, overall: 0 } } as unknown as NonNullable<Report['files'][number]['head']>,
      deltas: [],
      regressions: [],
      failures: [],
      findings: [],
    })),
    summary: { files: 1, chunks: 0, regressions: 0, failures: 0, gating: { regressions: 0, failures: 0, findings: 0 }, verdict: 'pass', partial: false, cost: null },
  };
}

describe('calibration sample (min(24, all) per document, stratified, fixed seed)', () => {
  it('allocates 4 per grade first, then in proportion to what is left (hand-worked)', () => {
    // Strata fail, warn, pass of sizes 2, 5, 10; quota 12. Floors min(4, size) = 2, 4, 4 → 10;
    // 2 left over spare 0, 1, 6 (7 in all): 2 × 1/7 = 0.29, 2 × 6/7 = 1.71 → floors 0, 1; the last
    // one goes to the largest remainder (pass, 0.71) → 2, 4, 6.
    expect(allocate([2, 5, 10], 12, 4)).toEqual([2, 4, 6]);
    // A quota below the floors is spread round-robin, fail first: 1,1,1 then 2,2 → 2, 2, 1.
    expect(allocate([3, 3, 3], 5, 4)).toEqual([2, 2, 1]);
    expect(allocate([0, 0, 30], 24, 4)).toEqual([0, 0, 24]);
  });

  it('draws min(24, judged) per document, never unjudged chunks, reproducibly for a seed', () => {
    const big = Array.from({ length: 30 }, (_, i) => chunk(`big-${i}`, i, i < 3 ? 'fail' : i < 10 ? 'warn' : 'pass', [60, 60, 60, 60, 60]));
    const small = [chunk('s-0', 0, 'pass', [70, 70, 70, 70, 70]), chunk('s-1', 1, 'fail'), chunk('s-2', 2, 'warn', [50, 50, 50, 50, 50])];
    const input = report({ 'docs/big.md': big, 'docs/small.md': small });
    const first = drawSample(input);
    expect(first.filter((item) => item.file === 'docs/big.md')).toHaveLength(24);
    // small.md has 2 judged chunks (s-1 fell back to the heuristic): both, in chunk order.
    expect(first.filter((item) => item.file === 'docs/small.md').map((item) => item.id)).toEqual(['s-0', 's-2']);
    // big.md: fail 3, warn 7, pass 20 → floors 3, 4, 4; 13 left over spare 0, 3, 16: 13 × 3/19 = 2.05,
    // 13 × 16/19 = 10.95 → 2, 10, and the last to pass (0.95) → 3 fail, 6 warn, 15 pass.
    const grades = first.filter((item) => item.file === 'docs/big.md').map((item) => item.grade);
    expect([grades.filter((g) => g === 'fail').length, grades.filter((g) => g === 'warn').length, grades.filter((g) => g === 'pass').length]).toEqual([3, 6, 15]);
    expect(drawSample(input)).toEqual(first);
    const other = drawSample(input, { seed: 'another' });
    expect(other.map((item) => item.id)).not.toEqual(first.map((item) => item.id));
    expect(drawSample(input, { perDocument: 2 }).filter((item) => item.file === 'docs/big.md').map((item) => item.grade)).toEqual(
      expect.arrayContaining(['fail', 'warn']),
    );
  });
});

describe('calibration score on a hand-filled sheet (hand-computed MAE)', () => {
  // Three judged chunks; the judge's five scores, then what a person wrote on the sheet.
  const judged = report({
    'docs/a.md': [chunk('c1', 0, 'pass', [60, 80, 90, 70, 50]), chunk('c2', 1, 'warn', [70, 60, 80, 70, 50]), chunk('c3', 2, 'fail', [80, 40, 70, 50, 50])],
  });
  const csv = [
    'id,file,lines,heading_path,text,semantic_coherence,context_self_containment,information_completeness,boundary_quality,overlap_rationality,notes',
    'c1,docs/a.md,1-2,H,"Text, with a comma",50,80,100,60,40,',
    'c2,docs/a.md,3-4,H,"Text ""quoted""",90,70,80,70,60,too harsh',
    'c3,docs/a.md,5-6,H,Text,70,30,70,60,40,',
    'c4,docs/a.md,7-8,H,Skipped,,,,,,not scored',
  ].join('\n');

  it('computes MAE, bias and Spearman per dimension and overall', () => {
    const sheet = readSheet(csv, 'sheet.csv', 'csv');
    expect(sheet.unscored).toBe(1);
    const result = scoreCalibration(sheet.scores, judged);
    expect(result.samples).toBe(3);
    // semantic_coherence: judge 60 70 80, human 50 90 70: |10| |−20| |10| → MAE 40/3 = 13.33;
    // bias (judge − human) (10 − 20 + 10) / 3 = 0; ranks judge 1 2 3, human 1 3 2 → ρ = 1 − 6·2/(3·8) = 0.5.
    expect(result.dimensions.semantic_coherence.mae).toBeCloseTo(40 / 3, 10);
    expect(result.dimensions.semantic_coherence.bias).toBeCloseTo(0, 10);
    expect(result.dimensions.semantic_coherence.spearman).toBeCloseTo(0.5, 10);
    // context_self_containment: 80 60 40 vs 80 70 30: 0 10 10 → MAE 6.67, bias (0 − 10 + 10)/3 = 0, ρ = 1.
    expect(result.dimensions.context_self_containment).toEqual({ mae: 20 / 3, bias: 0, spearman: 1 });
    // information_completeness: 90 80 70 vs 100 80 70: MAE 10/3, bias −10/3 (the judge is stricter).
    expect(result.dimensions.information_completeness.mae).toBeCloseTo(10 / 3, 10);
    expect(result.dimensions.information_completeness.bias).toBeCloseTo(-10 / 3, 10);
    // boundary_quality: 70 70 50 vs 60 70 60: 10 0 10 → MAE 20/3, bias (10 + 0 − 10)/3 = 0.
    expect(result.dimensions.boundary_quality.mae).toBeCloseTo(20 / 3, 10);
    // overlap_rationality: judge 50 50 50 (no spread) vs 40 60 40: MAE 10, bias (10 − 10 + 10)/3 = 3.33, ρ undefined.
    expect(result.dimensions.overlap_rationality).toMatchObject({ mae: 10, spearman: null });
    expect(result.dimensions.overlap_rationality.bias).toBeCloseTo(10 / 3, 10);
    // Overall = mean of five. Judge: 70, 66, 58; human: 66, 74, 54 → |4| |−8| |4| → MAE 16/3 = 5.33.
    expect(result.overall.mae).toBeCloseTo(16 / 3, 10);
    // MAE 5.33 < 15, but 3 chunks < 30: not accepted.
    expect(result.acceptance).toEqual({ passed: false, ...ACCEPTANCE, reasons: ['3 scored chunks, at least 30 needed'] });
  });

  it('accepts at 30 chunks with an overall MAE under 15', () => {
    const chunks = Array.from({ length: 30 }, (_, i) => chunk(`k${i}`, i, 'pass', [60 + (i % 5), 70, 70, 70, 70]));
    const humans = chunks.map((c, i) => ({ id: c.id, scores: { semantic_coherence: 50 + (i % 5), context_self_containment: 70, information_completeness: 70, boundary_quality: 70, overlap_rationality: 70 } }));
    const result = scoreCalibration(humans, report({ 'docs/a.md': chunks }));
    // Each overall differs by 10/5 = 2 points.
    expect(result.overall.mae).toBeCloseTo(2, 10);
    expect(result.acceptance.passed).toBe(true);
  });

  it('judges the MAE it shows: 14.96 shows as 15.0 and is not below 15, 14.94 shows as 14.9 and is', () => {
    // The judge gives 70 everywhere; people give 55 on all five (overall off by 15) or 55 on four and
    // 56 on one (off by 74/5 = 14.8). 24 × 15 + 6 × 14.8 = 448.8 → MAE 14.96; 21 × 15 + 9 × 14.8 = 448.2 → 14.94.
    const run = (offByFifteen: number) => {
      const chunks = Array.from({ length: 30 }, (_, i) => chunk(`k${i}`, i, 'pass', [70, 70, 70, 70, 70]));
      const humans = chunks.map((c, i) => ({
        id: c.id,
        scores: { semantic_coherence: 55, context_self_containment: 55, information_completeness: 55, boundary_quality: 55, overlap_rationality: i < offByFifteen ? 55 : 56 },
      }));
      return scoreCalibration(humans, report({ 'docs/a.md': chunks }));
    };
    const over = run(24);
    expect(over.overall.mae).toBeCloseTo(14.96, 10);
    expect(over.acceptance).toMatchObject({ passed: false, reasons: ['overall MAE 15.0, must be below 15'] });
    const text = renderCalibration(over);
    expect(text).toContain('❌ Not accepted yet: overall MAE 15.0, must be below 15 (accepted at ≥ 30 chunks and an overall MAE below 15).');
    expect(text).not.toMatch(/seed/i);
    const under = run(21);
    expect(under.overall.mae).toBeCloseTo(14.94, 10);
    expect(under.acceptance.passed).toBe(true);
    expect(renderCalibration(under)).toContain('✅ The judge is calibrated: 30 chunks, overall MAE 14.9 < 15 (accepted at ≥ 30 chunks and an overall MAE below 15).');
  });

  it('round-trips the YAML sheet and rejects bad cells with row and column', () => {
    const items = drawSample(judged);
    const yaml = writeSheet(items, 'yaml');
    expect(yaml).toMatch(/^# Score each chunk as the LLM judge does/);
    // People score blind: the sheet holds no judge score and no grade.
    const body = yaml.split('\n').filter((line) => !line.startsWith('#')).join('\n');
    expect(body).not.toMatch(/grade|\b(60|80|90)\b/);
    const filled = yaml.replace(/semantic_coherence: null/, 'semantic_coherence: 70').replace(/context_self_containment: null/, 'context_self_containment: 70')
      .replace(/information_completeness: null/, 'information_completeness: 70').replace(/boundary_quality: null/, 'boundary_quality: 70').replace(/overlap_rationality: null/, 'overlap_rationality: 70');
    expect(readSheet(filled, 's.yml', 'yaml')).toEqual({ scores: [{ id: 'c1', scores: { semantic_coherence: 70, context_self_containment: 70, information_completeness: 70, boundary_quality: 70, overlap_rationality: 70 } }], unscored: 2 });
    const bad = csv.replace('c1,docs/a.md,1-2,H,"Text, with a comma",50,80,100,60,40,', 'c1,docs/a.md,1-2,H,x,50,,120,60,40,');
    expect(() => readSheet(bad, 'sheet.csv', 'csv')).toThrow(
      'sheet.csv: 2 problems:\nsheet.csv row 2: context_self_containment is blank; fill all five dimensions (20–100) or none\nsheet.csv row 2: information_completeness "120" is not a number from 20 to 100',
    );
    expect(() => scoreCalibration([{ id: 'nope', scores: { semantic_coherence: 50, context_self_containment: 50, information_completeness: 50, boundary_quality: 50, overlap_rationality: 50 } }], judged)).toThrow(
      'the report has no judge verdict for nope',
    );
  });

  it('writes cells that start like a formula with a leading quote (OWASP), and reads them back without it', () => {
    const items = [
      { id: '=c1', file: '@scope/a.md', index: 0, startLine: 1, endLine: 2, headingPath: ['=HYPERLINK("http://x","y")'], grade: 'pass' as const, text: '+1 for this' },
      { id: '-c2', file: 'docs/a.md', index: 1, startLine: 3, endLine: 4, headingPath: ['Setup'], grade: 'warn' as const, text: '\tindented' },
      { id: 'c3', file: 'docs/a.md', index: 2, startLine: 5, endLine: 6, headingPath: ['Notes'], grade: 'fail' as const, text: '\rcarriage' },
    ];
    const csv = writeSheet(items, 'csv');
    const lines = csv.split('\n');
    expect(lines[1]).toBe(`'=c1,'@scope/a.md,1-2,"'=HYPERLINK(""http://x"",""y"")",'+1 for this,,,,,,`);
    expect(lines[2]).toBe(`'-c2,docs/a.md,3-4,Setup,'\tindented,,,,,,`);
    expect(lines[3]).toBe(`c3,docs/a.md,5-6,Notes,"'\rcarriage",,,,,,`);
    // Only the guard comes off again: a quote before anything else stays.
    expect([unescapeFormula("'=x"), unescapeFormula("'note"), unescapeFormula("''=x")]).toEqual(['=x', "'note", "''=x"]);
    const filled = csv.replace("'+1 for this,,,,,,", "'+1 for this,60,60,60,60,60,'note").replace("'\tindented,,,,,,", "'\tindented,70,70,70,70,70,");
    expect(readSheet(filled, 'sheet.csv', 'csv')).toEqual({
      scores: [
        { id: '=c1', scores: { semantic_coherence: 60, context_self_containment: 60, information_completeness: 60, boundary_quality: 60, overlap_rationality: 60 } },
        { id: '-c2', scores: { semantic_coherence: 70, context_self_containment: 70, information_completeness: 70, boundary_quality: 70, overlap_rationality: 70 } },
      ],
      unscored: 1,
    });
  });
});
