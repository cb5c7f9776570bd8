import OpenAI from 'openai';
import { scrub } from '../config/secrets.js';
import type { Embed } from '../retrieval/embeddings.js';
import { clientSettings } from './openai.js';
import { withRetries } from './retry.js';

/**
 * `Embed` on the official `openai` client (`embeddings.create`), for any OpenAI-compatible
 * base URL (credentials in it handled as `createOpenAIProvider` does), asking for
 * `encoding_format: float`. Retries on 429/5xx are chunkgate's bounded ones (`withRetries`: at
 * most 2, no wait above 60 s), not the client's.
 */
export function createOpenAIEmbedder(options: { apiKey: string | null; baseURL: string | null; model: string; timeoutMs: number }): Embed {
  const settings = clientSettings(options.baseURL, options.apiKey);
  const client = new OpenAI({
    apiKey: settings.apiKey ?? 'unused',
    ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
    ...(settings.defaultQuery ? { defaultQuery: settings.defaultQuery } : {}),
    timeout: options.timeoutMs,
    maxRetries: 0,
  });
  return async (texts) => {
    try {
      // `float` explicitly: without it the client asks for base64 and decodes whatever comes back as
      // base64, which turns the float arrays of servers that ignore `encoding_format` into garbage.
      const response = await withRetries(() => client.embeddings.create({ model: options.model, input: texts, encoding_format: 'float' }));
      return [...response.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
    } catch (error) {
      if (error instanceof Error) error.message = scrub(error.message, settings.secrets);
      throw error;
    }
  };
}
