import { describe, expect, it } from 'vitest';
import { judgeKey, type JudgeKeyInput } from '../../../../src/metrics/content/llm/cache-key.js';

const base: JudgeKeyInput = {
  chunkText: 'Alpha is the first step.',
  neighbours: ['', 'Beta follows alpha.'],
  sectionText: '## Alpha\n\nAlpha is the first step.',
  headingPath: ['Alpha'],
  configDigest: 'cfg-1',
  model: 'gpt-4o-mini',
  promptVersion: 'v1',
};

describe('judgeKey', () => {
  it('is a stable 64-hex SHA-256', () => {
    expect(judgeKey(base)).toMatch(/^[0-9a-f]{64}$/);
    expect(judgeKey({ ...base })).toBe(judgeKey(base));
  });

  it('changes with every input', () => {
    const variants: Partial<JudgeKeyInput>[] = [
      { chunkText: 'Alpha is the first step!' },
      { neighbours: ['', 'Beta follows alpha!'] },
      { neighbours: ['Beta follows alpha.', ''] }, // same text, other side
      { sectionText: '## Alpha\n\nAlpha is the first step. More.' },
      { headingPath: ['Guide', 'Alpha'] },
      { configDigest: 'cfg-2' },
      { model: 'gpt-4o' },
      { promptVersion: 'v2' },
    ];
    const keys = new Set([judgeKey(base), ...variants.map((variant) => judgeKey({ ...base, ...variant }))]);
    expect(keys.size).toBe(variants.length + 1);
  });

  it('cannot be forged by moving text across field boundaries', () => {
    const a = judgeKey({ ...base, neighbours: ['a', 'b'], chunkText: 'c' });
    const b = judgeKey({ ...base, neighbours: ['a', 'b","c'], chunkText: '' });
    expect(a).not.toBe(b);
  });

  it('treats a missing heading path as empty', () => {
    const { headingPath: _, ...rest } = base;
    expect(judgeKey(rest)).toBe(judgeKey({ ...base, headingPath: [] }));
  });
});
