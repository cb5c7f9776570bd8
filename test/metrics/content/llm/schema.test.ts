import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { clampScore, JUDGE_SCHEMA, parseJudgeAnswer } from '../../../../src/metrics/content/llm/schema.js';
import { validAnswer } from '../../../helpers/openai-double.js';

const ajv = new Ajv({ strict: true });
const validate = ajv.compile(JUDGE_SCHEMA.schema);

/** Every object schema in strict mode: `additionalProperties: false` and every property required. */
function strictObjects(node: unknown, path = '$'): string[] {
  if (node === null || typeof node !== 'object') return [];
  const schema = node as { type?: string; properties?: Record<string, unknown>; required?: string[]; additionalProperties?: unknown; items?: unknown };
  const problems: string[] = [];
  if (schema.type === 'object') {
    if (schema.additionalProperties !== false) problems.push(`${path}: additionalProperties`);
    const keys = Object.keys(schema.properties ?? {}).sort();
    if (JSON.stringify([...(schema.required ?? [])].sort()) !== JSON.stringify(keys)) problems.push(`${path}: required`);
    for (const [key, child] of Object.entries(schema.properties ?? {})) problems.push(...strictObjects(child, `${path}.${key}`));
  }
  if (schema.items) problems.push(...strictObjects(schema.items, `${path}[]`));
  return problems;
}

describe('JUDGE_SCHEMA', () => {
  it('meets OpenAI strict-mode rules', () => {
    expect(strictObjects(JUDGE_SCHEMA.schema)).toEqual([]);
  });

  it('agrees with the answer validator on valid, out-of-range and float answers', () => {
    const good = validAnswer([0, 1]);
    const tooHigh = validAnswer([0], () => 150);
    const float = validAnswer([0], () => 87.6);
    expect(validate(good)).toBe(true);
    expect(parseJudgeAnswer(JSON.stringify(good), [0, 1]).failures.size).toBe(0);
    expect(validate(tooHigh)).toBe(false);
    expect(parseJudgeAnswer(JSON.stringify(tooHigh), [0]).failures.get(0)).toMatch(/^invalid-output/);
    // Deliberate difference: the schema asks for integers, the validator tolerates floats and rounds.
    expect(validate(float)).toBe(false);
    expect(parseJudgeAnswer(JSON.stringify(float), [0]).verdicts.get(0)!.scores.semantic_coherence).toBe(88);
  });
});

describe('parseJudgeAnswer', () => {
  it('reads scores, strengths, reasoning and attaches chunk_issues by index', () => {
    const parsed = parseJudgeAnswer(JSON.stringify(validAnswer([4, 5])), [4, 5]);
    // defaultScore: 50 + index % 40 + dimension → chunk 5: 55, 56, 57, 58, 59.
    expect(parsed.verdicts.get(5)).toEqual({
      scores: { semantic_coherence: 55, context_self_containment: 56, information_completeness: 57, boundary_quality: 58, overlap_rationality: 59 },
      issues: [{ issues: ['odd chunk 5'], severity: 'medium' }],
      strengths: ['focused'],
      weaknesses: [],
      reasoning: 'Chunk 5 reads well on its own.',
    });
    expect(parsed.verdicts.get(4)!.issues).toEqual([]);
  });

  it('fails every requested chunk on unparsable JSON or a wrong outer shape', () => {
    expect([...parseJudgeAnswer('not json', [1, 2]).failures.keys()]).toEqual([1, 2]);
    expect(parseJudgeAnswer('not json', [1]).failures.get(1)).toMatch(/^invalid-json: /);
    expect(parseJudgeAnswer('{"chunks": 3, "chunk_issues": []}', [1]).failures.get(1)).toMatch(/^invalid-output: chunks: /);
    expect(parseJudgeAnswer('{"chunks": [], "chunk_issues": [{"index": 1}]}', [1]).failures.get(1)).toMatch(/^invalid-output: chunk_issues\.0\./);
  });

  it('reports a requested index without an entry, ignores unrequested ones and keeps the first duplicate', () => {
    const answer = validAnswer([1, 2, 9]) as { chunks: { index: number; scores: Record<string, number> }[] };
    answer.chunks.push({ ...answer.chunks[0]!, scores: { ...answer.chunks[0]!.scores, semantic_coherence: 20 } });
    const parsed = parseJudgeAnswer(JSON.stringify(answer), [1, 3]);
    expect(parsed.verdicts.get(1)!.scores.semantic_coherence).toBe(51); // first entry: 50 + 1 + 0
    expect(parsed.verdicts.has(9)).toBe(false);
    expect(parsed.failures.get(3)).toBe('missing-verdict: the answer has no entry for chunk 3');
  });

  it('rejects a score below 20, a missing dimension and a bad severity', () => {
    const low = validAnswer([0], () => 19);
    expect(parseJudgeAnswer(JSON.stringify(low), [0]).failures.get(0)).toMatch(/Too small|>=20/);
    const missing = validAnswer([0]) as { chunks: { scores: Record<string, number> }[] };
    delete missing.chunks[0]!.scores.boundary_quality;
    expect(parseJudgeAnswer(JSON.stringify(missing), [0]).failures.get(0)).toMatch(/^invalid-output: scores\.boundary_quality/);
    const severity = { chunks: [], chunk_issues: [{ index: 0, issues: [], severity: 'critical' }] };
    expect(parseJudgeAnswer(JSON.stringify(severity), [0]).failures.get(0)).toMatch(/^invalid-output: chunk_issues\.0\.severity/);
  });
});

describe('clampScore', () => {
  it('rounds and clamps to 20–100', () => {
    expect([clampScore(87.6), clampScore(87.4), clampScore(19.6), clampScore(12), clampScore(100.4), clampScore(250)]).toEqual([88, 87, 20, 20, 100, 100]);
  });
});
