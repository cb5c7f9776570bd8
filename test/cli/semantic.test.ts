/**
 * `strategy: semantic` end to end: sentence embeddings through the real `openai` client against the
 * loopback double (`/v1/embeddings`, bag-of-words vectors), cached by content hash.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chunkDocument } from '../../src/chunking/index.js';
import { createMeasure } from '../../src/tokens/index.js';
import { parseConfig } from '../../src/config/load.js';
import { parseMarkdown } from '../../src/markdown/parse.js';
import type { Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';
import { bagOfWords, startOpenAIDouble, type OpenAIDouble } from '../helpers/openai-double.js';

let double: OpenAIDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

const CONFIG = 'chunking:\n  strategy: semantic\n  unit: chars\n  max: 300\n  min: 0\n  breakpointPercentile: 70\n';
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

async function repo(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'chunkgate-semantic-'));
  await mkdir(join(dir, 'docs'));
  await writeFile(join(dir, '.chunkgate.yml'), CONFIG);
  await writeFile(join(dir, 'docs/a.md'), DOC);
  return dir;
}

describe('chunking.strategy semantic', () => {
  it('stops before reading any file when no embeddings provider is set, naming the setting', async () => {
    const dir = await repo();
    const result = await runCli(['eval', 'docs', '--format', 'json'], { cwd: dir, env: {} });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'chunking.strategy is semantic, which needs an embeddings provider: set OPENAI_API_KEY (CLI) or the openai-api-key input (action), or llm.baseURL for a local OpenAI-compatible server',
    );
  });

  it('embeds sentence windows once (cached by content), and chunks exactly as the pure chunker does with those vectors', async () => {
    double = await startOpenAIDouble();
    const dir = await repo();
    const args = ['eval', 'docs', '--format', 'json', '--llm-base-url', double.baseURL, '--cache-dir', join(dir, 'cache')];
    const result = await runCli(args, { cwd: dir, env: {} });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    const embeddingRequests = double.requests.filter((request) => request.path === '/v1/embeddings');
    expect(embeddingRequests.length).toBeGreaterThan(0);
    expect(embeddingRequests.every((request) => request.body?.model === 'text-embedding-3-small')).toBe(true);
    // Float vectors asked for explicitly: a server that ignores base64 must not be decoded as base64.
    expect(embeddingRequests.every((request) => request.body?.encoding_format === 'float')).toBe(true);

    const config = parseConfig(CONFIG, '.chunkgate.yml');
    const { doc } = parseMarkdown('docs/a.md', DOC);
    const expected = chunkDocument(doc, config.chunking, createMeasure('chars', 'o200k_base'), { vectors: (text) => bagOfWords(text) });
    const head = report.files[0]!.head!;
    expect(head.chunks.map((chunk) => chunk.text)).toEqual(expected.map((chunk) => chunk.text));
    expect(head.chunks.length).toBeGreaterThan(1);
    // The code block is one whole chunk unit; coverage stays 100%.
    expect(head.chunks.some((chunk) => chunk.text.includes('```sh\nchunkgate eval docs\n```'))).toBe(true);
    expect(head.coverage).toBe(1);
    expect(report.provenance).toMatchObject({ embeddingModels: ['text-embedding-3-small'], scorer: 'heuristic', model: null });

    const before = double.requests.length;
    const again = await runCli(args, { cwd: dir, env: {} });
    expect(double.requests.length).toBe(before);
    expect(again.stdout).toBe(result.stdout);
  });
});
