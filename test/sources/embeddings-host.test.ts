/** The embeddings provider is named by its host in messages: never the key a base URL may carry. */
import { describe, expect, it } from 'vitest';
import { embeddingsHost } from '../../src/sources/embeddings.js';

describe('embeddingsHost', () => {
  it('is the host and port, without user info, path or query', () => {
    expect(embeddingsHost('https://user:sk-secret-1234@gateway.example.com:8443/v1?api-key=sk-other-5678')).toBe('gateway.example.com:8443');
    expect(embeddingsHost('http://127.0.0.1:11434/v1')).toBe('127.0.0.1:11434');
  });

  it('is the OpenAI API without a base URL', () => {
    expect(embeddingsHost(null)).toBe('api.openai.com');
  });
});
