/** The shells around the HTML report: `--html` on the CLI, and the artifact upload of the action. */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadReportArtifact, type ArtifactUploader } from '../../src/action/artifact.js';
import { runCli } from '../helpers/cli.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const demoArgs = ['diff', '--base-dir', 'fixtures/demo/base', '--head-dir', 'fixtures/demo/head'];

describe('--html', () => {
  it('diff writes the chunk map beside the usual output, and the comment carries the chart', async () => {
    const result = await runCli([...demoArgs, '--format', 'md', '--html', 'map.html'], { cwd: root });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('~~~mermaid\n');
    const html = result.files['map.html']!;
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('data-path="docs/deploy.md"');
    expect(html).toContain('<svg class="hist"');
  });

  it('eval writes a head-only chunk map', async () => {
    const result = await runCli(['eval', 'docs/guide.md', '--html', 'eval.html'], { cwd: `${root}fixtures/demo/base` });
    expect(result.code).toBe(0);
    const html = result.files['eval.html']!;
    expect(html).toContain('data-path="docs/guide.md"');
    expect(html).toContain('No base side (added)');
  });
});

describe('uploadReportArtifact', () => {
  const env = { ACTIONS_RUNTIME_TOKEN: 't', GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'acme/docs', GITHUB_RUN_ID: '42' };
  const files = ['/r/report.json', '/r/report.html'];
  afterEach(() => vi.restoreAllMocks());

  it('uploads the files as chunkgate-report and returns the artifact page', async () => {
    const calls: unknown[][] = [];
    const client: ArtifactUploader = { uploadArtifact: async (...args) => (calls.push(args), { id: 7 }) };
    const uploaded = await uploadReportArtifact({ files, rootDirectory: '/r', env, client });
    expect(calls).toEqual([['chunkgate-report', files, '/r']]);
    expect(uploaded).toEqual({ name: 'chunkgate-report', id: 7, url: 'https://github.com/acme/docs/actions/runs/42/artifacts/7' });
  });

  it('skips without ACTIONS_RUNTIME_TOKEN and turns an upload error into a warning', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const never: ArtifactUploader = { uploadArtifact: async () => { throw new Error('must not be called'); } };
    expect(await uploadReportArtifact({ files, rootDirectory: '/r', env: {}, client: never })).toBeNull();
    const failing: ArtifactUploader = { uploadArtifact: async () => { throw new Error('503 from blob storage'); } };
    expect(await uploadReportArtifact({ files, rootDirectory: '/r', env, client: failing })).toBeNull();
    const printed = write.mock.calls.map((call) => String(call[0])).join('');
    expect(printed).toContain('no ACTIONS_RUNTIME_TOKEN');
    expect(printed).toMatch(/::warning::chunkgate: could not upload the chunkgate-report artifact \(503 from blob storage\)/);
  });
});
