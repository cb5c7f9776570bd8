import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/schema.js';
import { compareFiles } from '../../src/engine/compare-files.js';
import { evaluateSnapshot } from '../../src/engine/snapshot.js';

describe('evaluateSnapshot', () => {
  it('judges every file as an added one, exactly as a comparison with no base side would', async () => {
    const config = { ...defaultConfig(), chunking: { ...defaultConfig().chunking, max: 40, min: 4, tiny: 4 } };
    const rows = Array.from({ length: 12 }, (_, n) => `| key_${n} | value ${n} for the table |`).join('\n');
    const files = [
      { path: 'docs/b.md', text: '# B\n\nA short page that says one thing in one sentence.\n' },
      // A 12-row table far over 40 tokens: cut into pieces, each a failing chunk.
      { path: 'docs/a.md', text: `# A\n\n## Table\n\n| Key | Value |\n|---|---|\n${rows}\n` },
    ];
    const snapshot = await evaluateSnapshot(files, { config, commits: { base: null, head: 'c'.repeat(40) } });
    const same = await compareFiles(files.map((file) => ({ path: file.path, status: 'added', base: null, head: file.text })), { config, commits: { base: null, head: 'c'.repeat(40) } });
    expect(snapshot.report).toEqual(same.report);
    const { report } = snapshot;
    expect(report.files.map((file) => [file.path, file.status, file.base === undefined])).toEqual([
      ['docs/a.md', 'added', true],
      ['docs/b.md', 'added', true],
    ]);
    const a = report.files[0]!;
    // Every failing piece of the split table is listed (reason new-failing-chunk); nothing is a drop.
    const pieces = a.head!.chunks.filter((chunk) => chunk.split?.kind === 'table');
    expect(pieces.length).toBeGreaterThan(1);
    expect(a.regressions.length).toBeGreaterThan(0);
    expect(a.regressions.map((r) => [r.reason, r.head.index])).toEqual(pieces.filter((c) => c.grade === 'fail').map((c) => ['new-failing-chunk', c.index]));
    expect(a.failures.every((failure) => failure.rule !== 'fileDrop')).toBe(true);
    expect(report.provenance?.commits).toEqual({ base: null, head: 'c'.repeat(40) });
    // Sources come in the input's order (the report's files are sorted by path).
    expect(snapshot.sources.map((source) => [source.path, source.base, source.head?.text === files.find((f) => f.path === source.path)!.text])).toEqual([
      ['docs/b.md', null, true],
      ['docs/a.md', null, true],
    ]);
  });

  it('keeps a file that could not be read as a gating unchecked finding, never a silent skip', async () => {
    const config = defaultConfig();
    const { report } = await evaluateSnapshot(
      [
        { path: 'docs/ok.md', text: '# OK\n\nA short page that says one thing in one sentence.\n' },
        { path: 'docs/blob.md', text: null, unreadable: { reason: 'binary file: NUL byte at byte 3 (line 1)', hint: 'Remove the NUL byte.' } },
      ],
      { config },
    );
    const blob = report.files.find((file) => file.path === 'docs/blob.md')!;
    expect(blob.head).toBeUndefined();
    expect(blob.findings).toMatchObject([{ kind: 'unchecked', gating: true, origin: 'new' }]);
    expect(blob.findings[0]!.message).toContain('NUL byte at byte 3');
    expect(report.summary.verdict).toBe('fail');
  });
});
