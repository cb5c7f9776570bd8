import OpenAI from 'openai';
import type { Embed } from '../retrieval/embeddings.js';

/**
 * `Embed` on the official `openai` client (`embeddings.create`), for any OpenAI-compatible
 * base URL, asking for `encoding_format: float`. Retries on 429/5xx come from the client (`maxRetries`).
 */
export function createOpenAIEmbedder(options: { apiKey: string | null; baseURL: string | null; model: string; timeoutMs: number }): Embed {
  const client = new OpenAI({
    apiKey: options.apiKey ?? 'unused',
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    timeout: options.timeoutMs,
    maxRetries: 2,
  });
  return async (texts) => {
    // `float` explicitly: without it the client asks for base64 and decodes whatever comes back as
    // base64, which turns the float arrays of servers that ignore `encoding_format` into garbage.
    const response = await client.embeddings.create({ model: options.model, input: texts, encoding_format: 'float' });
    return [...response.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
  };
}
