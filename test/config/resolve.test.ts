import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { isIncluded, settingsFor } from '../../src/config/resolve.js';
import { defaultConfig } from '../../src/config/schema.js';
import type { Config } from '../../src/config/types.js';

const config = (yaml: string): Config => parseConfig(yaml, '.chunkgate.yml');

describe('settingsFor', () => {
  it('without overrides: the top-level chunking and thresholds (failOn left out)', () => {
    const settings = settingsFor(defaultConfig(), 'docs/a.md');
    expect(settings.chunking).toEqual({
      strategy: 'heading',
      unit: 'tokens',
      tokenizer: 'o200k_base',
      max: 512,
      min: 64,
      overlap: 0,
      tiny: 51,
      headingLevels: { max: 3 },
    });
    expect(settings.thresholds).toEqual({ structural: 70, content: 60, fileDrop: 5, chunkDrop: 10, gate: 'changed' });
  });

  const layered = config(
    [
      'overrides:',
      '  - paths: ["docs/api/**"]',
      '    chunking: { strategy: recursive, max: 800, overlap: 80 }',
      '    thresholds: { structural: 50 }',
      '  - paths: ["docs/api/v2/**", "**/*.mdx"]',
      '    chunking: { max: 1000, headingLevels: { max: 2 } }',
    ].join('\n'),
  );

  it('applies a matching override and re-derives tiny from its max: round(0.1 × 800) = 80', () => {
    const settings = settingsFor(layered, 'docs/api/auth.md');
    expect(settings.chunking).toMatchObject({ strategy: 'recursive', max: 800, overlap: 80, min: 64, tiny: 80, headingLevels: { max: 3 } });
    expect(settings.thresholds).toEqual({ structural: 50, content: 60, fileDrop: 5, chunkDrop: 10, gate: 'changed' });
  });

  it('applies every matching override in order, the later one winning: tiny = round(0.1 × 1000) = 100', () => {
    const settings = settingsFor(layered, 'docs/api/v2/auth.md');
    // strategy and overlap from the first entry, max and headingLevels from the second.
    expect(settings.chunking).toMatchObject({ strategy: 'recursive', max: 1000, overlap: 80, tiny: 100, headingLevels: { max: 2 } });
    expect(settings.thresholds.structural).toBe(50);
  });

  it('order matters: the same two entries reversed let the first one win max', () => {
    const reversed = config(
      'overrides:\n  - paths: ["docs/api/v2/**"]\n    chunking: { max: 1000 }\n  - paths: ["docs/api/**"]\n    chunking: { max: 800 }\n',
    );
    // tiny = round(0.1 × 800) = 80.
    expect(settingsFor(reversed, 'docs/api/v2/x.md').chunking).toMatchObject({ max: 800, tiny: 80 });
  });

  it('leaves non-matching files alone', () => {
    expect(settingsFor(layered, 'docs/guide/intro.md').chunking).toMatchObject({ strategy: 'heading', max: 512, tiny: 51 });
    // "**/*.mdx" of the second entry matches an .mdx anywhere: max 1000, tiny 100.
    expect(settingsFor(layered, 'docs/guide/intro.mdx').chunking).toMatchObject({ strategy: 'heading', max: 1000, tiny: 100 });
  });

  it('keeps a top-level tiny that the user set, even when an override changes max', () => {
    const withTiny = config('chunking: { tiny: 20 }\noverrides:\n  - paths: ["api/**"]\n    chunking: { max: 900 }\n');
    expect(settingsFor(withTiny, 'api/x.md').chunking).toMatchObject({ max: 900, tiny: 20 });
  });

  it('keeps a top-level tiny set to exactly the derived value (tracked, not guessed)', () => {
    // tiny 51 = round(0.1 × 512) is explicit here, so max 900 does not turn it into 90.
    const withTiny = config('chunking: { tiny: 51 }\noverrides:\n  - paths: ["api/**"]\n    chunking: { max: 900 }\n');
    expect(settingsFor(withTiny, 'api/x.md').chunking.tiny).toBe(51);
  });

  it('re-derives a derived top-level tiny from an override max: round(0.1 × 2000) → 200 with top-level max 1000', () => {
    const derived = config('chunking: { max: 1000 }\noverrides:\n  - paths: ["api/**"]\n    chunking: { max: 2000 }\n');
    expect(derived.chunking.tiny).toBe(100);
    expect(settingsFor(derived, 'api/x.md').chunking).toMatchObject({ max: 2000, tiny: 200 });
  });

  it('keeps a tiny set by an earlier override when a later one changes max', () => {
    const chained = config(
      'overrides:\n  - paths: ["api/**"]\n    chunking: { tiny: 5 }\n  - paths: ["api/v2/**"]\n    chunking: { max: 700 }\n',
    );
    expect(settingsFor(chained, 'api/v2/x.md').chunking).toMatchObject({ max: 700, tiny: 5 });
    // Only the first entry matches: tiny 5 with the top-level max 512.
    expect(settingsFor(chained, 'api/x.md').chunking).toMatchObject({ max: 512, tiny: 5 });
  });

  it('for a hand-built config, tiny equal to round(0.1 × max) counts as derived', () => {
    const base = defaultConfig();
    const handBuilt: Config = {
      ...base,
      chunking: { ...base.chunking, max: 300, tiny: 30 },
      overrides: [{ paths: ['a/**'], chunking: { max: 600 } }],
    };
    // 30 = round(0.1 × 300) → derived → round(0.1 × 600) = 60.
    expect(settingsFor(handBuilt, 'a/x.md').chunking.tiny).toBe(60);
    const explicit: Config = { ...handBuilt, chunking: { ...base.chunking, max: 300, tiny: 12 } };
    expect(settingsFor(explicit, 'a/x.md').chunking.tiny).toBe(12);
  });

  it('clamps sizes when two overrides only conflict in combination', () => {
    // Each entry is valid against the top level (max 512): min 400 < 512, max 100 > 64.
    const clash = config('overrides:\n  - paths: ["a/**"]\n    chunking: { min: 400 }\n  - paths: ["a/b/**"]\n    chunking: { max: 100 }\n');
    // min 400 ≥ max 100 → min clamped to 100 − 1 = 99; tiny = round(0.1 × 100) = 10.
    expect(settingsFor(clash, 'a/b/x.md').chunking).toMatchObject({ max: 100, min: 99, tiny: 10 });
  });

  it('normalises the path: backslashes and a leading ./', () => {
    expect(settingsFor(layered, '.\\docs\\api\\auth.md').chunking.max).toBe(800);
    expect(settingsFor(layered, './docs/api/auth.md').chunking.max).toBe(800);
  });

  it('does not mutate the config', () => {
    const before = JSON.stringify(layered);
    settingsFor(layered, 'docs/api/v2/auth.md').chunking.headingLevels.max = 6;
    expect(JSON.stringify(layered)).toBe(before);
  });
});

