import { z } from 'zod';
import type { LlmDimension, LlmVerdict } from '../../../types.js';
import { LLM_DIMENSIONS } from './types.js';

/** Lowest and highest rubric score (20–100, docs/config.md#the-llm-judge-optional). */
export const SCORE_MIN = 20;
export const SCORE_MAX = 100;

const scoreProperty = { type: 'integer', minimum: SCORE_MIN, maximum: SCORE_MAX } as const;
const stringList = { type: 'array', items: { type: 'string' } } as const;

/**
 * The JSON schema sent as `response_format: { type: 'json_schema', json_schema: { name, strict: true, schema } }`.
 *
 * Strict mode needs every property required and `additionalProperties: false`.
 * `reasoning` comes before `scores` in each chunk object so the model writes its
 * argument before it commits to numbers.
 */
export const JUDGE_SCHEMA: { name: string; schema: object } = {
  name: 'chunk_judgement',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['chunks', 'chunk_issues'],
    properties: {
      chunks: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['index', 'reasoning', 'strengths', 'weaknesses', 'scores'],
          properties: {
            index: { type: 'integer' },
            reasoning: { type: 'string' },
            strengths: stringList,
            weaknesses: stringList,
            scores: {
              type: 'object',
              additionalProperties: false,
              required: [...LLM_DIMENSIONS],
              properties: Object.fromEntries(LLM_DIMENSIONS.map((name) => [name, scoreProperty])),
            },
          },
        },
      },
      chunk_issues: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['index', 'issues', 'severity'],
          properties: {
            index: { type: 'integer' },
            issues: stringList,
            severity: { type: 'string', enum: ['high', 'medium', 'low'] },
          },
        },
      },
    },
  },
};

/**
 * A score as validated: any number in [20, 100]. Floats are accepted (servers that
 * ignore `strict` may send 87.6) and rounded by {@link clampScore}; anything outside
 * the range breaks the stated contract, so the chunk's verdict is rejected rather
 * than clamped into a plausible-looking number.
 */
const score = z.number().min(SCORE_MIN).max(SCORE_MAX);
const scores = z.object(Object.fromEntries(LLM_DIMENSIONS.map((name) => [name, score])) as Record<LlmDimension, typeof score>);
const severity = z.enum(['high', 'medium', 'low']);
const issue = z.object({ index: z.number().int(), issues: z.array(z.string()), severity });
const chunkVerdict = z.object({
  index: z.number().int(),
  reasoning: z.string(),
  strengths: z.array(z.string()),
  weaknesses: z.array(z.string()),
  scores,
});
/** The answer's outer shape; chunk entries are validated one by one so one bad entry fails only its chunk. */
const answer = z.object({ chunks: z.array(z.unknown()), chunk_issues: z.array(issue) });

/** Validates a cached {@link LlmVerdict} (a stale or corrupt entry fails and counts as a miss). */
export const verdictSchema = z.object({
  scores: z.object(
    Object.fromEntries(LLM_DIMENSIONS.map((name) => [name, z.number().int().min(SCORE_MIN).max(SCORE_MAX)])) as Record<
      LlmDimension,
      z.ZodNumber
    >,
  ),
  issues: z.array(z.object({ issues: z.array(z.string()), severity })),
  strengths: z.array(z.string()),
  weaknesses: z.array(z.string()),
  reasoning: z.string(),
  model: z.string(),
  promptVersion: z.string(),
});

/** A verdict as read from one answer, before the judge stamps model and prompt version on it. */
type AnswerVerdict = Omit<LlmVerdict, 'model' | 'promptVersion'>;

/** Per requested chunk index: its verdict, or why it has none. */
export interface ParsedAnswer {
  verdicts: Map<number, AnswerVerdict>;
  failures: Map<number, string>;
}

/** Rounds to an integer and clamps to [20, 100] (default range of the rubric). */
export function clampScore(value: number): number {
  return Math.min(SCORE_MAX, Math.max(SCORE_MIN, Math.round(value)));
}

/**
 * Parses and validates the model's answer for the `requested` chunk indexes.
 *
 * Rules: unparsable JSON or a wrong outer shape fails every requested chunk; a
 * chunk entry that fails validation fails only that chunk; a requested index with
 * no entry fails with "no verdict"; entries for indexes not requested are ignored;
 * when an index appears twice the first entry counts. Scores are rounded and
 * clamped to 20–100 after validation. Never throws.
 */
export function parseJudgeAnswer(content: string, requested: readonly number[]): ParsedAnswer {
  const verdicts = new Map<number, AnswerVerdict>();
  const failures = new Map<number, string>();
  const failAll = (reason: string): ParsedAnswer => {
    for (const index of requested) failures.set(index, reason);
    return { verdicts, failures };
  };
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch (error) {
    return failAll(`invalid-json: ${error instanceof Error ? error.message : String(error)}`);
  }
  const outer = answer.safeParse(data);
  if (!outer.success) return failAll(`invalid-output: ${describe(outer.error)}`);
  const wanted = new Set(requested);
  for (const entry of outer.data.chunks) {
    const index = indexOf(entry);
    if (index === undefined || !wanted.has(index) || verdicts.has(index) || failures.has(index)) continue;
    const parsed = chunkVerdict.safeParse(entry);
    if (!parsed.success) {
      failures.set(index, `invalid-output: ${describe(parsed.error)}`);
      continue;
    }
    const { scores: raw, reasoning, strengths, weaknesses } = parsed.data;
    const clamped = Object.fromEntries(LLM_DIMENSIONS.map((name) => [name, clampScore(raw[name])])) as Record<LlmDimension, number>;
    const issues = outer.data.chunk_issues
      .filter((item) => item.index === index)
      .map((item) => ({ issues: item.issues, severity: item.severity }));
    verdicts.set(index, { scores: clamped, issues, strengths, weaknesses, reasoning });
  }
  for (const index of requested) {
    if (!verdicts.has(index) && !failures.has(index)) failures.set(index, `missing-verdict: the answer has no entry for chunk ${index}`);
  }
  return { verdicts, failures };
}

function indexOf(entry: unknown): number | undefined {
  if (entry === null || typeof entry !== 'object' || !('index' in entry)) return undefined;
  const index = entry.index;
  return typeof index === 'number' && Number.isInteger(index) ? index : undefined;
}

/** The first validation problem as "path: message", short enough for a report line. */
function describe(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return 'does not match the schema';
  const path = first.path.length > 0 ? first.path.join('.') : '(root)';
  const more = error.issues.length > 1 ? ` (+${error.issues.length - 1} more)` : '';
  return `${path}: ${first.message}${more}`;
}
