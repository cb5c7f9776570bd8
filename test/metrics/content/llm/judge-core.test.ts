/** judgeChunks with in-process providers and caches: concurrency, ordering and failure handling. */
import { describe, expect, it } from 'vitest';
import { judgeChunks, type JudgeInput } from '../../../../src/metrics/content/llm/judge.js';
import type { JudgeCache, JudgeProvider, JudgeRequest } from '../../../../src/metrics/content/llm/types.js';
import { targetsOf, validAnswer } from '../../../helpers/openai-double.js';
import { chunkBySection, HEURISTIC } from './docs.js';

const answerFor = (request: JudgeRequest): string => JSON.stringify(validAnswer(targetsOf({ messages: request.messages })));
const usage = { promptTokens: 10, completionTokens: 5 };

const nullCache: JudgeCache = { get: async () => undefined, set: async () => undefined };

/** `count` one-chunk docs with distinct text, so each is its own request. */
const singles = (count: number) => Array.from({ length: count }, (_, n) => chunkBySection(`docs/${n}.md`, `## Page ${n}\n\nPage ${n} body.\n`));

function input(docs: JudgeInput['docs'], overrides: Partial<JudgeInput> = {}): JudgeInput {
  return { docs, model: 'test-model', configDigest: 'cfg', maxConcurrency: 4, timeoutMs: 2_000, ...overrides };
}

describe('judgeChunks (core)', () => {
  it('keeps at most maxConcurrency requests in flight', async () => {
    let active = 0;
    let peak = 0;
    const provider: JudgeProvider = {
      async complete(request) {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise((resolve) => setImmediate(resolve));
        active -= 1;
        return { content: answerFor(request), ...usage };
      },
    };
    const result = await judgeChunks(input(singles(10), { maxConcurrency: 3 }), provider, nullCache);
    expect(peak).toBe(3);
    // 10 calls × (10 + 5) tokens; unknown model → $0.
    expect(result.cost).toEqual({ calls: 10, judgedChunks: 10, cacheHits: 0, promptTokens: 100, completionTokens: 50, usd: 0 });
  });

  it('returns the same result whatever order answers arrive in', async () => {
    const docs = singles(6);
    const releases: (() => void)[] = [];
    const reversed: JudgeProvider = {
      async complete(request) {
        await new Promise<void>((resolve) => {
          releases.push(resolve);
          // Once all six are waiting, answer them last-first.
          if (releases.length === 6) for (const release of [...releases].reverse()) release();
        });
        return { content: answerFor(request), ...usage };
      },
    };
    const inOrder: JudgeProvider = { complete: async (request) => ({ content: answerFor(request), ...usage }) };
    const shuffled = await judgeChunks(input(docs, { maxConcurrency: 6 }), reversed, nullCache);
    const sequential = await judgeChunks(input(docs, { maxConcurrency: 1 }), inOrder, nullCache);
    expect(JSON.stringify(shuffled)).toBe(JSON.stringify(sequential));
  });

  it('re-judges when the cache fails or holds something that is not a verdict, and survives failed writes', async () => {
    const flaky: JudgeCache = {
      get: async () => {
        throw new Error('disk on fire');
      },
      set: async () => {
        throw new Error('read-only');
      },
    };
    const provider: JudgeProvider = { complete: async (request) => ({ content: answerFor(request), ...usage }) };
    const docs = [chunkBySection('docs/a.md', '## A\n\nText.\n')];
    const first = await judgeChunks(input(docs), provider, flaky);
    expect(first.partial).toBe(false);
    expect(first.cost.calls).toBe(1);
    const stale: JudgeCache = { get: async () => ({ scores: 'not a verdict' }), set: async () => undefined };
    const second = await judgeChunks(input(docs), provider, stale);
    expect(second.cost).toMatchObject({ calls: 1, cacheHits: 0 });
  });

  it('names HTTP, provider and empty-answer failures', async () => {
    const docs = [chunkBySection('docs/a.md', '## A\n\nText.\n')];
    const http: JudgeProvider = {
      complete: async () => {
        throw Object.assign(new Error('401 Incorrect API key'), { status: 401 });
      },
    };
    const broken: JudgeProvider = {
      complete: () => {
        throw new TypeError('boom');
      },
    };
    const empty: JudgeProvider = { complete: async () => ({ content: '  ', ...usage }) };
    expect((await judgeChunks(input(docs), http, nullCache)).perDoc[0]!.fallback[0]).toBe('http-error: HTTP 401 (401 Incorrect API key)');
    expect((await judgeChunks(input(docs), broken, nullCache)).perDoc[0]!.fallback[0]).toBe('provider-error: boom');
    const blank = await judgeChunks(input(docs), empty, nullCache);
    expect(blank.perDoc[0]!.fallback[0]).toMatch(/^empty-answer/);
    expect(blank.perDoc[0]!.metrics[0]).toEqual(HEURISTIC);
    expect(blank.cost.promptTokens).toBe(10); // the empty answer was still billed
  });

  it('times out a provider that ignores the abort signal', { timeout: 5_000 }, async () => {
    let signalled = false;
    const deaf: JudgeProvider = {
      complete: (request) => {
        request.signal?.addEventListener('abort', () => {
          signalled = true;
        });
        return new Promise(() => undefined);
      },
    };
    const result = await judgeChunks(input([chunkBySection('docs/a.md', '## A\n\nText.\n')], { timeoutMs: 50 }), deaf, nullCache);
    expect(result.perDoc[0]!.fallback[0]).toBe('timeout: no answer within 50 ms');
    expect(signalled).toBe(true);
  });

  it('returns neutral results for no documents and for a document without chunks', async () => {
    const never: JudgeProvider = {
      complete: async () => {
        throw new Error('must not be called');
      },
    };
    expect(await judgeChunks(input([]), never, nullCache)).toEqual({
      perDoc: [],
      cost: { calls: 0, judgedChunks: 0, cacheHits: 0, promptTokens: 0, completionTokens: 0, usd: 0 },
      partial: false,
    });
    const empty = chunkBySection('docs/empty.md', '');
    expect(empty.chunks).toHaveLength(0);
    expect((await judgeChunks(input([empty]), never, nullCache)).perDoc).toEqual([{ metrics: [], llm: [], fallback: [] }]);
  });

  it('rejects heuristic results that do not match the chunks', async () => {
    const doc = chunkBySection('docs/a.md', '## A\n\nText.\n');
    await expect(judgeChunks(input([{ ...doc, heuristic: [] }]), { complete: async () => ({ content: null, ...usage }) }, nullCache)).rejects.toThrow(RangeError);
  });
});