describe('isIncluded', () => {
  const defaults = defaultConfig();

  it.each([
    ['README.md', true],
    ['docs/guide/intro.mdx', true],
    ['docs/notes.txt', false],
    ['docs/readme.markdown', false],
    ['node_modules/pkg/README.md', false],
    ['packages/a/node_modules/pkg/README.md', false],
    ['.github/ISSUE_TEMPLATE/bug.md', false],
    ['docs/.vitepress/theme.md', false],
    // A dot-file (not folder) is in scope: only dot-folders are excluded by default.
    ['docs/.hidden.md', true],
  ])('defaults: %s → %s', (path, expected) => {
    expect(isIncluded(defaults, path)).toBe(expected);
  });

  it('honours include and exclude from the config', () => {
    const custom = config('include: ["docs/**/*.md"]\nexclude: ["docs/archive/**"]');
    expect(isIncluded(custom, 'docs/a.md')).toBe(true);
    expect(isIncluded(custom, 'docs/archive/old.md')).toBe(false);
    expect(isIncluded(custom, 'README.md')).toBe(false);
    // The user's exclude replaced the default, so dot-folders under docs/ are back in.
    expect(isIncluded(custom, 'docs/.drafts/a.md')).toBe(true);
  });

  it('exclude: [] lets .github docs in', () => {
    expect(isIncluded(config('exclude: []'), '.github/CONTRIBUTING.md')).toBe(true);
  });
});
