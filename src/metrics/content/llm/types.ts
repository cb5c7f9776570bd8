/**
 * Interfaces and data of the `llm` judge scorer (docs/config.md#the-llm-judge-optional).
 *
 * The judge core receives its provider and its cache as these interfaces, so it
 * imports no network client and no `fs` (ARCHITECTURE.md); the shells in `src/sources/`
 * implement them.
 */
import type { LlmDimension } from '../../../types.js';

/** One chat message sent to the judge model. */
export interface JudgeMessage {
  role: 'system' | 'user';
  content: string;
}

/** A structured-output request: the provider sends it as `response_format: json_schema` (strict). */
export interface JudgeRequest {
  model: string;
  messages: JudgeMessage[];
  schema: { name: string; schema: object };
  /** Aborted by the judge when the request exceeds its time budget. */
  signal?: AbortSignal;
}

/** What the model answered, with the token usage the API reported (0 when unknown). */
export interface JudgeResponse {
  content: string | null;
  /** The model's refusal message (`message.refusal`), when it declined to answer. */
  refusal?: string | null;
  promptTokens: number;
  completionTokens: number;
}

/**
 * An LLM chat endpoint. Implementations retry transient HTTP errors themselves
 * and reject on anything they cannot recover from (an error with a numeric
 * `status` is reported as an HTTP error).
 */
export interface JudgeProvider {
  complete(request: JudgeRequest): Promise<JudgeResponse>;
}

/**
 * A key-value store of verdicts. `get` resolves `undefined` on a miss; values are
 * re-validated on read, so a store may return anything (a corrupt entry is a miss).
 */
export interface JudgeCache {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

/** The rubric dimensions in the order the prompt and the schema list them. */
export const LLM_DIMENSIONS: readonly LlmDimension[] = [
  'semantic_coherence',
  'context_self_containment',
  'information_completeness',
  'boundary_quality',
  'overlap_rationality',
];

