import { describe, expect, it } from 'vitest';
import { batches, checkRunOutput } from '../../src/report/check.js';
import { COMMENT_MARKER } from '../../src/report/comment.js';
import { CONTEXT, sampleReport } from './sample.js';

describe('checkRunOutput', () => {
  it('annotates regressed chunks as warnings and threshold failures as failures under failOn [threshold]', () => {
    const output = checkRunOutput(sampleReport(), CONTEXT);
    // sample: 3 fileDrop failures in deploy.md, regressions in deploy.md, guide.md, new.md; old.md removed.
    expect(output.annotations.map((a) => [a.path, a.start_line, a.end_line, a.annotation_level])).toEqual([
      ['docs/deploy.md', 1, 1, 'failure'],
      ['docs/deploy.md', 1, 1, 'failure'],
      ['docs/deploy.md', 1, 1, 'failure'],
      ['docs/deploy.md', 14, 45, 'warning'],
      ['docs/guide.md', 19, 22, 'warning'],
      ['docs/new.md', 3, 3, 'warning'],
    ]);
    expect(output.annotations[0]).toMatchObject({
      title: 'chunkgate: structural threshold',
      message: 'structural fell 25 points; the limit is a 5-point drop (thresholds.fileDrop)',
    });
    expect(output.annotations[3]!.title).toBe('chunkgate: regressed chunk (92 → 59 ▼33) · Deploying the agent › Rolling restart (1/5)');
    expect(output.annotations[3]!.message).toContain('code-fence-split: a 2,412-token code block no longer fits one chunk (max 512)\nWhat to do: ');
    expect(output.title).toBe('chunkgate fails: 3 thresholds, 3 regressed chunks');
  });

  it('turns the levels around with failOn [regression]', () => {
    const levels = checkRunOutput(sampleReport(), { ...CONTEXT, failOn: ['regression'] }).annotations.map((a) => a.annotation_level);
    expect(levels).toEqual(['warning', 'warning', 'warning', 'failure', 'failure', 'failure']);
  });

  it('reads failOn from the report config when the context has none', () => {
    const report = { ...sampleReport(), config: { thresholds: { failOn: ['regression'] } } };
    expect(checkRunOutput(report, CONTEXT).annotations[3]!.annotation_level).toBe('failure');
  });

  it('annotates a file that could not be checked as a failure, first, and names it in the title', () => {
    const report = sampleReport();
    report.files.push({
      path: 'docs/blob.md',
      status: 'added',
      deltas: [],
      regressions: [],
      failures: [],
      findings: [{ kind: 'unchecked', origin: 'new', gating: true, severity: 'high', message: 'Not checked: binary file: NUL byte at byte 8 (line 3)', hint: 'Remove the NUL byte.' }],
    });
    report.summary = { ...report.summary, files: report.summary.files + 1 };
    const output = checkRunOutput(report, CONTEXT);
    expect(output.annotations[0]).toEqual({
      path: 'docs/blob.md',
      start_line: 1,
      end_line: 1,
      annotation_level: 'failure',
      title: 'chunkgate: file not checked',
      message: 'Not checked: binary file: NUL byte at byte 8 (line 3). Remove the NUL byte.',
    });
    expect(output.title).toBe('chunkgate fails: 1 file not checked, 3 thresholds, 3 regressed chunks');
    expect(output.summary).toContain('### ⛔ Not checked\n- ⛔ `docs/blob.md`: Not checked: binary file: NUL byte at byte 8 (line 3). Remove the NUL byte.');
  });

  it('uses the comment without its marker as the summary, within 65,535 characters', () => {
    const output = checkRunOutput(sampleReport(), CONTEXT);
    expect(output.summary.startsWith('## 🧩 chunkgate')).toBe(true);
    expect(output.summary).not.toContain(COMMENT_MARKER);
    expect(output.summary.length).toBeLessThanOrEqual(65_535);
  });
});

describe('batches', () => {
  it('splits into runs of 50 by default', () => {
    const items = Array.from({ length: 120 }, (_, index) => index);
    // 120 = 50 + 50 + 20
    expect(batches(items).map((batch) => batch.length)).toEqual([50, 50, 20]);
    expect(batches(items).flat()).toEqual(items);
  });

  it('handles empty input and sizes below 1', () => {
    expect(batches([])).toEqual([]);
    expect(batches([1, 2], 0)).toEqual([[1], [2]]);
    expect(batches([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
  });
});
