import { describe, expect, it } from 'vitest';
import { comparePair, prose } from './pair.js';

const table = (rows: number) =>
  `| Key | Meaning |\n|---|---|\n${Array.from({ length: rows }, (_, index) => `| key_${index} | what key number ${index} controls in the agent |`).join('\n')}\n`;
const page = (rows: number) => `# Keys\n\n${prose('keys', 2)}\n\n## All keys\n\n${table(rows)}`;

describe('pre-existing splits', () => {
  it('does not blame a PR for a table the base branch already split, however many pieces it has now', () => {
    // max 120 tokens: 20 rows are already several pieces on base; 30 rows are more.
    const diff = comparePair(page(20), page(30), { max: 120, min: 8 });
    const splits = diff.regressions.filter((regression) => regression.newTags.includes('table-split'));
    expect(splits.length).toBeGreaterThan(0);
    expect(splits.every((regression) => regression.origin === 'preexisting' && !regression.gating)).toBe(true);
  });

  it('blames a PR for a table it grew past max', () => {
    const diff = comparePair(page(3), page(30), { max: 120, min: 8 });
    const splits = diff.regressions.filter((regression) => regression.newTags.includes('table-split'));
    expect(splits.length).toBeGreaterThan(0);
    expect(splits.every((regression) => regression.origin === 'new' && regression.gating)).toBe(true);
  });
});
