import { describe, expect, it } from 'vitest';
import { renderJson, renderJsonFile, renderJsonFrame } from '../../src/report/json.js';
import type { Report } from '../../src/types.js';
import { sampleReport } from './sample.js';

describe('renderJson', () => {
  it('is byte-identical for the same input, twice and from a fresh build', () => {
    const first = renderJson(sampleReport());
    expect(renderJson(sampleReport())).toBe(first);
    expect(first.endsWith('}\n')).toBe(true);
    expect(JSON.parse(first).summary.verdict).toBe('fail');
  });

  it('does not depend on key insertion order', () => {
    const a = { version: '1', scorer: 'heuristic', config: { b: 1, a: 2 }, files: [], summary: { files: 0, chunks: 0, regressions: 0, failures: 0, gating: { regressions: 0, failures: 0, findings: 0 }, verdict: 'pass', partial: false, cost: null } } as Report;
    const b = { summary: { cost: null, partial: false, verdict: 'pass', gating: { findings: 0, failures: 0, regressions: 0 }, failures: 0, regressions: 0, chunks: 0, files: 0 }, files: [], config: { a: 2, b: 1 }, scorer: 'heuristic', version: '1' } as Report;
    expect(renderJson(b)).toBe(renderJson(a));
    // keys sorted: config, files, scorer, summary, version
    expect(Object.keys(JSON.parse(renderJson(a)))).toEqual(['config', 'files', 'scorer', 'summary', 'version']);
  });

  it('rounds numbers to 6 decimals and drops undefined members', () => {
    const report = { version: '1', config: { third: 1 / 3, negativeZero: -0.0000001, nan: Number.NaN, gone: undefined, list: [2 / 3, 0.1 + 0.2, 0.00027] } } as unknown as Report;
    // 1/3 → 0.333333; −1e-7 → −0 → 0; NaN → null; 2/3 → 0.666667; 0.1 + 0.2 = 0.30000000000000004 → 0.3;
    // a cost of $0.00027 survives.
    expect(JSON.parse(renderJson(report)).config).toEqual({ list: [0.666667, 0.3, 0.00027], nan: null, negativeZero: 0, third: 0.333333 });
    expect(renderJson(report)).not.toContain('-0');
  });
});

describe('renderJsonFrame and renderJsonFile', () => {
  it('put a report together file by file, byte for byte as renderJson', () => {
    const report = sampleReport();
    expect(report.files.length).toBeGreaterThan(1);
    for (const count of [0, 1, report.files.length]) {
      const files = report.files.slice(0, count);
      const { head, tail } = renderJsonFrame({ ...report, files }, files.length);
      expect(head + files.map(renderJsonFile).join(',\n') + tail).toBe(renderJson({ ...report, files }));
    }
  });

  it('writes the head from the members before files only', () => {
    const report = sampleReport();
    const early = renderJsonFrame({ ...report, summary: { ...report.summary, chunks: 0, verdict: 'pass' } }, 2).head;
    expect(renderJsonFrame(report, 2).head).toBe(early);
    expect(early.endsWith('  "files": [\n')).toBe(true);
  });
});
