import { describe, expect, it } from 'vitest';
import { estimateUsd, modelPrices } from '../../../../src/metrics/content/llm/pricing.js';

describe('estimateUsd', () => {
  it('prices tokens from gpt-tokenizer model data', () => {
    // gpt-tokenizer 4.0.0 lists gpt-3.5-turbo at $0.5 / $1.5 per 1M tokens:
    // 2,000,000 × 0.5 / 1e6 + 1,000,000 × 1.5 / 1e6 = 1 + 1.5 = 2.5.
    expect(modelPrices('gpt-3.5-turbo')).toEqual({ input: 0.5, output: 1.5 });
    expect(estimateUsd('gpt-3.5-turbo', { promptTokens: 2_000_000, completionTokens: 1_000_000 })).toBe(2.5);
  });

  it('ignores a vendor prefix', () => {
    expect(modelPrices('openai/gpt-3.5-turbo')).toEqual(modelPrices('gpt-3.5-turbo'));
  });

  it('costs 0 for an unknown or unpriced model, without throwing', () => {
    expect(modelPrices('my-local-llama')).toBeNull();
    expect(estimateUsd('my-local-llama', { promptTokens: 1000, completionTokens: 1000 })).toBe(0);
    expect(estimateUsd('constructor', { promptTokens: 1000, completionTokens: 1000 })).toBe(0);
    // gpt-tokenizer 4.0.0 has no price for gpt-4o-mini (the config default): the estimate is 0.
    expect(modelPrices('gpt-4o-mini')).toBeNull();
  });

  it('uses explicit prices over the model data and rounds to micro-dollars', () => {
    // gpt-4o-mini list price $0.15 / $0.60: 1234 × 0.15 / 1e6 + 567 × 0.6 / 1e6 = 0.0001851 + 0.0003402 = 0.0005253.
    expect(estimateUsd('gpt-4o-mini', { promptTokens: 1234, completionTokens: 567 }, { prices: { input: 0.15, output: 0.6 } })).toBe(0.000525);
  });
});
