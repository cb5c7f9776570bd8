import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './helpers/import-graph.js';

// The layering of src/ (ARCHITECTURE.md). eslint's no-restricted-imports keeps imports running
// down between folders; these checks see what it cannot: inline `import('…')` types and cycles
// inside one folder.
const src = fileURLToPath(new URL('../src', import.meta.url));
const graph = importGraph(src);

describe('architecture', () => {
  it('src/ has no import cycle, type-only imports and inline import() types included', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(importCycles(graph)).toEqual([]);
  });

  it('src/shared/ imports nothing else of src/ but src/version.ts (which imports nothing), and src/types.ts imports only src/shared/', () => {
    const outside = (file: string, allowed: (target: string) => boolean) => (graph.get(file) ?? []).filter((target) => !allowed(target));
    const shared = [...graph.keys()].filter((file) => file.startsWith('shared/'));
    expect(shared).toContain('shared/rules.ts');
    for (const file of shared) expect(outside(file, (target) => target.startsWith('shared/') || target === 'version.ts'), file).toEqual([]);
    // The one setting every link derives from stays on the ground floor with them.
    expect(graph.get('version.ts') ?? []).toEqual([]);
    expect(graph.get('types.ts')).toContain('shared/rules.ts');
    expect(outside('types.ts', (target) => target.startsWith('shared/'))).toEqual([]);
  });

  it('src/tokens/ is one interface: only its index.ts is imported from outside, and it imports only src/types.ts and src/shared/', () => {
    const files = [...graph.keys()];
    const tokens = files.filter((file) => file.startsWith('tokens/'));
    expect(tokens).toContain('tokens/index.ts');
    for (const file of tokens) {
      const reached = (graph.get(file) ?? []).filter((target) => !target.startsWith('tokens/') && target !== 'types.ts' && !target.startsWith('shared/'));
      expect(reached, file).toEqual([]);
    }
    for (const file of files.filter((name) => !name.startsWith('tokens/'))) {
      const inside = (graph.get(file) ?? []).filter((target) => target.startsWith('tokens/') && target !== 'tokens/index.ts');
      expect(inside, file).toEqual([]);
    }
  });
});

describe('import graph', () => {
  it('finds a cycle through a type-only import, and none in a chain', () => {
    const chain = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', []],
    ]);
    expect(importCycles(chain)).toEqual([]);
    const looped = new Map([...chain, ['c.ts', ['a.ts']], ['d.ts', ['d.ts']]]);
    expect(importCycles(looped)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
  });

  it('reads import(), export … from and import types as edges', () => {
    // engine/corpus.ts imports corpus-map.ts with a plain import; types.ts names shared/words.ts in an import type.
    expect(graph.get('engine/corpus.ts')).toContain('engine/corpus-map.ts');
    expect(graph.get('types.ts')).toContain('shared/words.ts');
    // src/metrics/content/llm/index.ts re-exports with `export … from`.
    expect(graph.get('metrics/content/llm/index.ts')).toContain('metrics/content/llm/judge.ts');
  });
});
