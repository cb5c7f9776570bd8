/**
 * A rate-limited LLM cannot keep the CLI alive, and an API key in
 * `--llm-base-url` is used but never written to the report. The bundled CLI (`dist/cli.js`,
 * built by `npm run build`) runs as a child process against the loopback OpenAI double.
 */
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';
import { startOpenAIDouble, type OpenAIDouble } from '../helpers/openai-double.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const demo = ['diff', '--base-dir', 'fixtures/demo/base', '--head-dir', 'fixtures/demo/head', '--scorer', 'llm'];
let double: OpenAIDouble;

afterEach(() => double.close());

/** Runs `node dist/cli.js args` to its exit; vitest's timeout catches a process that never exits. */
function runBundle(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, ['dist/cli.js', ...args], { cwd: root, env: { PATH: process.env.PATH ?? '', ...env }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: child.exitCode ?? (error ? 1 : 0), stdout, stderr }),
    );
  });
}

describe('an LLM provider answering 429 with Retry-After: 3600', () => {
  it('gets no retry; the chunks fall back, the report is written, and the process exits', async () => {
    double = await startOpenAIDouble(() => ({ kind: 'status', status: 429, headers: { 'retry-after': '3600' } }));
    const cache = await mkdtemp(join(tmpdir(), 'chunkgate-429-'));
    const result = await runBundle([...demo, '--llm-base-url', double.baseURL, '--cache-dir', cache, '--format', 'json', '--no-fail'], { OPENAI_API_KEY: 'sk-test' });
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.summary.partial).toBe(true);
    expect(report.files.every((file) => file.head?.chunks.every((chunk) => chunk.partial === true) ?? true)).toBe(true);
    expect(result.stderr).toMatch(/LLM judge: \d+ chunks fell back to heuristic scores \(\d+ http-error\); the run is partial/);
    // One request per judge call, none retried: nobody waited for the hour.
    expect(report.summary.cost!.calls).toBeGreaterThan(0);
    expect(double.requests).toHaveLength(report.summary.cost!.calls);
  });
});

describe('an API key inside --llm-base-url', () => {
  it('authenticates and reaches the API, but report.json shows it as ***', async () => {
    double = await startOpenAIDouble();
    const cache = await mkdtemp(join(tmpdir(), 'chunkgate-key-'));
    const port = new URL(double.origin).port;
    const url = `http://user:sk-userinfo-SECRET@127.0.0.1:${port}/v1?api-key=sk-query-SECRET&deployment=docs`;
    const result = await runCli([...demo, '--llm-base-url', url, '--cache-dir', cache, '--format', 'json', '--no-fail'], { cwd: root, env: {} });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('SECRET');
    expect(result.stderr).not.toContain('SECRET');
    const report = JSON.parse(result.stdout) as Report;
    expect((report.config as { llm: { baseURL: string } }).llm.baseURL).toBe(`http://***:***@127.0.0.1:${port}/v1?api-key=***&deployment=docs`);
    // The key was used: the password as the bearer token (no OPENAI_API_KEY), the query on every request.
    expect(double.requests.length).toBeGreaterThan(0);
    expect(double.requests[0]!.headers.authorization).toBe('Bearer sk-userinfo-SECRET');
    expect(double.requests[0]!.url).toBe('/v1/chat/completions?api-key=sk-query-SECRET&deployment=docs');
    expect(report.summary.partial).toBe(false);
    // The Markdown comment is rendered from the same report.
    const md = await runCli([...demo, '--llm-base-url', url, '--cache-dir', cache, '--format', 'md', '--no-fail'], { cwd: root, env: {} });
    expect(md.stdout).not.toContain('SECRET');
  });
});
