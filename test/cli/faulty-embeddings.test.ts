/**
 * A faulty embeddings provider, through the CLI (in process: `runCli`) against the loopback OpenAI
 * double: vectors of mixed lengths, empty, all zeros, huge or strings, too few, HTTP 500, no answer,
 * invalid JSON. For `strategy: semantic` the file whose
 * vectors failed is `unchecked` (a gating finding naming the provider, the model and the step) and
 * the other files are still scored; for golden-set retrieval by embeddings, BM25 stands in and the
 * retrieval section is `partial` with the reason. Never exit 2, never a missing report, never the key.
 */
import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileFinding, Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';
import { bagOfWords, EMBEDDING_DIMENSIONS, startOpenAIDouble, type EmbeddingReply, type OpenAIDouble } from '../helpers/openai-double.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const KEY = 'sk-test-embeddings-key-0123456789';
let double: OpenAIDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

const CONFIG = [
  'chunking: { strategy: semantic, unit: chars, max: 300, min: 0, breakpointPercentile: 70 }',
  'llm: { timeout: 1000 }',
  'overrides:',
  '  - paths: ["docs/plain/**"]',
  '    chunking: { strategy: heading }',
  '',
].join('\n');
// Units: the heading, 3 + 3 sentences, the code block: 8 sentence windows, all different.
const DOC = [
  '# Cache guide',
  '',
  'The cache stores vectors on disk. The cache keys are content hashes. A cache hit skips the request.',
  '',
  'Deployments run on Fridays. Deployments need two approvals. Rollbacks restore the previous release.',
  '',
  '```sh',
  'chunkgate eval docs',
  '```',
  '',
].join('\n');
const PLAIN = '# Plain\n\nThis page is chunked by headings. It needs no embeddings at all.\n';

async function repo(files: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'chunkgate-bad-vectors-'));
  await mkdir(join(dir, 'docs/plain'), { recursive: true });
  await writeFile(join(dir, '.chunkgate.yml'), CONFIG);
  await writeFile(join(dir, 'docs/a.md'), DOC);
  await writeFile(join(dir, 'docs/plain/b.md'), PLAIN);
  for (const [path, text] of Object.entries(files)) await writeFile(join(dir, path), text);
  return dir;
}

async function evalWith(reply: (inputs: string[], n: number) => EmbeddingReply, dir?: string) {
  double = await startOpenAIDouble(undefined, reply);
  const cwd = dir ?? (await repo());
  const result = await runCli(['eval', 'docs', '--format', 'json', '--llm-base-url', double.baseURL, '--cache-dir', join(cwd, 'cache')], { cwd, env: { OPENAI_API_KEY: KEY } });
  return { ...result, cwd, host: new URL(double.baseURL).host };
}

function findings(report: Report, path: string): FileFinding[] {
  return report.files.find((file) => file.path === path)?.findings ?? [];
}

