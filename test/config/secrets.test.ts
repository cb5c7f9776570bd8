import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/schema.js';
import { redactConfig, redactUrl, scrub, urlSecrets } from '../../src/config/secrets.js';

describe('redactUrl', () => {
  it('hides user info and credential-like query values, keeps the rest', () => {
    expect(redactUrl('https://me:sk-123456@gw.example/v1?api-key=k-abcdef&deployment=docs&access_token=t-1&sig=s')).toBe(
      'https://***:***@gw.example/v1?api-key=***&deployment=docs&access_token=***&sig=***',
    );
    expect(redactUrl('https://gw.example/v1?key=AIza123')).toBe('https://gw.example/v1?key=***');
    expect(redactUrl('http://127.0.0.1:11434/v1')).toBe('http://127.0.0.1:11434/v1');
    expect(redactUrl('not a url with sk-secret')).toBe('***');
  });
});

describe('urlSecrets and scrub', () => {
  it('finds the secrets (decoded and encoded) and removes them from a message', () => {
    const url = 'https://me:p%40ss-word@gw.example/v1?api-key=k%2Fabc123&model=x';
    expect(urlSecrets(url).sort()).toEqual(['k%2Fabc123', 'k/abc123', 'p%40ss-word', 'p@ss-word'].sort());
    expect(scrub('401 for key k/abc123 (user p@ss-word)', urlSecrets(url))).toBe('401 for key *** (user ***)');
  });
});

describe('redactConfig', () => {
  it('redacts llm.baseURL and leaves a config without one untouched', () => {
    const config = defaultConfig();
    expect(redactConfig(config)).toBe(config);
    const keyed = { ...config, llm: { ...config.llm, baseURL: 'https://u:sk-live-1234@api.example/v1' } };
    expect(redactConfig(keyed).llm.baseURL).toBe('https://***:***@api.example/v1');
    expect(keyed.llm.baseURL).toBe('https://u:sk-live-1234@api.example/v1');
  });
});
