import { describe, expect, it } from 'vitest';
import { batches, checkRunOutput } from '../../src/report/check.js';
import { COMMENT_MARKER, renderComment } from '../../src/report/comment.js';
import { CONTEXT, count, sampleReport } from './sample.js';

describe('checkRunOutput', () => {
  it('annotates what fails under failOn as failures, other gating items as warnings, worth-a-look items as notices', () => {
    const output = checkRunOutput(sampleReport(), CONTEXT);
    // Files in reading order (deploy.md: 1 item, guide.md: 2, new.md: 1). Under failOn [threshold]:
    // the code split gates, and deploy.md's gating file drops only restate it: folded into it, they
    // make it fail under `threshold` → failure; the lost heading → failure;
    // the worth-a-look items → notice; the pre-existing items (faq, limits, the rename) and the
    // removed page (its path is gone) → none.
    expect(output.annotations.map((a) => [a.path, a.start_line, a.end_line, a.annotation_level])).toEqual([
      ['docs/deploy.md', 14, 79, 'failure'],
      ['docs/guide.md', 70, 72, 'notice'],
      ['docs/guide.md', 19, 64, 'failure'],
      ['docs/new.md', 3, 3, 'notice'],
    ]);
    expect(output.annotations[0]).toMatchObject({
      title: 'chunkgate: breaks · Deploying the agent › Rolling restart',
      message:
        'The code block (1,019 tokens, max 512) is cut into 3 pieces; a question about it retrieves a fragment (1 chunk → 3 pieces · overall 92 → 59)\nWhat to do: split the script into steps, link to a file, or raise max for docs/deploy/** in an override\nRule code-fence-split: https://github.com/chunkgate/chunkgate/blob/v0/docs/rules/code-fence-split.md',
    });
    expect(output.title).toBe('chunkgate fails: 1 code block split, 1 heading lost');
  });

  it('turns the split into a failure with failOn [regression], and the threshold items into warnings', () => {
    const levels = checkRunOutput(sampleReport(), { ...CONTEXT, failOn: ['regression'] }).annotations.map((a) => a.annotation_level);
    expect(levels).toEqual(['failure', 'notice', 'warning', 'notice']);
  });

  it('reads failOn from the report config when the context has none', () => {
    const report = { ...sampleReport(), config: { thresholds: { failOn: ['regression'] } } };
    expect(checkRunOutput(report, CONTEXT).annotations[0]!.annotation_level).toBe('failure');
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
      message: 'Not checked: binary file: NUL byte at byte 8 (line 3)\nWhat to do: Remove the NUL byte.',
    });
    expect(output.title).toBe('chunkgate fails: 1 file not checked, 1 code block split, 1 heading lost');
    expect(output.summary).toContain('| `docs/blob.md` | Not checked: binary file: NUL byte at byte 8 (line 3) | — | Remove the NUL byte. |');
  });

  it('summarises with the verdict and the table, not a copy of the comment', () => {
    const report = sampleReport();
    const output = checkRunOutput(report, { ...CONTEXT, artifactUrl: 'https://github.com/acme/docs/actions/runs/1/artifacts/9' });
    const comment = renderComment(report, CONTEXT);
    const lines = output.summary.split('\n');
    // The check run has a title of its own: the summary opens with the comment's verdict line.
    expect(lines[0]).toBe(comment.split('\n')[3]);
    expect(output.summary).not.toContain(COMMENT_MARKER);
    // The table: the split and the lost heading, one row each.
    expect(output.summary).toContain('### ❌ What this PR breaks\n| Where | What happened | Before → after | What to do |\n|---|---|---|---|\n| `docs/deploy.md` L14–L79 ·');
    expect(count(output.summary, '\n| `docs/')).toBe(2);
    // Not the comment's lists, pieces, scores or the chunk-map link (the job summary has that).
    expect(output.summary).not.toContain('Worth a look (does not gate)');
    expect(output.summary).not.toContain('the 3 pieces of the code block');
    expect(output.summary).not.toContain('Scores of');
    expect(output.summary).not.toContain('HTML chunk map](');
    expect(output.summary).toContain('Also found, not gating: 3 worth a look, 3 already on the base branch');
    expect(output.summary.length).toBeLessThan(comment.length / 2);
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