/** Each faulty answer to the 8 windows of docs/a.md, and the reason chunkgate gives (a pattern where Node words it). */
const FAULTS: [string, (inputs: string[]) => EmbeddingReply, string | RegExp][] = [
  [
    'vectors of mixed lengths',
    (inputs) => ({ kind: 'vectors', vectors: inputs.map((text, index) => (index === 3 ? bagOfWords(text).slice(0, 32) : bagOfWords(text))) }),
    'invalid answer: vector 4 of 8 has 32 numbers, expected 64 (as vector 1)',
  ],
  ['an empty vector', (inputs) => ({ kind: 'vectors', vectors: inputs.map((text, index) => (index === 0 ? [] : bagOfWords(text))) }), 'invalid answer: vector 1 of 8 is empty'],
  [
    'an all-zero vector',
    (inputs) => ({ kind: 'vectors', vectors: inputs.map((text, index) => (index === 2 ? new Array(EMBEDDING_DIMENSIONS).fill(0) : bagOfWords(text))) }),
    'invalid answer: vector 3 of 8 is all zeros (it has no direction to compare)',
  ],
  [
    'a number too large for a double (1e999)',
    (inputs) => ({
      kind: 'body',
      body: `{"object":"list","data":[${inputs.map((_, index) => `{"object":"embedding","index":${index},"embedding":[${index === 1 ? '1e999' : '1'},0.5]}`).join(',')}]}`,
    }),
    'invalid answer: vector 2 of 8 holds Infinity at position 1, expected a finite number',
  ],
  [
    'numbers as strings',
    (inputs) => ({ kind: 'vectors', vectors: inputs.map((text) => bagOfWords(text).map(String)) }),
    'invalid answer: vector 1 of 8 holds the string "0" at position 1, expected a finite number',
  ],
  ['too few vectors', (inputs) => ({ kind: 'vectors', vectors: inputs.slice(1).map(bagOfWords) }), 'invalid answer: the answer holds 7 embeddings for 8 texts'],
  ['HTTP 500', () => ({ kind: 'status', status: 500 }), 'HTTP 500 (double says 500)'],
  ['no answer', () => ({ kind: 'hang' }), 'no answer within 1 s (llm.timeout)'],
  ['invalid JSON', () => ({ kind: 'body', body: '{"object": "list", "data": [' }), /^the answer is not valid JSON \(.+\)$/],
  ['an HTML page', () => ({ kind: 'body', body: '<html>bad gateway</html>', contentType: 'text/html' }), 'invalid answer: the answer is the string "<html>bad gateway</h"…, expected an object with a "data" list of embeddings'],
];

