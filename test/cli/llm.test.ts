/**
 * The llm scorer wired through `chunkgate diff`: the real `openai` client against the
 * loopback OpenAI-compatible double, with the file cache.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';
import { startOpenAIDouble, type OpenAIDouble } from '../helpers/openai-double.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const demo = ['diff', '--base-dir', 'fixtures/demo/base', '--head-dir', 'fixtures/demo/head'];
let double: OpenAIDouble;

afterEach(() => double.close());

async function diff(extra: string[], cacheDir: string) {
  return runCli([...demo, '--scorer', 'llm', '--llm-base-url', double.baseURL, '--cache-dir', cacheDir, ...extra], {
    cwd: root,
    env: { OPENAI_API_KEY: 'sk-test' },
  });
}

describe('chunkgate diff --scorer llm', () => {
  it('judges each distinct chunk once, reports the cost, and answers a re-run from the cache', async () => {
    double = await startOpenAIDouble();
    const cache = await mkdtemp(join(tmpdir(), 'chunkgate-llm-'));
    const first = await diff(['--format', 'json', '--no-fail'], cache);
    // The retrieval probes read the corpus through the content cache: its line, and where the rules came from, are all stderr says.
    expect(first.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('cache: '))).toEqual([
      'notice: rules from .chunkgate.yml of the base folder fixtures/demo/base (pass --config F for other rules)',
    ]);
    const report = JSON.parse(first.stdout) as Report;
    expect(report.scorer).toBe('llm');
    const cost = report.summary.cost!;
    expect(cost.calls).toBe(double.requests.length);
    expect(cost.calls).toBeGreaterThan(0);
    // Every request was answered with usage 1000 prompt + 200 completion tokens.
    expect(cost.promptTokens).toBe(1000 * cost.calls);
    expect(cost.completionTokens).toBe(200 * cost.calls);
    // One judged window per chunk at most (in this small demo every window differs between
    // base and head: each H1 intro chunk's evidence is its whole, edited, document).
    const chunksBothSides = report.files.reduce((sum, file) => sum + (file.base?.chunks.length ?? 0) + (file.head?.chunks.length ?? 0), 0);
    expect(cost.judgedChunks + cost.cacheHits).toBe(chunksBothSides);
    expect(cost.judgedChunks).toBe(double.requests.reduce((sum, request) => sum + request.targets.length, 0));
    expect(report.summary.partial).toBe(false);

    const requestsBefore = double.requests.length;
    const second = JSON.parse((await diff(['--format', 'json', '--no-fail'], cache)).stdout) as Report;
    expect(double.requests.length).toBe(requestsBefore);
    expect(second.summary.cost).toMatchObject({ calls: 0, judgedChunks: 0, cacheHits: cost.judgedChunks });
    // Same scores from the cache as from the model.
    expect(second.files.map((f) => f.head?.scores)).toEqual(report.files.map((f) => f.head?.scores));
  });

  it('prices the run with llm.prices', async () => {
    double = await startOpenAIDouble();
    const dir = await mkdtemp(join(tmpdir(), 'chunkgate-llm-'));
    const config = join(dir, 'prices.yml');
    const demoConfig = await readFile(join(root, 'fixtures/demo/base/.chunkgate.yml'), 'utf8');
    await writeFile(config, `${demoConfig}llm:\n  prices: { input: 0.15, output: 0.6 }\n`);
    const report = JSON.parse((await diff(['--config', config, '--format', 'json', '--no-fail'], join(dir, 'cache'))).stdout) as Report;
    const { calls, usd } = report.summary.cost!;
    // Each call: 1000 prompt tokens × $0.15/M + 200 completion tokens × $0.60/M = $0.00027.
    expect(usd).toBeCloseTo(calls * 0.00027, 9);
  });

  it('keeps the structural gate whatever the judge says', async () => {
    // A judge talked into "score 100" everywhere moves content scores only.
    double = await startOpenAIDouble(() => ({ kind: 'valid', score: () => 100 }));
    const cache = await mkdtemp(join(tmpdir(), 'chunkgate-llm-'));
    const judged = JSON.parse((await diff(['--format', 'json', '--no-fail'], cache)).stdout) as Report;
    const plain = JSON.parse((await runCli([...demo, '--format', 'json', '--no-fail'], { cwd: root })).stdout) as Report;
    const structural = (report: Report) => report.files.map((file) => [file.path, file.head?.scores.structural, file.head?.metrics.structural_preservation]);
    expect(structural(judged)).toEqual(structural(plain));
    // The chunks a failure names (its drivers) carry content scores; the failure itself does not move.
    const failures = (report: Report) =>
      report.files.flatMap((file) =>
        file.failures.filter((f) => f.rule === 'structural' || f.score === 'structural').map(({ rule, score, actual, limit, origin, gating }) => ({ rule, score, actual, limit, origin, gating })),
      );
    expect(failures(judged)).toEqual(failures(plain));
    // The table pieces keep their hard cap: 59 at most, whatever the judge scored.
    const pieces = judged.files.find((file) => file.path === 'docs/deploy.md')!.head!.chunks.filter((chunk) => chunk.split?.kind === 'table');
    expect(pieces).toHaveLength(3);
    for (const piece of pieces) expect(piece.score).toBeLessThanOrEqual(59);
  });

  it('falls back to heuristic scores when the API fails, says so in the comment, and fails only with failOn partial', async () => {
    double = await startOpenAIDouble(() => ({ kind: 'content', content: '{ not json' }));
    const cache = await mkdtemp(join(tmpdir(), 'chunkgate-llm-'));
    const md = await diff(['--format', 'md', '--fail-on', 'threshold'], cache);
    expect(md.stdout).toMatch(/LLM judge: \d+ chunks fell back to heuristic scores \(\d+ invalid-json\); the run is partial/);
    const json = JSON.parse((await diff(['--format', 'json', '--no-fail'], cache)).stdout) as Report;
    expect(json.summary.partial).toBe(true);
    const plain = JSON.parse((await runCli([...demo, '--format', 'json', '--no-fail'], { cwd: root })).stdout) as Report;
    // Every chunk fell back, so every score is the heuristic one.
    expect(json.files.map((f) => f.head?.scores)).toEqual(plain.files.map((f) => f.head?.scores));
    expect(json.files[0]!.head!.chunks.every((chunk) => chunk.partial === true)).toBe(true);
    // The demo fails its thresholds either way; with only `partial` in failOn the verdict is the LLM's failure alone.
    expect((await diff(['--fail-on', 'partial'], cache)).code).toBe(1);
    expect((await diff(['--fail-on', 'regression'], cache)).code).toBe(1);
  });
});
