import pLimit from 'p-limit';
import type { Chunk, ContentMetrics, Cost, ParsedDoc } from '../../../types.js';
import { assembleBatch } from './batch.js';
import { judgeKey } from './cache-key.js';
import { evidenceOf, type Evidence } from './evidence.js';
import { planBatches, type PlanItem } from './plan.js';
import { estimateUsd, type TokenPrices } from './pricing.js';
import { judgeMessages, PROMPT_VERSION } from './prompt.js';
import { JUDGE_SCHEMA, parseJudgeAnswer, verdictSchema } from './schema.js';
import type { LlmVerdict } from '../../../types.js';
import type { JudgeCache, JudgeProvider } from './types.js';
import { askModel } from './ask.js';
import { contentMetricsFromVerdict } from './verdict-metrics.js';

/** One document to judge: its parse, its chunks and their heuristic content metrics (same order). */
export interface JudgeDocInput {
  doc: ParsedDoc;
  chunks: Chunk[];
  heuristic: ContentMetrics[];
}

/** Input of {@link judgeChunks}. Pass base and head documents together so unchanged chunks are judged once. */
export interface JudgeInput {
  docs: JudgeDocInput[];
  model: string;
  /** Digest of the settings that change what a chunk means; part of every cache key. */
  configDigest: string;
  /** Requests in flight at once (default when below 1: `1`). */
  maxConcurrency: number;
  /** Time budget of one request, retries included, in ms (`0` or less: no limit). */
  timeoutMs: number;
  /** Most target chunks per request (default: `8`). */
  batchSize?: number;
  /** Longest section excerpt per chunk, in characters (default: `6000`). */
  maxSectionChars?: number;
  /** USD per 1M tokens, overriding gpt-tokenizer's model data (default: none). */
  prices?: TokenPrices;
}

/** Per chunk of one document, in chunk order. */
export interface JudgeDocResult {
  /** The judge's metrics, or the heuristic ones where it fell back. */
  metrics: ContentMetrics[];
  /** The verdict, `null` where the judge fell back. */
  llm: (LlmVerdict | null)[];
  /** Why the judge fell back (`"<code>: <detail>"`, code one of `timeout`, `http-error`, `provider-error`, `refusal`, `empty-answer`, `invalid-json`, `invalid-output`, `missing-verdict`), `null` when it did not. */
  fallback: (string | null)[];
}

/** Output of {@link judgeChunks}. */
export interface JudgeResult {
  perDoc: JudgeDocResult[];
  /**
   * `calls`: requests sent (retries inside the provider not counted); `judgedChunks`:
   * distinct evidence windows sent; `cacheHits`: distinct evidence windows served from
   * the cache (so `judgedChunks + cacheHits` = distinct windows); tokens as the API
   * reported them, failed requests included when usage came back; `usd` from
   * {@link estimateUsd}.
   */
  cost: Cost;
  /** `true` when any chunk fell back to its heuristic metrics. */
  partial: boolean;
}

interface Pending extends PlanItem {
  key: string;
  evidence: Evidence;
}

/** How many cache reads run at once: enough to hide disk latency, few enough for file-handle limits. */
const CACHE_READS = 16;

/**
 * Scores chunks with the LLM judge (docs/config.md#the-llm-judge-optional: the rubric and the
 * evidence windows).
 *
 * Each chunk's evidence window (text, neighbours, section excerpt, heading path)
 * plus config digest, model and prompt version is hashed by `judgeKey`; identical
 * keys across documents (base and head) are judged once. Keys are looked up in the
 * cache first; misses are grouped by `planBatches`, sent with at most
 * `maxConcurrency` requests in flight, each aborted after `timeoutMs`. Valid
 * verdicts are cached and mapped by `contentMetricsFromVerdict`. On timeout, HTTP
 * error, refusal or invalid output the heuristic metrics stand for the affected
 * chunks, the reason is recorded and the result is `partial`; nothing throws for
 * provider or cache failures. Results do not depend on completion order.
 *
 * @throws RangeError when a document's `heuristic` and `chunks` differ in length (a caller bug).
 */
