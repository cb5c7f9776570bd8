import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { deepList } from '../helpers/hostile.js';

const demoBase = new URL('../../fixtures/demo/base/', import.meta.url).pathname;

interface AdviceJson {
  sections: { body: number }[];
  max: { recommended: number; candidates: { value: number }[] };
  current?: { max: { value: number; split: number }; min: { value: number; merged: number } };
}

describe('chunkgate advise with a config', () => {
  it('reports the current max and min beside the recommendation', async () => {
    const result = await runCli(['advise', 'docs', '--format', 'json'], { cwd: demoBase });
    expect(result.code).toBe(0);
    const advice = JSON.parse(result.stdout) as AdviceJson;
    // fixtures/demo/base/.chunkgate.yml: max 320, min 48 (tokens, the default unit).
    expect(advice.current!.max.value).toBe(320);
    expect(advice.current!.max.split).toBe(advice.sections.filter((s) => s.body > 320).length);
    expect(advice.current!.min.value).toBe(48);
    expect(advice.current!.min.merged).toBe(advice.sections.filter((s) => s.body < 48).length);

    const text = await runCli(['advise', 'docs'], { cwd: demoBase });
    expect(text.stdout).toMatch(new RegExp(`chunking\\.max\\s+320\\s+${advice.max.recommended}\\s+splits \\d+/\\d+ sections`));
    expect(text.stdout).toMatch(/chunking\.min\s+48\s+\d+\s+merges \d+\/\d+ sections/);
    expect(text.stdout).toMatch(/^320( ✓)? \(current\)/m);
  });

  it('leaves current out when the unit differs from the config', async () => {
    const advice = JSON.parse((await runCli(['advise', 'docs', '--unit', 'chars', '--format', 'json'], { cwd: demoBase })).stdout) as AdviceJson;
    expect(advice.current).toBeUndefined();
  });

  it('tries the embedding ceiling itself', async () => {
    const advice = JSON.parse((await runCli(['advise', 'docs', '--embedding-limit', '100', '--format', 'json'], { cwd: demoBase })).stdout) as AdviceJson;
    // floor(100 / 3) = 33 is a candidate, and nothing above it may be recommended.
    expect(advice.max.candidates.map((c) => c.value)).toContain(33);
    expect(advice.max.recommended).toBeLessThanOrEqual(33);
  });
});

describe('chunkgate advise with a file over a complexity cap', () => {
  it('measures the other files and names the one not measured, with the cause and its line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chunkgate-advise-'));
    try {
      await mkdir(join(dir, 'docs'));
      await writeFile(join(dir, 'docs/ok.md'), '# Guide\n\nA short section of text.\n');
      await writeFile(join(dir, 'docs/deep.md'), deepList(101));
      const result = await runCli(['advise', 'docs', '--format', 'json'], { cwd: dir });
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('notice: docs/deep.md: not measured (lists and block quotes nested 101 levels deep, over the limit of 100 (from line 103))');
      expect((JSON.parse(result.stdout) as AdviceJson).sections).toHaveLength(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
