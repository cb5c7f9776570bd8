import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../src/history/compare-runs.js';
import { parseReport } from '../../src/history/load.js';
import { runCli } from '../helpers/cli.js';

const dir = new URL('../../fixtures/compare/', import.meta.url).pathname;
const load = (name: string) => ({ label: name, report: parseReport(readFileSync(`${dir}${name}`, 'utf8'), name) });

// Two fixture runs (fixtures/compare): a.json has docs/a.md (3 chunks: 90 pass, 65 warn with
// sentence-cut, 50 fail with table-split) and docs/b.md (1 chunk: 85 pass, tiny-chunk); b.json
// re-scores docs/a.md (same first chunk; the second grew to 82 pass, no issue; the third 55 fail,
// still table-split), drops docs/b.md and adds docs/c.md (1 chunk: 65 warn, missing-heading-context).
describe('compareRuns on two fixture runs (hand-checked)', () => {
  const comparison = compareRuns([load('a.json'), load('b.json')]);

  it('summarizes each run: grade rates, mean scores, issues by tag and severity', () => {
    const [a, b] = comparison.runs;
    // a: 4 chunks, pass 2 (90, 85), warn 1 (65), fail 1 (50); scores (80+90)/2, (70+80)/2, (75+85)/2.
    expect(a).toMatchObject({
      label: 'a.json',
      files: 2,
      chunks: 4,
      grades: { pass: 2, warn: 1, fail: 1, rates: { pass: 0.5, warn: 0.25, fail: 0.25 } },
      scores: { structural: 85, content: 75, overall: 80 },
      issues: { total: 3, byTag: { 'sentence-cut': 1, 'table-split': 1, 'tiny-chunk': 1 }, bySeverity: { high: 1, medium: 1, low: 1 } },
      failures: 1,
      verdict: 'fail',
    });
    expect(a!.provenance?.configHash).toBe('aaaaaaaaaaaaaaaa');
    // b: pass 2 (90, 82), warn 1 (65), fail 1 (55); scores (84+70)/2 = 77, (72+60)/2 = 66, (80+65)/2 = 72.5.
    expect(b).toMatchObject({
      chunks: 4,
      grades: { pass: 2, warn: 1, fail: 1 },
      scores: { structural: 77, content: 66, overall: 72.5 },
      issues: { total: 2, byTag: { 'missing-heading-context': 1, 'table-split': 1 }, bySeverity: { high: 1, medium: 0, low: 1 } },
      verdict: 'pass',
    });
  });

  it('gives b against a: score, rate and issue deltas', () => {
    const [delta] = comparison.deltas;
    expect(delta).toMatchObject({
      from: 'a.json',
      to: 'b.json',
      scores: { structural: -8, content: -9, overall: -7.5 },
      rates: { pass: 0, warn: 0, fail: 0 },
      // table-split is unchanged (1 → 1) and left out; medium −1 (sentence-cut), low 1 → 1.
      issues: { byTag: { 'missing-heading-context': 1, 'sentence-cut': -1, 'tiny-chunk': -1 }, bySeverity: { high: 0, medium: -1, low: 0 } },
      unmatched: { from: 1, to: 1 },
    });
  });

  it('gives per-file and per-chunk score deltas, and the chunks whose grade changed', () => {
    const [delta] = comparison.deltas;
    expect(delta!.files).toEqual([
      { path: 'docs/a.md', structural: [80, 84, 4], content: [70, 72, 2], overall: [75, 80, 5] },
      { path: 'docs/b.md', structural: [90, null, null], content: [80, null, null], overall: [85, null, null] },
      { path: 'docs/c.md', structural: [null, 70, null], content: [null, 60, null], overall: [null, 65, null] },
    ]);
    // Unchanged first chunk (identical text) is not listed; the others align by heading path +
    // word similarity ({beta, section, words} ⊂ 5 words: 3/5; {gamma, table, x} ⊂ 4 words: 3/4).
    expect(delta!.chunks).toEqual([
      { path: 'docs/a.md', match: 'similarity', headingPath: ['A', 'C'], lines: { from: [10, 14], to: [11, 15] }, score: [50, 55, 5], grade: ['fail', 'fail'] },
      { path: 'docs/a.md', match: 'similarity', headingPath: ['A', 'B'], lines: { from: [5, 8], to: [5, 9] }, score: [65, 82, 17], grade: ['warn', 'pass'] },
    ]);
    expect(delta!.gradeChanges).toEqual([delta!.chunks[1]]);
  });

  it('renders the comparison through chunkgate compare, as text, Markdown and JSON', async () => {
    const json = await runCli(['compare', 'a.json', 'b.json', '--format', 'json'], { cwd: dir });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse(JSON.stringify(comparison)));
    const text = await runCli(['compare', 'a.json', 'b.json'], { cwd: dir });
    expect(text.stdout).toContain('Scores: structural −8 · content −9 · overall −7.5 · pass 0 pts · warn 0 pts · fail 0 pts');
    expect(text.stdout).toContain('Issues: missing-heading-context +1 · sentence-cut −1 · tiny-chunk −1 · high 0 · medium −1 · low 0');
    expect(text.stdout).toMatch(/docs\/a\.md\s+L5–L8 → L5–L9\s+A › B\s+65 → 82 \(\+17\)\s+warn → pass\s+similarity/);
    const md = await runCli(['compare', 'a.json', 'b.json', '--format', 'md'], { cwd: dir });
    await expect(md.stdout).toMatchFileSnapshot('./__snapshots__/compare.md');
  });

  it('refuses what is not a report, naming the file and the field', async () => {
    const result = await runCli(['compare', 'a.json', '../eval/mixed-en/.chunkgate.yml'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('../eval/mixed-en/.chunkgate.yml: not JSON');
    expect(() => parseReport('{"files": [{"path": "x", "head": {"path": "x", "chunks": 3}}]}', 'r.json')).toThrow(
      'r.json: not a chunkgate JSON report (files[0].head.chunks: Invalid input: expected array, received number)',
    );
    expect((await runCli(['compare', 'a.json'], { cwd: dir })).code).toBe(2);
  });
});