describe('strategy semantic with a faulty embeddings provider', () => {
  it.each(FAULTS)('%s: the file is unchecked, naming provider, model and step; the other file is scored; exit 1', async (_, reply, reason) => {
    const result = await evalWith(reply);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Report;
    const [finding] = findings(report, 'docs/a.md');
    expect(finding).toMatchObject({ kind: 'unchecked', gating: true, origin: 'new', severity: 'high' });
    const step = `Not checked: embedding 8 sentence windows of docs/a.md for semantic chunking failed (embeddings provider ${result.host}, model text-embedding-3-small): `;
    expect(finding!.message.slice(0, step.length)).toBe(step);
    if (typeof reason === 'string') expect(finding!.message.slice(step.length)).toBe(reason);
    else expect(finding!.message.slice(step.length)).toMatch(reason);
    expect(finding!.hint).toContain('thresholds.unchecked: warn');
    expect(report.files.find((file) => file.path === 'docs/a.md')!.head).toBeUndefined();
    // The page that needs no embeddings is still chunked and scored.
    expect(report.files.find((file) => file.path === 'docs/plain/b.md')!.head!.chunks.length).toBeGreaterThan(0);
    expect(double!.requests.filter((request) => request.path === '/v1/embeddings')[0]!.body!.input).toHaveLength(8);
    expect(result.stdout + result.stderr).not.toContain(KEY);
  });

  it('a provider that changes its vector length between batches fails the windows of the later batch', async () => {
    // 70 sentences: two requests (64 + 6 windows); the second answers 32 numbers a vector.
    const long = `# Long\n\n${Array.from({ length: 70 }, (_, index) => `Sentence number ${index + 1} talks about topic ${index % 7}.`).join(' ')}\n`;
    const dir = await repo({ 'docs/a.md': long });
    const result = await evalWith((inputs, n) => ({ kind: 'vectors', vectors: inputs.map((text) => (n === 0 ? bagOfWords(text) : bagOfWords(text).slice(0, 32))) }), dir);
    expect(result.code).toBe(1);
    const [finding] = findings(JSON.parse(result.stdout) as Report, 'docs/a.md');
    expect(finding!.message).toBe(
      `Not checked: embedding 7 of the 71 sentence windows of docs/a.md for semantic chunking failed (embeddings provider ${result.host}, model text-embedding-3-small): invalid answer: vector 1 of 7 has 32 numbers, expected 64 (as earlier vectors of this model in this run)`,
    );
    // Nothing invalid was cached: a healthy provider next time embeds only what failed.
    double!.setEmbeddingScript(() => ({ kind: 'valid' }));
    const before = double!.requests.length;
    const again = await runCli(['eval', 'docs', '--format', 'json', '--llm-base-url', double!.baseURL, '--cache-dir', join(dir, 'cache')], { cwd: dir });
    expect(again.code).toBe(0);
    expect(double!.requests.slice(before).flatMap((request) => request.body!.input as string[])).toHaveLength(7);
  });

  it('never shows the key, even when the provider quotes it back', async () => {
    const result = await evalWith((inputs) => ({ kind: 'status', status: 401, message: `Incorrect API key provided: ${KEY} (inputs: ${inputs.length})` }));
    expect(result.code).toBe(1);
    const [finding] = findings(JSON.parse(result.stdout) as Report, 'docs/a.md');
    expect(finding!.message).toContain(`model text-embedding-3-small): HTTP 401 (Incorrect API key provided: *** (inputs: 8))`);
    expect(result.stdout + result.stderr).not.toContain(KEY);
  });

  it('with thresholds.unchecked: warn, a provider outage is a finding that does not gate', async () => {
    const dir = await repo();
    await writeFile(join(dir, '.chunkgate.yml'), `${CONFIG}thresholds: { unchecked: warn }\n`);
    const result = await evalWith(() => ({ kind: 'status', status: 503 }), dir);
    expect(result.code).toBe(0);
    expect(findings(JSON.parse(result.stdout) as Report, 'docs/a.md')).toEqual([
      expect.objectContaining({ kind: 'unchecked', gating: false, message: expect.stringContaining('HTTP 503 (double says 503)') }),
    ]);
  });

  it('diff: the changed semantic file is unchecked and the verdict fails; the report is written', async () => {
    const dir = await repo();
    await mkdir(join(dir, 'base/docs'), { recursive: true });
    await mkdir(join(dir, 'head/docs'), { recursive: true });
    await writeFile(join(dir, 'base/.chunkgate.yml'), CONFIG);
    await writeFile(join(dir, 'base/docs/a.md'), DOC);
    await writeFile(join(dir, 'head/docs/a.md'), DOC.replace('Rollbacks restore', 'A rollback restores'));
    double = await startOpenAIDouble(undefined, () => ({ kind: 'status', status: 500 }));
    const result = await runCli(['diff', '--base-dir', 'base', '--head-dir', 'head', '--format', 'md', '--llm-base-url', double.baseURL, '--cache-dir', 'cache'], {
      cwd: dir,
      env: { OPENAI_API_KEY: KEY },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Not checked');
    expect(result.stdout).toContain(`embedding 8 sentence windows of docs/a.md for semantic chunking failed (embeddings provider ${new URL(double.baseURL).host}, model text-embedding-3-small): HTTP 500`);
    expect(result.stdout + result.stderr).not.toContain(KEY);
  });
});

describe('semantic chunking of the golden-set corpus with a faulty provider', () => {
  it('leaves the files out of retrieval with a notice, and marks the retrieval section partial', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chunkgate-bad-corpus-'));
    await cp(`${root}fixtures/retrieval/base`, `${dir}/base`, { recursive: true });
    await cp(`${root}fixtures/retrieval/head`, `${dir}/head`, { recursive: true });
    const config = await readFile(`${dir}/base/.chunkgate.yml`, 'utf8');
    // Only the Chinese pages are chunked semantically; the provider answers zero vectors.
    await writeFile(`${dir}/base/.chunkgate.yml`, `${config}overrides:\n  - paths: ["docs/zh/**"]\n    chunking: { strategy: semantic }\n`);
    double = await startOpenAIDouble(undefined, (inputs) => ({ kind: 'vectors', vectors: inputs.map(() => [0, 0]) }));
    const result = await runCli(['diff', '--base-dir', 'base', '--head-dir', 'head', '--format', 'json', '--llm-base-url', double.baseURL, '--cache-dir', 'cache'], { cwd: dir });
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.retrieval).toMatchObject({
      retriever: 'bm25',
      partial: true,
      partialReason: '1 docs file could not be chunked semantically (its sentence embeddings failed; see the notices), so retrieval ran without its chunks',
    });
    expect(report.summary.partial).toBe(true);
    expect(result.stderr).toMatch(
      new RegExp(`notice: embedding \\d+ sentence windows of docs/zh/\\S+ for semantic chunking failed \\(embeddings provider ${new URL(double.baseURL).host}, model text-embedding-3-small\\): invalid answer: vector 1 of \\d+ is all zeros \\(it has no direction to compare\\); retrieval sees no chunks of docs/zh/`),
    );
  });
});

