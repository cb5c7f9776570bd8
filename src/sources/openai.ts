import OpenAI from 'openai';
import type { JudgeProvider } from '../metrics/content/llm/types.js';

/** Options for {@link createOpenAIProvider}. */
export interface OpenAIProviderOptions {
  /**
   * API key (default: the client's `OPENAI_API_KEY`). With a custom `baseURL`
   * an absent key is sent as `unused`: local OpenAI-compatible servers need none.
   */
  apiKey?: string | null;
  /** Any OpenAI-compatible endpoint, e.g. `http://127.0.0.1:11434/v1` (default: the OpenAI API). */
  baseURL?: string | null;
  /** Timeout of one HTTP attempt in ms (default: `60000`). */
  timeoutMs?: number;
  /**
   * Retries on connection errors, 408, 409, 429 and 5xx (default: `2`). The client
   * waits as `retry-after-ms` / `retry-after` (seconds or HTTP date) says, else
   * backs off exponentially from 0.5 s to at most 8 s with jitter.
   */
  maxRetries?: number;
  /** Sampling temperature (default: `0`, omitted for `o*` and `gpt-5*` models, which accept only their default). */
  temperature?: number | null;
}

/**
 * A {@link JudgeProvider} on the official `openai` client: `chat.completions.create`
 * with `response_format: { type: 'json_schema', json_schema: { name, strict: true, schema } }`.
 *
 * Retries and their backoff are the client's (see `maxRetries`); the judge's abort
 * signal is passed through. Returns the message content, its `refusal`, and the
 * usage the API reported (`0` when a compatible server sends none). HTTP failures
 * reject with the client's `APIError` (numeric `status`).
 *
 * @throws the client's `OpenAIError` when there is no key at all (no `apiKey`, no
 * `OPENAI_API_KEY`, no `baseURL`): a configuration error, raised before any request.
 */
export function createOpenAIProvider(options: OpenAIProviderOptions = {}): JudgeProvider {
  const apiKey = options.apiKey || (options.baseURL ? (process.env.OPENAI_API_KEY ?? 'unused') : undefined);
  const client = new OpenAI({
    ...(apiKey ? { apiKey } : {}),
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: options.maxRetries ?? 2,
  });
  return {
    async complete(request) {
      const temperature = options.temperature === undefined ? defaultTemperature(request.model) : options.temperature;
      const completion = await client.chat.completions.create(
        {
          model: request.model,
          messages: request.messages,
          response_format: {
            type: 'json_schema',
            json_schema: { name: request.schema.name, strict: true, schema: request.schema.schema as Record<string, unknown> },
          },
          ...(temperature === null ? {} : { temperature }),
        },
        request.signal ? { signal: request.signal } : undefined,
      );
      const message = completion.choices?.[0]?.message;
      return {
        content: message?.content ?? null,
        refusal: message?.refusal ?? null,
        promptTokens: completion.usage?.prompt_tokens ?? 0,
        completionTokens: completion.usage?.completion_tokens ?? 0,
      };
    },
  };
}

/** Reasoning models reject any temperature but their default. */
function defaultTemperature(model: string): number | null {
  return /^(?:[\w-]+\/)?(?:o\d|gpt-5)/.test(model) ? null : 0;
}
