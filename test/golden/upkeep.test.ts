import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { goldenCoverage, retireCandidates } from '../../src/golden/check.js';
import type { GoldenSet } from '../../src/golden/schema.js';
import type { Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';

const query = (id: string, type: 'A' | 'B' | 'C' | 'D') => ({ id, query: `q ${id}`, type, evidence: [{ file: 'a.md', text: 'x' }] });

/** A past report whose retrieval section holds these outcomes: [id, base rank, base recall, head rank, head recall]. */
function past(outcomes: [string, number | null, number, number | null, number][]): Report {
  const side = (rank: number | null, recall: number) => ({ rank, recall, precision: 0, rr: rank ? 1 / rank : 0, tokenRecall: 0, tokenPrecision: 0, iou: 0 });
  return {
    retrieval: {
      queries: outcomes.map(([id, br, bc, hr, hc]) => ({ id, base: side(br, bc), head: side(hr, hc) })),
    },
  } as unknown as Report;
}

describe('golden-set upkeep', () => {
  it('warns above 50 queries and for each missing type', () => {
    const small: GoldenSet = { queries: [query('a', 'A'), query('b', 'B')] };
    expect(goldenCoverage(small)).toEqual({
      queries: 2,
      byType: { A: 1, B: 1, C: 0, D: 0 },
      warnings: [
        'no type C (several documents: tests how retrieval combines sources) query: add one so every retrieval scenario is covered',
        'no type D (multi-hop: tests the retrieval chain) query: add one so every retrieval scenario is covered',
      ],
    });
    const types = ['A', 'B', 'C', 'D'] as const;
    const fifty: GoldenSet = { queries: Array.from({ length: 50 }, (_, i) => query(`q${i}`, types[i % 4]!)) };
    expect(goldenCoverage(fifty).warnings).toEqual([]);
    const more: GoldenSet = { queries: [...fifty.queries, query('q50', 'A')] };
    expect(goldenCoverage(more).warnings).toEqual([
      '51 queries, more than 50: keep the golden set small and hard — retire queries that always pass, rather than adding more',
    ]);
  });

  it('lists queries perfect on both sides in every past run (at least minRuns) as candidates to retire', () => {
    const golden: GoldenSet = { queries: [query('easy', 'A'), query('hard', 'D'), query('new', 'B'), query('slipped', 'A')] };
    const reports = [
      past([['easy', 1, 1, 1, 1], ['hard', 3, 0.5, 2, 1], ['slipped', 1, 1, 1, 1], ['gone', 1, 1, 1, 1]]),
      past([['easy', 1, 1, 1, 1], ['hard', 1, 1, 1, 1], ['slipped', 1, 1, 2, 1], ['gone', 1, 1, 1, 1]]),
      past([['easy', 1, 1, 1, 1], ['hard', 1, 1, 1, 1], ['slipped', 1, 1, 1, 1], ['new', 1, 1, 1, 1], ['gone', 1, 1, 1, 1]]),
      { files: [] } as unknown as Report,
    ];
    // easy: perfect 3 of 3; hard: not in run 1; slipped: head rank 2 in run 2; new: 1 run only;
    // gone: no longer in the golden set.
    expect(retireCandidates(golden, reports)).toEqual([{ id: 'easy', type: 'A', runs: 3 }]);
    expect(retireCandidates(golden, reports, { minRuns: 1 })).toEqual([
      { id: 'easy', type: 'A', runs: 3 },
      { id: 'new', type: 'B', runs: 1 },
    ]);
  });

  it('reports both through chunkgate golden check', async () => {
    const base = fileURLToPath(new URL('../../fixtures/retrieval/base', import.meta.url));
    const head = fileURLToPath(new URL('../../fixtures/retrieval/head', import.meta.url));
    const diff = await runCli(['diff', '--base-dir', base, '--head-dir', head, '--format', 'json', '--no-fail'], { cwd: base });
    const report = JSON.parse(diff.stdout) as Report;
    const perfect = report.retrieval!.queries.filter((q) => [q.base, q.head].every((side) => side.rank === 1 && side.recall === 1)).map((q) => q.id);
    const dir = await mkdtemp(join(tmpdir(), 'chunkgate-golden-history-'));
    const paths = ['r1.json', 'r2.json'].map((name) => join(dir, name));
    for (const path of paths) await writeFile(path, diff.stdout);
    const result = await runCli(['golden', 'check', '--min-runs', '2', ...paths], { cwd: base });
    expect(result.code).toBe(0);
    expect(perfect.length).toBeGreaterThan(0);
    expect(result.stdout).toContain(`${perfect.length} ${perfect.length === 1 ? 'query was' : 'queries were'} perfect (rank 1, recall 1, base and head) in every past run`);
    for (const id of perfect) expect(result.stdout).toMatch(new RegExp(`^  ${id}  type [ABCD], perfect in 2 runs$`, 'm'));
    const tooFew = await runCli(['golden', 'check', paths[0]!], { cwd: base });
    expect(tooFew.stdout).toContain('no query was perfect in every one of at least 3 past runs (1 of 1 reports have golden-set results)');
  });
});
