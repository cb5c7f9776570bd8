/** The `llm` judge scorer: public surface (docs/config.md#the-llm-judge-optional). */
export { judgeChunks, type JudgeDocInput, type JudgeDocResult, type JudgeInput, type JudgeResult } from './judge.js';
export { judgeKey, type JudgeKeyInput } from './cache-key.js';
export { PROMPT_VERSION, judgeMessages } from './prompt.js';
export { JUDGE_SCHEMA, parseJudgeAnswer, clampScore, verdictSchema, SCORE_MIN, SCORE_MAX } from './schema.js';
export { estimateUsd, modelPrices, type TokenPrices, type PricingOptions } from './pricing.js';
export { evidenceOf, DEFAULT_MAX_SECTION_CHARS, type Evidence, type EvidenceOptions } from './evidence.js';
export { planBatches, DEFAULT_BATCH_SIZE, type PlanItem, type PlanOptions } from './plan.js';
export { assembleBatch, type JudgeBatch, type BatchChunk, type BatchExcerpt } from './batch.js';
export { contentMetricsFromVerdict } from './verdict-metrics.js';
export {
  LLM_DIMENSIONS,
  type JudgeCache,
  type JudgeMessage,
  type JudgeProvider,
  type JudgeRequest,
  type JudgeResponse,
} from './types.js';
export type { LlmChunkIssue, LlmDimension, LlmVerdict } from '../../../types.js';
