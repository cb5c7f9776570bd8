import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/load.js';
import { parseGolden } from '../../src/golden/load.js';

function problems(text: string): string[] {
  try {
    parseGolden(text, 'golden.yml');
  } catch (error) {
    if (error instanceof ConfigError) return error.message.split('\n').slice(1);
    throw error;
  }
  return [];
}

describe('golden set errors', () => {
  it('lists the allowed keys for an unknown key, with a suggestion', () => {
    const text = 'queries:\n  - id: q1\n    query: How?\n    type: A\n    evidence: [{ file: a.md, text: x }]\n    evidnce: []\n';
    expect(problems(text)).toEqual(['golden.yml:6: queries[0].evidnce: unknown key "evidnce" — did you mean "evidence"? (allowed: id, query, type, evidence)']);
  });

  it('does so at every level', () => {
    expect(problems('querys: []\n')).toEqual(['golden.yml:1: querys: unknown key "querys" — did you mean "queries"? (allowed: queries, $schema)']);
    const evidence = 'queries:\n  - id: q1\n    query: How?\n    type: A\n    evidence:\n      - { file: a.md, text: x, line: 3 }\n';
    expect(problems(evidence)).toEqual(['golden.yml:6: queries[0].evidence[0].line: unknown key "line" (allowed: file, text)']);
  });
});
