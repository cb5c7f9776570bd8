import { expect, it } from 'vitest';
import * as llm from '../../../../src/metrics/content/llm/index.js';

it('pins the public surface of the llm judge', () => {
  expect(Object.keys(llm).sort()).toEqual([
    'DEFAULT_BATCH_SIZE',
    'DEFAULT_MAX_SECTION_CHARS',
    'JUDGE_SCHEMA',
    'LLM_DIMENSIONS',
    'PROMPT_VERSION',
    'SCORE_MAX',
    'SCORE_MIN',
    'assembleBatch',
    'clampScore',
    'contentMetricsFromVerdict',
    'estimateUsd',
    'evidenceOf',
    'judgeChunks',
    'judgeKey',
    'judgeMessages',
    'modelPrices',
    'parseJudgeAnswer',
    'planBatches',
    'verdictSchema',
  ]);
});