export async function judgeChunks(input: JudgeInput, provider: JudgeProvider, cache: JudgeCache): Promise<JudgeResult> {
  const cost: Cost = { calls: 0, judgedChunks: 0, cacheHits: 0, promptTokens: 0, completionTokens: 0, usd: 0 };
  const keys: string[][] = [];
  const unique = new Map<string, Pending>();
  input.docs.forEach(({ doc, chunks, heuristic }, docIndex) => {
    if (heuristic.length !== chunks.length) {
      throw new RangeError(`${doc.path}: ${heuristic.length} heuristic results for ${chunks.length} chunks`);
    }
    keys.push(
      chunks.map((_, index) => {
        const evidence = evidenceOf(doc, chunks, index, { maxSectionChars: input.maxSectionChars });
        const key = judgeKey({
          chunkText: evidence.chunkText,
          neighbours: evidence.neighbours,
          sectionText: evidence.sectionText,
          headingPath: evidence.headingPath,
          configDigest: input.configDigest,
          model: input.model,
          promptVersion: PROMPT_VERSION,
        });
        if (!unique.has(key)) unique.set(key, { key, docIndex, index, section: evidence.section, evidence });
        return key;
      }),
    );
  });

  const verdicts = new Map<string, LlmVerdict>();
  const failures = new Map<string, string>();
  const reads = pLimit(CACHE_READS);
  const cached = await Promise.all([...unique.keys()].map((key) => reads(() => readVerdict(cache, key))));
  const misses: Pending[] = [];
  [...unique.values()].forEach((pending, position) => {
    const verdict = cached[position];
    if (verdict) {
      verdicts.set(pending.key, verdict);
      cost.cacheHits += 1;
    } else {
      misses.push(pending);
    }
  });

  const writes: Promise<void>[] = [];
  const requests = pLimit(Math.max(1, Math.floor(input.maxConcurrency) || 1));
  await Promise.all(
    planBatches(misses, { batchSize: input.batchSize }).map((batch) =>
      requests(async () => {
        const doc = input.docs[batch[0]!.docIndex]!.doc;
        cost.calls += 1;
        cost.judgedChunks += batch.length;
        const outcome = await askModel(provider, {
          model: input.model,
          messages: judgeMessages(assembleBatch(doc.source, batch.map((item) => item.evidence))),
          schema: JUDGE_SCHEMA,
          timeoutMs: input.timeoutMs,
        });
        cost.promptTokens += outcome.promptTokens;
        cost.completionTokens += outcome.completionTokens;
        if ('reason' in outcome) {
          for (const item of batch) failures.set(item.key, outcome.reason);
          return;
        }
        const parsed = parseJudgeAnswer(outcome.content, batch.map((item) => item.index));
        for (const item of batch) {
          const body = parsed.verdicts.get(item.index);
          if (!body) {
            failures.set(item.key, parsed.failures.get(item.index) ?? 'missing-verdict');
            continue;
          }
          const verdict: LlmVerdict = { ...body, model: input.model, promptVersion: PROMPT_VERSION };
          verdicts.set(item.key, verdict);
          // A cache that cannot store only costs a re-judge next run; it must not fail this one.
          writes.push(
            Promise.resolve()
              .then(() => cache.set(item.key, verdict))
              .catch(() => undefined),
          );
        }
      }),
    ),
  );
  await Promise.all(writes);
  cost.usd = estimateUsd(input.model, cost, { prices: input.prices });

  let partial = false;
  const perDoc = input.docs.map(({ heuristic }, docIndex): JudgeDocResult => {
    const result: JudgeDocResult = { metrics: [], llm: [], fallback: [] };
    keys[docIndex]!.forEach((key, index) => {
      const verdict = verdicts.get(key);
      const fallbackMetrics = heuristic[index]!;
      if (verdict) {
        result.metrics.push(contentMetricsFromVerdict(verdict, fallbackMetrics));
        result.llm.push(verdict);
        result.fallback.push(null);
      } else {
        partial = true;
        result.metrics.push(fallbackMetrics);
        result.llm.push(null);
        result.fallback.push(failures.get(key) ?? 'missing-verdict');
      }
    });
    return result;
  });
  return { perDoc, cost, partial };
}

async function readVerdict(cache: JudgeCache, key: string): Promise<LlmVerdict | undefined> {
  try {
    const parsed = verdictSchema.safeParse(await cache.get(key));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
