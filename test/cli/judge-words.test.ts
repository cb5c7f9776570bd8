/**
 * The LLM judge's words through `chunkgate diff` and `chunkgate eval`: the real
 * `openai` client against the loopback double, which answers with words a reviewer must see,
 * escaped (the judge quotes docs text, which may hold mentions or HTML).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '../../src/types.js';
import { CLI_ENTRY, runCli } from '../helpers/cli.js';
import { startOpenAIDouble, type OpenAIDouble, type RecordedRequest } from '../helpers/openai-double.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const demoBase = join(root, 'fixtures/demo/base');
let double: OpenAIDouble;

afterEach(() => double.close());

const DIMENSIONS = ['semantic_coherence', 'context_self_containment', 'information_completeness', 'boundary_quality', 'overlap_rationality'];

/** An answer whose words name the chunk, quote hostile docs text, and score overlap 30 + index. */
function wordyAnswer(request: RecordedRequest): unknown {
  return {
    chunks: request.targets.map((index) => ({
      index,
      reasoning: `Chunk ${index}: retrieval returns <b>part</b> of the table; @docs-team see | pipe.`,
      strengths: ['names its subject'],
      weaknesses: [`cut mid-table (chunk ${index})`],
      scores: Object.fromEntries(DIMENSIONS.map((name, d) => [name, d === 4 ? 30 + index : 40 + d])),
    })),
    chunk_issues: request.targets.map((index) => ({ index, issues: ['header row repeated, rows split'], severity: 'high' })),
  };
}

async function cacheDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'chunkgate-judge-'));
}

describe('the judge words in diff output', () => {
  it('keeps them per chunk in the JSON, one escaped line per regressed chunk in the comment, and in the chunk map', async () => {
    double = await startOpenAIDouble((request) => ({ kind: 'answer', answer: wordyAnswer(request) }));
    const cache = await cacheDir();
    const args = ['diff', '--base-dir', 'fixtures/demo/base', '--head-dir', 'fixtures/demo/head', '--scorer', 'llm', '--llm-base-url', double.baseURL, '--cache-dir', cache, '--no-fail'];
    const env = { OPENAI_API_KEY: 'sk-test' };

    const json = JSON.parse((await runCli([...args, '--format', 'json'], { cwd: root, env })).stdout) as Report;
    const chunk = json.files.find((file) => file.path === 'docs/deploy.md')!.head!.chunks[1]!;
    expect(chunk.judge).toEqual({
      scores: { semantic_coherence: 40, context_self_containment: 41, information_completeness: 42, boundary_quality: 43, overlap_rationality: 31 },
      issues: [{ issues: ['header row repeated, rows split'], severity: 'high' }],
      strengths: ['names its subject'],
      weaknesses: ['cut mid-table (chunk 1)'],
      reasoning: 'Chunk 1: retrieval returns <b>part</b> of the table; @docs-team see | pipe.',
      model: 'gpt-4o-mini',
      promptVersion: 'rubric-000/v1',
    });
    expect(json.provenance).toMatchObject({ scorer: 'llm', model: 'gpt-4o-mini', promptVersion: 'rubric-000/v1' });

    const md = await runCli([...args, '--format', 'md', '--html', 'map.html'], { cwd: root, env });
    // One line per regressed chunk this change caused: in its excerpt block, beside its piece of a
    // split block, or nested under its "worth a look" line (pre-existing ones are not repeated).
    const notes = md.stdout.split('\n').filter((line) => line.includes('**LLM judge**'));
    const regressed = json.files.reduce((sum, file) => sum + file.regressions.filter((regression) => regression.origin !== 'preexisting').length, 0);
    expect(regressed).toBeGreaterThan(0);
    expect(notes).toHaveLength(regressed);
    for (const line of notes) {
      expect(line).not.toMatch(/<b>|@docs-team/);
      expect(line).toContain('&lt;b&gt;part&lt;/b&gt;');
      expect(line).toContain('@\u200Ddocs-team');
    }
    await expect(notes.join('\n') + '\n').toMatchFileSnapshot('../report/__snapshots__/judge-notes.md');

    const html = md.files['map.html']!;
    expect(html).toContain('<h4>LLM judge <span class="muted">(gpt-4o-mini · rubric-000/v1)</span></h4>');
    expect(html).toContain('&lt;b&gt;part&lt;/b&gt;');
    expect(html).not.toContain('<b>part</b>');
    expect(html).toContain('<tr><td>overlap_rationality</td><td class="num">31</td></tr>');
  });
});

describe('chunkgate eval --scorer llm', () => {
  it('judges with the same flags as diff, keeps the words and records provenance', async () => {
    double = await startOpenAIDouble();
    const cache = await cacheDir();
    const run = () =>
      runCli(['eval', 'docs', '--format', 'json', '--scorer', 'llm', '--llm-base-url', double.baseURL, '--model', 'judge-x', '--cache-dir', cache], {
        cwd: demoBase,
        env: { OPENAI_API_KEY: 'sk-test' },
      });
    const result = await run();
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.scorer).toBe('llm');
    expect(double.requests.every((request) => request.body?.model === 'judge-x')).toBe(true);
    const chunks = report.files.flatMap((file) => file.head!.chunks);
    expect(report.summary.cost!.judgedChunks + report.summary.cost!.cacheHits).toBe(chunks.length);
    // The double's default answer: "Chunk i reads well on its own.", overlap_rationality 50 + i + 4.
    for (const chunk of chunks) {
      expect(chunk.judge!.reasoning).toBe(`Chunk ${chunk.index} reads well on its own.`);
      expect(chunk.judge!.scores.overlap_rationality).toBe(54 + chunk.index);
      expect(chunk.metrics.semantic_coherence).toBe(50 + chunk.index);
    }
    expect(report.provenance).toMatchObject({ scorer: 'llm', model: 'judge-x', promptVersion: 'rubric-000/v1', commits: { base: null, head: null } });
    // The second run comes from the cache, byte for byte the same scores.
    const again = JSON.parse((await run()).stdout) as Report;
    expect(again.summary.cost).toMatchObject({ calls: 0 });
    expect(again.files).toEqual(report.files);
  });

  it('judges in the main thread whatever --jobs says, with a notice, and writes what one thread writes', async () => {
    double = await startOpenAIDouble();
    const args = ['eval', 'docs', '--format', 'json', '--scorer', 'llm', '--llm-base-url', double.baseURL];
    const env = { OPENAI_API_KEY: 'sk-test' };
    const one = await runCli([...args, '--jobs', '1', '--cache-dir', await cacheDir()], { cwd: demoBase, env });
    const requests = double.requests.length;
    const two = await runCli([...args, '--jobs', '2', '--cache-dir', await cacheDir()], { cwd: demoBase, env, workerUrl: CLI_ENTRY });
    expect(one.stderr).toBe('');
    expect(two.stderr).toBe('notice: --jobs 2: the LLM judge and semantic chunking evaluate in the main thread\n');
    // Every chunk judged again (a fresh cache), and the same report.
    expect(double.requests.length).toBe(2 * requests);
    expect(two.stdout).toBe(one.stdout);
  });

  it('refuses --scorer llm without a key or base URL, naming what to set', async () => {
    double = await startOpenAIDouble();
    const result = await runCli(['eval', 'docs', '--scorer', 'llm'], { cwd: demoBase, env: {} });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('scoring.scorer is llm but no API key is set: set OPENAI_API_KEY');
    expect(double.requests).toHaveLength(0);
  });
});
