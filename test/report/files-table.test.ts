import { describe, expect, it } from 'vitest';
import { compareDoc } from '../../src/compare/diff-doc.js';
import { fileCell, filesTable, scoreCell } from '../../src/report/files-table.js';
import { doc } from './factory.js';
import { THRESHOLDS } from './sample.js';

describe('files table', () => {
  const renamed = compareDoc(
    {
      path: 'docs/new|name.md',
      previousPath: 'docs/old.md',
      status: 'renamed',
      base: doc('docs/old.md', [], { scores: { structural: 80, content: 70, overall: 75 } }),
      head: doc('docs/new|name.md', [], { scores: { structural: 65, content: 72.4, overall: 75.3 } }),
    },
    THRESHOLDS,
  );

  it('names a renamed file with its old path, pipes escaped for the table', () => {
    expect(fileCell(renamed)).toBe('`docs/new\\|name.md` (from `docs/old.md`)');
  });

  it('marks drops of the shown values, bold when the drop gates, and ❌ on a gating failure only', () => {
    // structural 80 → 65: −15 ≥ 5 (drop) and 65 < 70 (minimum); nothing explains them → not gating: arrow only.
    expect(scoreCell(renamed, 'structural')).toBe('80 → 65 ▼15');
    // content 70 → 72.4 shows as 70 → 72: ▲2, no failure
    expect(scoreCell(renamed, 'content')).toBe('70 → 72 ▲2');
    // overall 75 → 75.3 shows as 75 → 75: no arrow
    expect(scoreCell(renamed, 'overall')).toBe('75 → 75');
    // With `gate: all` both failures gate: bold arrow and ❌.
    const gating = compareDoc(
      { path: 'docs/a.md', status: 'modified', base: doc('docs/a.md', [], { scores: { structural: 80 } }), head: doc('docs/a.md', [], { scores: { structural: 65 } }) },
      { ...THRESHOLDS, gate: 'all' },
    );
    expect(scoreCell(gating, 'structural')).toBe('80 → 65 **▼15** ❌');
    // 70.4 → 69.6 shows as 70 → 70: no arrow, and the minimum 70 is met as shown.
    const shown = compareDoc(
      { path: 'docs/a.md', status: 'modified', base: doc('docs/a.md', [], { scores: { structural: 70.4 } }), head: doc('docs/a.md', [], { scores: { structural: 69.6 } }) },
      { ...THRESHOLDS, gate: 'all' },
    );
    expect(scoreCell(shown, 'structural')).toBe('70 → 70');
  });

  it('points at the job summary past the limit', () => {
    const table = filesTable([renamed, renamed, renamed], { limit: 1 });
    expect(table.split('\n').filter((line) => line.startsWith('| `'))).toHaveLength(1);
    expect(table.endsWith('\n\n… 2 more files: see the job summary')).toBe(true);
  });
});
