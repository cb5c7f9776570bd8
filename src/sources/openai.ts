import OpenAI from 'openai';
import { scrub, urlSecrets } from '../config/secrets.js';
import type { JudgeProvider } from '../metrics/content/llm/types.js';
import { withRetries } from './retry.js';

/** Options for {@link createOpenAIProvider}. */
export interface OpenAIProviderOptions {
  /**
   * API key (default: the key in the base URL's user info, else `OPENAI_API_KEY`). With a custom
   * `baseURL` an absent key is sent as `unused`: local OpenAI-compatible servers need none.
   */
  apiKey?: string | null;
  /**
   * Any OpenAI-compatible endpoint, e.g. `http://127.0.0.1:11434/v1` (default: the OpenAI API).
   * Query parameters (`?api-key=…` of some gateways) are sent with every request; user info
   * (`https://user:key@host/v1`) is taken as the key when none is given, never sent in the URL.
   */
  baseURL?: string | null;
  /** Timeout of one HTTP attempt in ms (default: `60000`). */
  timeoutMs?: number;
  /**
   * Retries on connection errors, 408, 409, 429 and 5xx (default: `2`), waiting as
   * `retry-after-ms` / `retry-after` says up to `maxWaitMs`, else 0.5 s doubling to 8 s.
   */
  maxRetries?: number;
  /** Longest wait before a retry; a server asking for longer gets no retry (default: `60000`). */
  maxWaitMs?: number;
  /**
   * Time all requests of this provider may take together, in ms: after it, requests in flight
   * are aborted and new ones fail at once, so the judge falls back and the run ends (default:
   * 20 × `timeoutMs`).
   */
  totalTimeoutMs?: number;
  /** Sampling temperature (default: `0`, omitted for `o*` and `gpt-5*` models, which accept only their default). */
  temperature?: number | null;
}

/** How the `openai` client is set up for a base URL that may carry credentials. */
export interface ClientSettings {
  apiKey?: string;
  baseURL?: string;
  defaultQuery?: Record<string, string>;
  /** Credentials found in the URL, scrubbed from every error message. */
  secrets: string[];
}

/**
 * Client settings for `baseURL`: the URL without user info and query (fetch refuses URLs
 * with credentials, and the client appends paths after the query), the query as
 * `defaultQuery`, and the user info's password (or name) as the key when `apiKey` is empty.
 */
export function clientSettings(baseURL: string | null | undefined, apiKey: string | null | undefined): ClientSettings {
  if (!baseURL) return { ...(apiKey ? { apiKey } : {}), secrets: [] };
  const url = new URL(baseURL);
  const fromUrl = decodeURIComponent(url.password || url.username);
  const defaultQuery = Object.fromEntries(url.searchParams);
  const clean = `${url.origin}${url.pathname}`.replace(/\/$/, '');
  return {
    apiKey: apiKey || fromUrl || process.env.OPENAI_API_KEY || 'unused',
    baseURL: clean,
    ...(Object.keys(defaultQuery).length > 0 ? { defaultQuery } : {}),
    secrets: urlSecrets(baseURL),
  };
}

/**
 * A {@link JudgeProvider} on the official `openai` client: `chat.completions.create`
 * with `response_format: { type: 'json_schema', json_schema: { name, strict: true, schema } }`.
 *
 * Retries are chunkgate's own and bounded (`withRetries`; the client's are off, because it
 * sleeps out any `Retry-After`, however long, where no signal reaches), every request is
 * aborted by the judge's signal or the provider's total timeout, and no timer outlives the
 * requests, so the process exits once the report is written. Returns the message content, its
 * `refusal`, and the usage the API reported (`0` when a compatible server sends none). HTTP
 * failures reject with the client's `APIError` (numeric `status`); messages never hold a key
 * from the URL.
 *
 * @throws the client's `OpenAIError` when there is no key at all (no `apiKey`, no
 * `OPENAI_API_KEY`, no `baseURL`): a configuration error, raised before any request.
 */
export function createOpenAIProvider(options: OpenAIProviderOptions = {}): JudgeProvider {
  const settings = clientSettings(options.baseURL, options.apiKey);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const client = new OpenAI({
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
    ...(settings.defaultQuery ? { defaultQuery: settings.defaultQuery } : {}),
    timeout: timeoutMs,
    maxRetries: 0,
  });
  const total = totalDeadline(options.totalTimeoutMs ?? 20 * timeoutMs);
  return {
    async complete(request) {
      const temperature = options.temperature === undefined ? defaultTemperature(request.model) : options.temperature;
      const signal = total.signal(request.signal);
      try {
        const completion = await withRetries(
          () =>
            client.chat.completions.create(
              {
                model: request.model,
                messages: request.messages,
                response_format: {
                  type: 'json_schema',
                  json_schema: { name: request.schema.name, strict: true, schema: request.schema.schema as Record<string, unknown> },
                },
                ...(temperature === null ? {} : { temperature }),
              },
              { signal },
            ),
          { maxRetries: options.maxRetries ?? 2, maxWaitMs: options.maxWaitMs ?? 60_000, signal },
        );
        const message = completion.choices?.[0]?.message;
        return {
          content: message?.content ?? null,
          refusal: message?.refusal ?? null,
          promptTokens: completion.usage?.prompt_tokens ?? 0,
          completionTokens: completion.usage?.completion_tokens ?? 0,
        };
      } catch (error) {
        throw scrubbed(total.expired() ? total.error() : error, settings.secrets);
      }
    },
  };
}

/**
 * The provider-wide deadline: a timer started on the first request and unref'd (it never keeps
 * the process alive), whose expiry aborts every request's signal.
 */
function totalDeadline(ms: number): { signal(own?: AbortSignal): AbortSignal; expired(): boolean; error(): Error } {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const seconds = ms < 10_000 ? (ms / 1000).toFixed(1) : String(Math.round(ms / 1000));
  const error = new Error(`the LLM time budget of ${seconds} s for this run is used up; remaining requests are not sent`);
  error.name = 'TimeoutError';
  return {
    signal(own) {
      if (timer === undefined) {
        timer = setTimeout(() => controller.abort(error), ms);
        timer.unref?.();
      }
      return own ? AbortSignal.any([own, controller.signal]) : controller.signal;
    },
    expired: () => controller.signal.aborted,
    error: () => error,
  };
}

/** The error with the URL's credentials replaced by `***` in its message. */
function scrubbed(error: unknown, secrets: readonly string[]): unknown {
  if (secrets.length === 0 || !(error instanceof Error)) return error;
  error.message = scrub(error.message, secrets);
  return error;
}

/** Reasoning models reject any temperature but their default. */
function defaultTemperature(model: string): number | null {
  return /^(?:[\w-]+\/)?(?:o\d|gpt-5)/.test(model) ? null : 0;
}
