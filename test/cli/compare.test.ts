import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunComparison } from '../../src/history/compare-runs.js';
import type { Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';

const demoBase = new URL('../../fixtures/demo/base/', import.meta.url).pathname;

describe('chunkgate compare: several parameter sets on the same docs', () => {
  it('compares eval runs of three configs, each against the first', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chunkgate-compare-'));
    const configs = {
      'heading-320.json': 'chunking: { strategy: heading, max: 320, min: 48 }\n',
      'heading-128.json': 'chunking: { strategy: heading, max: 128, min: 48 }\n',
      'fixed-128.json': 'chunking: { strategy: fixed, max: 128 }\n',
    };
    const outputs: string[] = [];
    for (const [name, yaml] of Object.entries(configs)) {
      const config = join(dir, name.replace('.json', '.yml'));
      await writeFile(config, yaml);
      const out = join(dir, name);
      const result = await runCli(['eval', 'docs', '--config', config, '--format', 'json', '--out', out], { cwd: demoBase });
      expect(result.code).toBe(0);
      await writeFile(out, result.files[out]!);
      outputs.push(out);
    }
    const result = await runCli(['compare', ...outputs, '--format', 'json'], { cwd: dir });
    expect(result.code).toBe(0);
    const comparison = JSON.parse(result.stdout) as RunComparison;
    expect(comparison.runs.map((run) => run.label)).toEqual(Object.keys(configs));
    expect(comparison.deltas.map((delta) => `${delta.to} vs ${delta.from}`)).toEqual(['heading-128.json vs heading-320.json', 'fixed-128.json vs heading-320.json']);
    for (const [index, path] of outputs.entries()) {
      const report = JSON.parse(await readFile(path, 'utf8')) as Report;
      const chunks = report.files.flatMap((file) => file.head!.chunks);
      const run = comparison.runs[index]!;
      expect(run.chunks).toBe(chunks.length);
      expect(run.grades.pass + run.grades.warn + run.grades.fail).toBe(chunks.length);
      expect(run.grades.fail).toBe(chunks.filter((chunk) => chunk.grade === 'fail').length);
      expect(run.provenance!.configHash).toBe(report.provenance!.configHash);
    }
    // Three configs, three config hashes.
    expect(new Set(comparison.runs.map((run) => run.provenance!.configHash)).size).toBe(3);
    // Fixed windows cut elsewhere than heading sections: some chunks find no partner.
    const fixed = comparison.deltas[1]!;
    expect(fixed.unmatched.from + fixed.unmatched.to).toBeGreaterThan(0);
  });
});
