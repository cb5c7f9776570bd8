import { describe, expect, it } from 'vitest';
import { gatingItems } from '../../src/compare/baseline.js';
import { compareDoc } from '../../src/compare/diff-doc.js';
import { reportOfFacts, fileFacts } from '../../src/compare/facts.js';
import { buildReport } from '../../src/compare/summary.js';
import { decideAudit } from '../../src/compare/verdict.js';
import { quickChecksOf, quickTally, type QuickChecksReport } from '../../src/metrics/quick-checks.js';
import { renderAuditSummary } from '../../src/report/audit.js';
import { renderEvalMarkdown, renderEvalText } from '../../src/report/eval.js';
import { formatShare, quickChecksDetails, quickChecksLine, quickChecksSection, quickChecksTable, quickChecksText } from '../../src/report/quick-checks.js';
import { CHUNKING, chunk, doc } from './factory.js';
import { THRESHOLDS } from './sample.js';

const piece = (text: string, tokens: number, found = true) => chunk({ text, tokens, metrics: { self_retrievability: found ? 100 : 0 } });

// docs/a.md: 5 chunks, 3 found (0.6), 60% clean ends, 1 duplicate (20%), tokens 105 → mean 21, 5–40.
const a = doc('docs/a.md', [piece('Alpha one.', 10), piece('Beta two.', 20), piece('Alpha one.', 30, false), piece('Eps.', 5, false), piece('Gamma', 40)], {
  metrics: { boundary_integrity: 60 },
});
// docs/b.md: 2 chunks, all found and clean, tokens 8 and 12; its first chunk repeats a.md's.
const b = doc('docs/b.md', [piece('Alpha one.', 8), piece('Delta.', 12)], { metrics: { boundary_integrity: 100 } });
// docs/c.md: 3 chunks, all found and clean, no duplicates: meets every target.
const c = doc('docs/c.md', [piece('One.', 100), piece('Two.', 200), piece('Three.', 300)], { metrics: { boundary_integrity: 100 } });

const quick = (): QuickChecksReport => quickChecksOf([a, b, c].map(quickTally));
const report = () =>
  buildReport({ version: '0.1.0', config: {}, scorer: 'heuristic', files: [a, b, c].map((head) => compareDoc({ path: head.path, status: 'added', head }, THRESHOLDS)), failOn: ['threshold'], partial: false, cost: null });

describe('formatShare', () => {
  const self = { percent: false, decimals: 2, atMost: false } as const;
  const dup = { percent: true, decimals: 1, atMost: true } as const;
  it('shows a share with the usual decimals when they compare with the target as the value does', () => {
    expect(formatShare({ value: 0.8333, target: 0.8, pass: true }, self)).toBe('0.83');
    expect(formatShare({ value: 0.012, target: 0.05, pass: true }, dup)).toBe('1.2%');
  });

  it('adds decimals where rounding would cross the target: 0.795 is not a failing "0.80"', () => {
    expect(formatShare({ value: 0.795, target: 0.8, pass: false }, self)).toBe('0.795');
    expect(formatShare({ value: 0.7999, target: 0.8, pass: false }, self)).toBe('0.7999');
    // 5.04% of duplicates fails a 5% maximum: "5.0%" would read as meeting it.
    expect(formatShare({ value: 0.0504, target: 0.05, pass: false }, dup)).toBe('5.04%');
    expect(formatShare({ value: 0.8, target: 0.8, pass: true }, self)).toBe('0.80');
  });
});

describe('quick checks in text', () => {
  it('lists the run\'s checks with their targets and the lengths', () => {
    // Run: 10 chunks; found 3 + 2 + 3 = 8 (0.80 ✓); clean 3 + 2 + 3 = 8 (80% ✓); duplicates
    // a.md's own 1 + b.md's "Alpha one." = 2 (20.0% ✗); tokens (105 + 20 + 600) / 10 = 72.5 → 73, 5–300.
    expect(quickChecksText(quick())).toEqual([
      'Quick checks over 10 chunks of 3 files:',
      '  self-retrievability      0.80 ✓  target ≥ 0.8',
      '  sentence or block ends    80% ✓  target ≥ 70%',
      '  duplicates              20.0% ✗  target ≤ 5%',
      '  chunk length           mean 73 (min–max 5–300) tokens',
    ]);
  });

  it('gives a file its checks in one line', () => {
    expect(quickChecksLine(quick().files[0]!)).toBe('self-retrievability 0.60 ✗ · sentence or block ends 60% ✗ · duplicates 20.0% ✗ · length 21 (5–40) tokens');
  });

  it('shows under each file of eval\'s text, and for the run before the totals', () => {
    const text = renderEvalText(report());
    expect(text).toContain('docs/a.md  5 chunks');
    expect(text).toContain('\n  quick checks: self-retrievability 0.60 ✗ · sentence or block ends 60% ✗ · duplicates 20.0% ✗ · length 21 (5–40) tokens\n');
    expect(text).toContain('\n  quick checks: self-retrievability 1.00 ✓ · sentence or block ends 100% ✓ · duplicates 0.0% ✓ · length 10 (8–12) tokens\n');
    expect(text).toMatch(/Quick checks over 10 chunks of 3 files:\n(?:.*\n){4}\n3 files · 10 chunks/);
  });
});

