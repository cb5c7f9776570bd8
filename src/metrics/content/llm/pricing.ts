import * as models from 'gpt-tokenizer/models';
import type { Cost } from '../../../types.js';

/** Prices in USD per million tokens. */
export interface TokenPrices {
  input: number;
  output: number;
}

/** Options for {@link estimateUsd}. */
export interface PricingOptions {
  /**
   * Prices to use instead of gpt-tokenizer's model data (default: none). Set this
   * for models the data lacks or prices wrongly, or for non-OpenAI endpoints.
   */
  prices?: TokenPrices;
}

const catalogue = models as unknown as Record<string, { price_data?: { main?: { input?: number; output?: number } } } | undefined>;

/**
 * Main-API prices of `model` from gpt-tokenizer's model data (`gpt-tokenizer/models`,
 * `price_data.main`, USD per 1M tokens), or `null` when the model is unknown or
 * unpriced. A `vendor/` prefix (as OpenRouter-style names carry) is ignored.
 */
export function modelPrices(model: string): TokenPrices | null {
  const name = Object.hasOwn(catalogue, model) ? model : model.slice(model.lastIndexOf('/') + 1);
  const main = Object.hasOwn(catalogue, name) ? catalogue[name]?.price_data?.main : undefined;
  if (!main || (main.input === undefined && main.output === undefined)) return null;
  return { input: main.input ?? 0, output: main.output ?? 0 };
}

/**
 * Estimated spend in USD: `(promptTokens × input + completionTokens × output) / 1e6`,
 * rounded to 6 decimals so reports stay byte-identical. Prices come from
 * `options.prices`, else {@link modelPrices}; an unknown model costs `0` (the
 * estimate is missing, not the spend — token counts are still reported).
 */
export function estimateUsd(model: string, usage: { promptTokens: number; completionTokens: number }, options: PricingOptions = {}): number {
  const prices = options.prices ?? modelPrices(model);
  if (!prices) return 0;
  const usd = (usage.promptTokens * prices.input + usage.completionTokens * prices.output) / 1_000_000;
  return Number.isFinite(usd) ? Math.round(usd * 1e6) / 1e6 : 0;
}

/** The costs of several judges or slices of one run, added up field by field. */
export function sumCosts(costs: readonly Cost[]): Cost {
  const total: Cost = { calls: 0, judgedChunks: 0, cacheHits: 0, promptTokens: 0, completionTokens: 0, usd: 0 };
  for (const cost of costs) for (const key of Object.keys(total) as (keyof Cost)[]) total[key] += cost[key];
  return total;
}
