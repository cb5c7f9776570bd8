import OpenAI from 'openai';
import { scrub } from '../config/secrets.js';
import type { Embed } from '../retrieval/embeddings.js';
import { vectorsOfResponse } from '../retrieval/vector-check.js';
import { clientSettings } from './openai.js';
import { RetryAfterTooLong, withRetries } from './retry.js';

/**
 * `Embed` on the official `openai` client (`embeddings.create`), for any OpenAI-compatible
 * base URL (credentials in it handled as `createOpenAIProvider` does), asking for
 * `encoding_format: float`. Retries on 429/5xx are chunkgate's bounded ones (`withRetries`: at
 * most 2, no wait above 60 s), not the client's. Resolves the answer's embeddings in input order
 * (`vectorsOfResponse`), unchecked; rejects with one line saying what went wrong (HTTP status,
 * timeout, connection, invalid JSON, an answer without embeddings), with no key in it.
 */
export function createOpenAIEmbedder(options: { apiKey: string | null; baseURL: string | null; model: string; timeoutMs: number }): Embed {
  const settings = clientSettings(options.baseURL, options.apiKey);
  const secrets = [...settings.secrets, ...(settings.apiKey && settings.apiKey.length >= 4 ? [settings.apiKey] : [])];
  const client = new OpenAI({
    apiKey: settings.apiKey ?? 'unused',
    ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
    ...(settings.defaultQuery ? { defaultQuery: settings.defaultQuery } : {}),
    timeout: options.timeoutMs,
    maxRetries: 0,
  });
  return async (texts) => {
    let response: unknown;
    try {
      // `float` explicitly: without it the client asks for base64 and decodes whatever comes back as
      // base64, which turns the float arrays of servers that ignore `encoding_format` into garbage.
      response = await withRetries(() => client.embeddings.create({ model: options.model, input: texts, encoding_format: 'float' }));
    } catch (error) {
      throw new Error(scrub(describeError(error, options.timeoutMs), secrets), { cause: error });
    }
    return vectorsOfResponse(response, texts.length);
  };
}

/**
 * The host (and port) of the embeddings provider, to name it in messages: never the URL's user
 * info, path or query, which may hold a key. `api.openai.com` without a base URL.
 */
export function embeddingsHost(baseURL: string | null): string {
  if (!baseURL) return 'api.openai.com';
  try {
    return new URL(baseURL).host;
  } catch {
    return 'the configured llm.baseURL';
  }
}

/** A failed request in one line: what the provider did, as a writer can act on it. */
function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof RetryAfterTooLong) return error.message;
  if (error instanceof OpenAI.APIConnectionTimeoutError) return `no answer within ${timeoutMs / 1000} s (llm.timeout)`;
  if (error instanceof OpenAI.APIConnectionError) {
    const cause = error.cause instanceof Error ? error.cause.message : '';
    return `could not connect${cause ? ` (${short(cause)})` : ''}`;
  }
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    const detail = error.message.replace(new RegExp(`^${error.status}\\s*`), '');
    return `HTTP ${error.status}${detail ? ` (${short(detail)})` : ''}`;
  }
  if (error instanceof SyntaxError) return `the answer is not valid JSON (${short(error.message)})`;
  return short(error instanceof Error ? error.message : String(error));
}

function short(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
