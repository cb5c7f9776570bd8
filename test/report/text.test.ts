import { describe, expect, it } from 'vitest';
import { renderText } from '../../src/report/text.js';
import { chunk, doc } from './factory.js';
import { addedFileReport, sampleReport } from './sample.js';

describe('renderText', () => {
  it('prints a verdict line, one line per file, then what breaks, what is worth a look and what was already there, without colour', () => {
    const text = renderText(sampleReport());
    expect(text).not.toContain('\u001b[');
    const lines = text.split('\n');
    // head chunks: deploy 3, faq 1, guide 1, limits 2, new 1, run-check 1, typo 1, old none = 10
    expect(lines[0]).toBe(
      'chunkgate 0.1.0 — FAIL: 1 code block split, 1 heading lost · 8 files, 10 chunks · heuristic scorer',
    );
    // The drop restates the split, folded into it: no `!`, the split says it.
    expect(text).toContain('  docs/deploy.md [modified]  chunks 1 → 3  structural 96 → 71 (-25)  content 88 → 80 (-8)  overall 91 → 68 (-23)\n');
    // faq.md misses its minimum as on the base branch: no `!`
    expect(text).toContain('  docs/faq.md [modified]  chunks 1 → 1  structural 64 → 64  content 92 → 92  overall 95 → 95\n');
    expect(text).toContain('What this change breaks:\n  docs/deploy.md:14-79  Deploying the agent › Rolling restart\n    The code block (1,019 tokens, max 512) is cut into 3 pieces;');
    expect(text).toContain('Worth a look (does not gate):\n  docs/guide.md:70-72  Agent guide › Rollback\n    the chunk relies on context it does not carry (context_self_containment 88 → 61) (overall 90 → 72)');
    expect(text).toContain('Already on the base branch:\n  docs/faq.md\n    structural is 64, below the minimum of 70 (thresholds.structural) — 64 on the base branch (structural 64 → 64)\n');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('colours only when asked', () => {
    expect(renderText(sampleReport(), { color: true })).toContain('\u001b[31mFAIL\u001b[39m');
  });

  it('removes terminal escape sequences whole from repository text', () => {
    const head = doc('docs/x.md', [chunk({ text: 'x', headingPath: ['Evil\u001b[2J heading'], score: 10 })]);
    const text = renderText(addedFileReport(head));
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('[2J');
    expect(text).toContain('Evil heading');
  });
});
