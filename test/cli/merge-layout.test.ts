/**
 * `chunkgate merge` reads slices by their JSON, not by chunkgate's line layout, through the CLI (in
 * process: `runCli`): re-serialized slices (minified, another indent) merge to what the honest
 * slices merge to, and a slice whose entries disagree with its own summary, or that is not a slice's
 * report, is refused.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const demo = ['diff', '--base-dir', 'fixtures/demo/base', '--head-dir', 'fixtures/demo/head', '--format', 'json', '--no-fail'];

describe('chunkgate merge of re-serialized slices', () => {
  let dir: string;
  /** The honest slices' texts, slice 1 to 3. */
  const honest: string[] = [];
  /** The honest merge. */
  let merged: { code: number | null; stdout: string; stderr: string };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'chunkgate-merge-layout-'));
    for (let index = 1; index <= 3; index += 1) {
      const slice = await runCli([...demo, '--shard', `${index}/3`], { cwd: root });
      expect(slice.code, slice.stderr).toBe(0);
      honest.push(slice.stdout);
      await writeFile(join(dir, `honest-${index}.json`), slice.stdout);
    }
    merged = await runCli(['merge', 'honest-1.json', 'honest-2.json', 'honest-3.json'], { cwd: dir });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** The slice number (1-based) whose report lists `path`. */
  const sliceOf = (path: string): number => honest.findIndex((text) => (JSON.parse(text) as Report).files.some((file) => file.path === path)) + 1;

  it('merges minified and re-indented slices to the verdict and report of the honest slices, failing files kept', async () => {
    // The demo fails on deploy.md (a table split) and guide.md (a lost heading); faq.md passes.
    expect(merged.code, merged.stderr).toBe(1);
    const report = JSON.parse(merged.stdout) as Report;
    expect(report.summary.verdict).toBe('fail');
    expect(report.files.map((file) => file.path)).toEqual(['docs/deploy.md', 'docs/faq.md', 'docs/guide.md']);

    const deploy = sliceOf('docs/deploy.md');
    const guide = sliceOf('docs/guide.md');
    expect(deploy).toBeGreaterThan(0);
    const names: string[] = [];
    for (let index = 1; index <= 3; index += 1) {
      const data = JSON.parse(honest[index - 1]!) as unknown;
      // deploy.md's slice as `jq -c` writes it; guide.md's (unless the same) with four spaces; the rest as written.
      const text = index === deploy ? JSON.stringify(data) : index === guide ? `${JSON.stringify(data, null, 4)}\n` : honest[index - 1]!;
      names.push(`mixed-${index}.json`);
      await writeFile(join(dir, names.at(-1)!), text);
    }
    // The old line-layout reader found no entry in a minified slice.
    expect(await readFile(join(dir, `mixed-${deploy}.json`), 'utf8')).not.toContain('\n');
    const mixed = await runCli(['merge', ...names], { cwd: dir });
    expect(mixed.stderr).toBe('');
    expect(mixed.code).toBe(1);
    // Written again in chunkgate's own layout: byte for byte the honest merge.
    expect(mixed.stdout).toBe(merged.stdout);
  });

  it("refuses a slice whose entries disagree with its own summary, naming the slice and the counts", async () => {
    const deploy = sliceOf('docs/deploy.md');
    const data = JSON.parse(honest[deploy - 1]!) as Report;
    const kept = data.files.filter((file) => file.path !== 'docs/deploy.md');
    const cut = { ...data, files: kept };
    const names = [1, 2, 3].map((index) => (index === deploy ? 'cut.json' : `honest-${index}.json`));
    await writeFile(join(dir, 'cut.json'), JSON.stringify(cut));
    const result = await runCli(['merge', ...names], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      `chunkgate merge: ${join(dir, 'cut.json')} holds ${kept.length} file entries but its summary counts ${data.files.length}: the slice report was cut or edited`,
    );
  });

  it('refuses JSON that is not a chunkgate report, and text that is not JSON', async () => {
    await writeFile(join(dir, 'other.json'), JSON.stringify({ files: [], summary: {} }));
    await writeFile(join(dir, 'broken.json'), honest[0]!.slice(0, 200));
    const other = await runCli(['merge', 'other.json', 'honest-2.json', 'honest-3.json'], { cwd: dir });
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(`${join(dir, 'other.json')} is not a chunkgate JSON report (version: `);
    const broken = await runCli(['merge', 'broken.json', 'honest-2.json', 'honest-3.json'], { cwd: dir });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain(`${join(dir, 'broken.json')} is not JSON (`);
  });
});
