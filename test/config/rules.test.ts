import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { problemsOf } from '../helpers/config-problems.js';
import { settingsFor } from '../../src/config/resolve.js';
import { defaultConfig } from '../../src/config/schema.js';
import { DEFAULT_RULE_LEVELS } from '../../src/shared/rules.js';

describe('rules: in the config', () => {
  it('is left out when not set, and every rule is at its registry level (error)', () => {
    expect(defaultConfig().rules).toBeUndefined();
    expect(settingsFor(defaultConfig(), 'docs/a.md').rules).toEqual(DEFAULT_RULE_LEVELS);
    expect(Object.values(DEFAULT_RULE_LEVELS).every((level) => level === 'error')).toBe(true);
  });

  it('sets the named rules and leaves the others at their default', () => {
    const config = parseConfig('rules:\n  table-split: warn\n  tiny-chunk: off\n', '.chunkgate.yml');
    expect(config.rules).toEqual({ 'table-split': 'warn', 'tiny-chunk': 'off' });
    expect(settingsFor(config, 'docs/a.md').rules).toEqual({ ...DEFAULT_RULE_LEVELS, 'table-split': 'warn', 'tiny-chunk': 'off' });
  });

  it('an empty value counts as not set', () => {
    const config = parseConfig('rules:\n  table-split:\n', '.chunkgate.yml');
    expect(settingsFor(config, 'docs/a.md').rules['table-split']).toBe('error');
  });

  it('an unknown rule is an unknown key with its line and "did you mean"', () => {
    expect(problemsOf('chunking: { max: 600 }\nrules:\n  tabel-split: off\n')).toEqual([
      expect.objectContaining({ key: 'rules.tabel-split', line: 3, message: 'unknown key "tabel-split" — did you mean "table-split"?' }),
    ]);
  });

  it('a bad level names the key, the line and the allowed values, with "did you mean"', () => {
    expect(problemsOf('rules:\n  sentence-cut: eror\n')).toEqual([
      { key: 'rules.sentence-cut', line: 2, message: 'unexpected value "eror" — did you mean "error"?', allowed: 'error, warn, off' },
    ]);
    expect(problemsOf('rules:\n  sentence-cut: 3\n')).toEqual([{ key: 'rules.sentence-cut', line: 2, message: 'unexpected value 3', allowed: 'error, warn, off' }]);
  });

  it('rules must be a mapping', () => {
    const [problem] = problemsOf('rules: [table-split]\n');
    expect(problem).toMatchObject({ key: 'rules', line: 1, message: 'unexpected list' });
    expect(problem!.allowed).toMatch(/^a mapping with keys sentence-cut, unclosed-bracket, table-split, .*, boilerplate, text-removed, page-removed, heading-lost, lead-in-cut$/);
  });

  it('overrides lay their levels over the top level, in order, only on the paths they match', () => {
    const config = parseConfig(
      [
        'rules: { tiny-chunk: warn, near-duplicate: off }',
        'overrides:',
        '  - paths: ["docs/reference/**"]',
        '    rules: { table-split: off, tiny-chunk: off }',
        '  - paths: ["docs/reference/cli.md"]',
        '    rules: { table-split: warn }',
      ].join('\n'),
      '.chunkgate.yml',
    );
    expect(settingsFor(config, 'docs/guide.md').rules).toEqual({ ...DEFAULT_RULE_LEVELS, 'tiny-chunk': 'warn', 'near-duplicate': 'off' });
    expect(settingsFor(config, 'docs/reference/api.md').rules).toEqual({ ...DEFAULT_RULE_LEVELS, 'tiny-chunk': 'off', 'near-duplicate': 'off', 'table-split': 'off' });
    expect(settingsFor(config, 'docs/reference/cli.md').rules).toEqual({ ...DEFAULT_RULE_LEVELS, 'tiny-chunk': 'off', 'near-duplicate': 'off', 'table-split': 'warn' });
  });

  it('an unknown rule in an override names its place', () => {
    expect(problemsOf('overrides:\n  - paths: [a/**]\n    rules:\n      orphan-headings: off\n')).toEqual([
      expect.objectContaining({ key: 'overrides[0].rules.orphan-headings', line: 4, message: 'unknown key "orphan-headings" — did you mean "orphan-heading"?' }),
    ]);
  });
});
