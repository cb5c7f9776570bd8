import { describe, expect, it } from 'vitest';
import { compareDoc } from '../../src/compare/diff-doc.js';
import { buildReport } from '../../src/compare/summary.js';
import { renderText } from '../../src/report/text.js';
import { chunk, doc } from './factory.js';
import { THRESHOLDS, sampleReport } from './sample.js';

describe('renderText', () => {
  it('prints a verdict line, one line per file, failures and regressed chunks, without colour', () => {
    const text = renderText(sampleReport());
    expect(text).not.toContain('\u001b[');
    const lines = text.split('\n');
    // 1 + 1 + 5 chunks in head (deploy 1, guide 1, faq 1, new 1, old none) = 4 chunks
    expect(lines[0]).toBe('chunkgate 0.1.0 — FAIL: 3 threshold failures, 3 regressed chunks · 5 files, 4 chunks · heuristic scorer');
    expect(text).toContain('  docs/deploy.md [modified]  chunks 1 → 1  structural 96 → 71 (-25) !  content 88 → 80 (-8) !  overall 91 → 68 (-23) !');
    expect(text).toContain('  docs/deploy.md: structural fell 25 points; the limit is a 5-point drop (`thresholds.fileDrop`)');
    expect(text).toContain('  docs/guide.md:19-22  Agent guide › Upgrading  90 → 72 (-18)');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('colours only when asked', () => {
    expect(renderText(sampleReport(), { color: true })).toContain('\u001b[31mFAIL\u001b[0m');
  });

  it('removes terminal escape sequences whole from repository text', () => {
    const head = doc('docs/x.md', [chunk({ text: 'x', headingPath: ['Evil\u001b[2J heading'], score: 10 })]);
    const report = buildReport({
      version: '0.1.0',
      config: {},
      scorer: 'heuristic',
      files: [compareDoc({ path: 'docs/x.md', status: 'added', head }, THRESHOLDS)],
      failOn: [],
      partial: false,
      cost: null,
    });
    const text = renderText(report);
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('[2J');
    expect(text).toContain('Evil heading');
  });
});
