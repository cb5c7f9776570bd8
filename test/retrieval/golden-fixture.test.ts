/**
 * The retrieval fixtures (fixtures/retrieval): English and Chinese docs, a golden set of
 * 12 queries across types A–D, and a PR that deletes the "## Expiry" heading of
 * docs/cache.md, folding the answer to "What is the cache expiry?" into an oversize
 * merged section.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseGolden } from '../../src/golden/load.js';
import type { Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';
import { readFileSync } from 'node:fs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const args = ['diff', '--base-dir', 'fixtures/retrieval/base', '--head-dir', 'fixtures/retrieval/head'];

describe('golden-set retrieval, base vs head', () => {
  it('has at least 12 queries across the four types, in English and Chinese', () => {
    const golden = parseGolden(readFileSync(`${root}fixtures/retrieval/base/.chunkgate/golden.yml`, 'utf8'), 'golden.yml');
    expect(golden.queries.length).toBeGreaterThanOrEqual(12);
    expect(new Set(golden.queries.map((q) => q.type))).toEqual(new Set(['A', 'B', 'C', 'D']));
    expect(golden.queries.some((q) => /[\u4e00-\u9fff]/.test(q.query))).toBe(true);
  });

  it('finds the MRR drop, lists the query and fails the mrrDrop limit', async () => {
    const result = await runCli([...args, '--format', 'json'], { cwd: root });
    expect(result.code).toBe(1);
    const retrieval = (JSON.parse(result.stdout) as Report).retrieval!;
    expect(retrieval).toMatchObject({ k: 3, retriever: 'bm25' });
    // Only "cache-ttl" moved: rank 1 → 3. Its reciprocal rank falls 1 → 1/3, so the mean over
    // 12 queries falls by (1 − 1/3) / 12 = 1/18 ≈ 0.0556 — over the 0.04 limit.
    const moved = retrieval.queries.filter((q) => q.baseRank !== q.headRank);
    expect(moved.map((q) => [q.id, q.baseRank, q.headRank])).toEqual([['cache-ttl', 1, 3]]);
    expect(retrieval.base.mrr - retrieval.head.mrr).toBeCloseTo(1 / 18, 5); // the JSON keeps 6 decimals
    expect(retrieval.failures.map((f) => [f.rule, f.limit])).toEqual([['mrrDrop', 0.04]]);
    expect(retrieval.failures[0]!.actual).toBeCloseTo(1 / 18, 5);
    // The answer still exists, so nothing is stale, and recall@3 did not change.
    expect(retrieval.queries.some((q) => q.stale)).toBe(false);
    expect(retrieval.head.recall).toBe(retrieval.base.recall);
    expect(Object.keys(retrieval.byType).sort()).toEqual(['A', 'B', 'C', 'D']);
    // Type A: 4 queries, one falls from RR 1 to 1/3 → A's MRR falls by (2/3) / 4 = 1/6.
    expect(retrieval.byType.A!.base.mrr - retrieval.byType.A!.head.mrr).toBeCloseTo(1 / 6, 5);
  });

  it('shows the retrieval table and the query in the comment', async () => {
    const result = await runCli([...args, '--format', 'md'], { cwd: root });
    expect(result.stdout).toContain('### 🔎 Retrieval on the golden set');
    expect(result.stdout).toContain('| MRR | 0.96 | 0.90 | ▼0.06 ❌ |');
    expect(result.stdout).toContain('| What is the cache expiry? | A | `docs/cache.md` | 1 → 3 |');
    expect(result.stdout).toContain('the limit is a 0.04 drop (`thresholds.retrieval.mrrDrop`)');
  });

  it('gives the same ranks every run', async () => {
    const first = await runCli([...args, '--format', 'json'], { cwd: root });
    const second = await runCli([...args, '--format', 'json'], { cwd: root });
    expect(first.stdout).toBe(second.stdout);
  });

  it('reports evidence the head deleted as stale', async () => {
    const { mkdtemp, cp, writeFile, readFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(`${tmpdir()}/chunkgate-golden-`);
    await cp(`${root}fixtures/retrieval/base`, `${dir}/base`, { recursive: true });
    await cp(`${root}fixtures/retrieval/base`, `${dir}/head`, { recursive: true });
    const auth = await readFile(`${dir}/head/docs/auth.md`, 'utf8');
    await writeFile(`${dir}/head/docs/auth.md`, auth.replace('The old token keeps working for a grace period of 24 hours, so running jobs can finish.\n', ''));
    const result = await runCli(['diff', '--base-dir', 'base', '--head-dir', 'head', '--format', 'json', '--no-fail'], { cwd: dir });
    const stale = (JSON.parse(result.stdout) as Report).retrieval!.queries.filter((q) => q.stale);
    expect(stale.map((q) => [q.id, q.missing])).toEqual([['rotate', ['docs/auth.md: The old token keeps working for a grace period of 24 hours']]]);
    const md = await runCli(['diff', '--base-dir', 'base', '--head-dir', 'head', '--format', 'md', '--no-fail'], { cwd: dir });
    expect(md.stdout).toContain('**Stale evidence**');
  });
});

describe('golden-set retrieval with embeddings', () => {
  it('embeds through an OpenAI-compatible API, batched and cached, with the same report shape', async () => {
    const { startOpenAIDouble } = await import('../helpers/openai-double.js');
    const { mkdtemp, cp, readFile, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const double = await startOpenAIDouble();
    try {
      const dir = await mkdtemp(`${tmpdir()}/chunkgate-dense-`);
      await cp(`${root}fixtures/retrieval/base`, `${dir}/base`, { recursive: true });
      await cp(`${root}fixtures/retrieval/head`, `${dir}/head`, { recursive: true });
      // The base config decides: embeddings from the double (no key needed for a custom base URL).
      const config = await readFile(`${dir}/base/.chunkgate.yml`, 'utf8');
      await writeFile(
        `${dir}/base/.chunkgate.yml`,
        `${config.replace('k: 3 }', 'k: 3, retriever: embeddings }')}llm: { baseURL: "${double.baseURL}" }\n`,
      );
      const cache = `${dir}/cache`;
      const run = () => runCli(['diff', '--base-dir', 'base', '--head-dir', 'head', '--format', 'json', '--no-fail', '--cache-dir', cache], { cwd: dir, env: {} });
      const first = await run();
      // The content cache's line (the corpus chunks live under --cache-dir too), and where the rules came from: the edited base config.
      expect(first.stderr).toBe(
        `cache: 0 of 3 corpus files reused from ${cache}\nnotice: rules from .chunkgate.yml of the base folder base; the changes to it in the head folder head are ignored (rules come from the base side, so a change cannot loosen its own gate); pass --config head/.chunkgate.yml to use it\n`,
      );
      const retrieval = (JSON.parse(first.stdout) as Report).retrieval!;
      expect(retrieval.retriever).toBe('embeddings (text-embedding-3-small)');
      expect(retrieval.queries).toHaveLength(12);
      const embedCalls = double.requests.filter((r) => r.path.endsWith('/embeddings'));
      expect(embedCalls.length).toBeGreaterThan(0);
      // Base and head share most chunks: every distinct text is embedded once.
      const embedded = embedCalls.flatMap((r) => (r.body as unknown as { input: string[] }).input);
      expect(new Set(embedded).size).toBe(embedded.length);
      // A second run is served from the cache.
      const before = double.requests.length;
      const second = await run();
      expect(double.requests.length).toBe(before);
      expect(second.stdout).toBe(first.stdout);
    } finally {
      await double.close();
    }
  });
});