describe('quick checks in Markdown', () => {
  it('puts the run first, then the files missing most targets, each value marked against its target', () => {
    const lines = quickChecksTable(quick()).split('\n');
    expect(lines.slice(0, 6)).toEqual([
      '| File | Chunks | Self-retrievability (≥ 0.8) | Sentence or block ends (≥ 70%) | Duplicates (≤ 5%) | Tokens mean (min–max) |',
      '|---|--:|--:|--:|--:|--:|',
      '| **All 3 files** | 10 | 0.80 ✅ | 80% ✅ | 20.0% ❌ | 73 (5–300) |',
      '| `docs/a.md` | 5 | 0.60 ❌ | 60% ❌ | 20.0% ❌ | 21 (5–40) |',
      '| `docs/b.md` | 2 | 1.00 ✅ | 100% ✅ | 0.0% ✅ | 10 (8–12) |',
      '| `docs/c.md` | 3 | 1.00 ✅ | 100% ✅ | 0.0% ✅ | 200 (100–300) |',
    ]);
    expect(lines[7]).toMatch(/^Self-retrievability: share of chunks/);
  });

  it('lists only the files missing a target when asked, at most `limit`, pointing at the JSON report for the rest', () => {
    const table = quickChecksTable(quick(), { missedOnly: true, limit: 0 });
    expect(table).toContain('| **All 3 files** |');
    expect(table).not.toContain('`docs/a.md`');
    expect(table).toContain('… 1 more file: see the JSON report (`quickChecks`)');
    expect(quickChecksTable(quick(), { missedOnly: true })).not.toContain('`docs/b.md`');
  });

  it('is a collapsed block in the comment, the run\'s checks in its summary line', () => {
    const block = quickChecksDetails(quick(), { missedOnly: true });
    expect(block.split('\n')[0]).toBe('<details><summary>Quick checks of 3 files: self-retrievability 0.80 ✅ · sentence or block ends 80% ✅ · duplicates 20.0% ❌</summary>');
    expect(block.endsWith('</details>')).toBe(true);
  });

  it('is a section of the audit, naming how many files miss a target', () => {
    expect(quickChecksSection(quick(), 10)!.split('\n').slice(0, 2)).toEqual(['### 🔎 Quick checks', '1 file misses a target.']);
    expect(quickChecksSection(quickChecksOf([quickTally(c)]), 10)).toContain('Every file meets the targets.');
    expect(quickChecksSection(undefined, 10)).toBeNull();
    const full = report();
    const gating = gatingItems(full, ['threshold']);
    const summary = renderAuditSummary({
      report: full,
      gating,
      baseline: null,
      decision: decideAudit(gating.length, null),
      commit: { sha: 'abcdef0123456789', ref: 'main', event: 'push' },
      chunking: CHUNKING,
      version: '0.1.0',
    });
    expect(summary).toContain('### 🔎 Quick checks\n1 file misses a target.\n\n| File |');
    expect(summary).toContain('| **All 3 files** | 10 | 0.80 ✅ | 80% ✅ | 20.0% ❌ | 73 (5–300) |');
  });

  it('is a table of eval\'s Markdown', () => {
    expect(renderEvalMarkdown(report())).toContain('### Quick checks\n\n| File | Chunks |');
  });
});

describe('the report\'s quickChecks', () => {
  it('is the same whether built from whole files or from the facts kept of a report written file by file', () => {
    const full = report();
    expect(full.quickChecks).toEqual(quick());
    // Facts come in any order (workers finish when they finish); the report's files are in path order.
    const facts = [...full.files].reverse().map(fileFacts);
    const streamed = reportOfFacts({ version: '0.1.0', config: {}, scorer: 'heuristic', failOn: ['threshold'], partial: false, cost: null }, facts);
    expect(streamed.quickChecks).toEqual(full.quickChecks);
  });

  it('is left out when no file has a head side', () => {
    const removed = compareDoc({ path: 'docs/a.md', status: 'removed', base: a }, THRESHOLDS);
    expect(buildReport({ version: '0.1.0', config: {}, scorer: 'heuristic', files: [removed], failOn: ['threshold'], partial: false, cost: null }).quickChecks).toBeUndefined();
    expect(reportOfFacts({ version: '0.1.0', config: {}, scorer: 'heuristic', failOn: ['threshold'], partial: false, cost: null }, [fileFacts(removed)]).quickChecks).toBeUndefined();
  });
});