describe('golden-set retrieval by embeddings with a faulty provider', () => {
  async function goldenRepo(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'chunkgate-bad-dense-'));
    await cp(`${root}fixtures/retrieval/base`, `${dir}/base`, { recursive: true });
    await cp(`${root}fixtures/retrieval/head`, `${dir}/head`, { recursive: true });
    const config = await readFile(`${dir}/base/.chunkgate.yml`, 'utf8');
    await writeFile(`${dir}/base/.chunkgate.yml`, config.replace('k: 3 }', 'k: 3, retriever: embeddings }'));
    return dir;
  }

  it.each([
    ['HTTP 500', (): EmbeddingReply => ({ kind: 'status', status: 500 }), 'HTTP 500 (double says 500)'],
    ['all-zero vectors', (inputs: string[]): EmbeddingReply => ({ kind: 'vectors', vectors: inputs.map(() => [0, 0, 0]) }), 'invalid answer: vector 1 of'],
  ])('%s: BM25 stands in, the retrieval section is partial with the reason, the verdict is BM25\'s', async (_, reply, reason) => {
    const dir = await goldenRepo();
    double = await startOpenAIDouble(undefined, reply);
    const args = ['diff', '--base-dir', 'base', '--head-dir', 'head', '--llm-base-url', double.baseURL, '--cache-dir', 'cache'];
    const result = await runCli([...args, '--format', 'json'], { cwd: dir, env: { OPENAI_API_KEY: KEY } });
    // The fixture's head fails the mrrDrop limit under BM25 (test/retrieval/golden-fixture.test.ts): exit 1 by verdict, not 2.
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Report;
    const chunks = (double.requests[0]!.body!.input as string[]).length;
    const host = new URL(double.baseURL).host;
    expect(report.retrieval).toMatchObject({ retriever: 'bm25', partial: true });
    expect(report.retrieval!.partialReason).toMatch(
      new RegExp(
        `^embedding ${chunks} chunks of the base docs for golden-set retrieval failed \\(embeddings provider ${host.replace(/\./g, '\\.')}, model text-embedding-3-small\\): ${reason.replace(/[()]/g, '\\$&')}.*; BM25 stood in for golden-set retrieval$`,
      ),
    );
    expect(report.retrieval!.failures.map((failure) => failure.rule)).toEqual(['mrrDrop']);
    expect(report.summary.partial).toBe(true);
    // The embedding model ranked nothing: the report's provenance does not list it.
    expect(report.provenance!.embeddingModels).toEqual([]);
    expect(result.stderr).toContain('BM25 stood in for golden-set retrieval, and the run is partial');
    expect(result.stdout + result.stderr).not.toContain(KEY);

    const md = await runCli([...args, '--format', 'md', '--fail-on', 'partial'], { cwd: dir, env: { OPENAI_API_KEY: KEY } });
    expect(md.code).toBe(1);
    expect(md.stdout).toContain(`> ⚠️ Partial: embedding ${chunks} chunks of the base docs for golden-set retrieval failed`);
  });
});
