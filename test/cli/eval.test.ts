import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';

const demoBase = new URL('../../fixtures/demo/base/', import.meta.url).pathname;

describe('chunkgate eval', () => {
  it('prints the JSON report with files[].head, deterministically', async () => {
    const first = await runCli(['eval', 'docs', '--format', 'json'], { cwd: demoBase });
    const second = await runCli(['eval', 'docs', '--format', 'json'], { cwd: demoBase });
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(second.stdout);
    const report = JSON.parse(first.stdout) as Report;
    expect(report.files.map((file) => [file.path, file.status])).toEqual([
      ['docs/deploy.md', 'added'],
      ['docs/faq.md', 'added'],
      ['docs/guide.md', 'added'],
      ['docs/zh/install.md', 'added'],
    ]);
    const deploy = report.files[0]!.head!;
    // The demo config (max 320, min 48) is read from .chunkgate.yml in the working directory.
    expect(deploy.chunking).toMatchObject({ strategy: 'heading', max: 320, min: 48, tiny: 32 });
    expect(Object.keys(deploy.metrics).sort()).toEqual(
      [
        'boundary_integrity',
        'boundary_quality',
        'chunk_size_distribution',
        'context_carryover',
        'context_self_containment',
        'context_sufficiency',
        'cross_chunk_redundancy_reversed',
        'empty_tiny_rate',
        'information_completeness',
        'overlap_accuracy',
        'self_retrievability',
        'semantic_coherence',
        'size_compliance_rate',
        'structural_preservation',
        'unique_chunk_rate',
        'unit_integrity',
      ],
    );
    expect(deploy.coverage).toBe(1);
    for (const chunk of deploy.chunks) {
      expect(Object.keys(chunk)).toEqual(
        expect.arrayContaining(['id', 'index', 'text', 'tokens', 'chars', 'headingPath', 'startLine', 'endLine', 'startOffset', 'endOffset', 'kinds', 'metrics', 'score', 'grade', 'issues']),
      );
    }
    expect(report.summary).toMatchObject({ files: 4, regressions: 0, verdict: 'pass', partial: false, cost: null });
    expect(report.summary.chunks).toBe(report.files.reduce((sum, file) => sum + file.head!.chunks.length, 0));
  });

  it('prints text and Markdown, and writes --out', async () => {
    const text = await runCli(['eval', 'docs/guide.md'], { cwd: demoBase });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^docs\/guide\.md {2}3 chunks · structural [\d.]+ · content [\d.]+ · overall [\d.]+ · pass · coverage 100%/);
    expect(text.stdout).toContain('L12–L24');
    const md = await runCli(['eval', 'docs/guide.md', '--format', 'md', '--out', 'eval.md'], { cwd: demoBase });
    expect(md.stdout).toBe('');
    expect(md.files['eval.md']).toContain('| `docs/guide.md` | 3 |');
  });

  it('uses the defaults with no config file and globs as arguments', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chunkgate-eval-'));
    await writeFile(join(dir, 'a.md'), '# A\n\nOne short paragraph.\n');
    await writeFile(join(dir, 'b.txt'), 'not markdown');
    const result = await runCli(['eval', '*.md', '--format', 'json'], { cwd: dir });
    const report = JSON.parse(result.stdout) as Report;
    expect(report.files.map((file) => file.path)).toEqual(['a.md']);
    expect(report.files[0]!.head!.chunking).toMatchObject({ max: 512, min: 64, tiny: 51, unit: 'tokens', tokenizer: 'o200k_base' });
  });

  it('exits 2 naming the key, line and allowed values of a bad config', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chunkgate-eval-'));
    await writeFile(join(dir, '.chunkgate.yml'), 'chunking:\n  unit: words\n');
    await writeFile(join(dir, 'a.md'), '# A\n');
    const result = await runCli(['eval', 'a.md'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/\.chunkgate\.yml:2: chunking\.unit: .*\(allowed: tokens, chars\)/);
  });

  it('exits 2 with the usage on a bad flag', async () => {
    const result = await runCli(['eval', '--format', 'xml'], { cwd: demoBase });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Unexpected --format "xml", expected one of: text, json, md');
    expect(result.stderr).toContain('Run `chunkgate eval --help` for its options.');
    expect(result.stderr).not.toContain('Usage: chunkgate eval');
    expect((await runCli(['frobnicate'], { cwd: demoBase })).code).toBe(2);
    expect((await runCli(['eval', '--nope'], { cwd: demoBase })).code).toBe(2);
  });
});

describe('chunkgate advise', () => {
  it('recommends max and min from the section lengths and lists every candidate', async () => {
    const result = await runCli(['advise', 'docs', '--unit', 'chars', '--format', 'json'], { cwd: demoBase });
    expect(result.code).toBe(0);
    const advice = JSON.parse(result.stdout) as {
      unit: string;
      sections: { path: string; title: string; body: number }[];
      stats: { count: number; p25: number; p75: number };
      max: { recommended: number; candidates: { value: number; split: number }[] };
      min: { recommended: number; candidates: { value: number; merged: number }[] };
    };
    expect(advice.unit).toBe('chars');
    expect(advice.stats.count).toBe(advice.sections.length);
    // Each candidate's split/merged counts are the sections above/below it.
    for (const candidate of advice.max.candidates) {
      expect(candidate.split).toBe(advice.sections.filter((s) => s.body > candidate.value).length);
    }
    for (const candidate of advice.min.candidates) {
      expect(candidate.merged).toBe(advice.sections.filter((s) => s.body < candidate.value).length);
    }
    const unsplit = advice.sections.filter((s) => s.body <= advice.max.recommended).length / advice.sections.length;
    expect(unsplit).toBeGreaterThanOrEqual(0.9);
    const merged = advice.sections.filter((s) => s.body < advice.min.recommended).length / advice.sections.length;
    expect(merged).toBeLessThan(0.2);
  });

  it('prints the distribution and bucket table as text', async () => {
    const result = await runCli(['advise', 'docs'], { cwd: demoBase });
    expect(result.stdout).toMatch(/^\d+ sections · body length in tokens\nmin \d+ · max \d+ · mean \d+ · median \d+ · P25 \d+ · P75 \d+/);
    expect(result.stdout).toContain('[0, 100)');
    expect(result.stdout).toMatch(/Recommended max: \d+ tokens — /);
    expect(result.stdout).toMatch(/Recommended min: \d+ tokens — /);
  });
});
