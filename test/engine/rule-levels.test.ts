/**
 * Rule levels and inline disable comments end to end: what gates once compareFiles has compared
 * a change (docs/rules.md#rule-levels-and-disable-comments).
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { compareFiles } from '../../src/engine/compare-files.js';

// Base: a 4-row table that fits in one chunk. Head: the table grows to 40 rows under max 120,
// so its pieces are `table-split` (high, capped at 59) — a gating regression by default.
const rows = (count: number) => ['| Key | Meaning |', '|---|---|', ...Array.from({ length: count }, (_, row) => `| key${row} | the setting number ${row} of the deploy tool |`)].join('\n');
const page = (table: string) => `# Settings\n\nThe deploy tool reads these settings from its config file when it starts.\n\n${table}\n`;
const BASE = page(rows(4));
const HEAD = page(rows(40));
const SMALL = 'chunking: { max: 120, min: 10 }\n';

async function compare(yaml: string, head = HEAD) {
  const config = parseConfig(`${SMALL}${yaml}`, '.chunkgate.yml');
  const { report, notices } = await compareFiles([{ path: 'docs/settings.md', status: 'modified', base: BASE, head }], { config });
  const file = report.files[0]!;
  const splitRegressions = file.regressions.filter((regression) => regression.newTags.includes('table-split'));
  return { report, notices, file, splitRegressions, headTags: file.head!.chunks.flatMap((chunk) => chunk.issues.map((issue) => issue.tag)) };
}

describe('rule levels through compareFiles', () => {
  it('error (the default): the split table is a gating regression and the verdict fails', async () => {
    const { report, splitRegressions } = await compare('');
    expect(splitRegressions.length).toBeGreaterThan(0);
    expect(splitRegressions.every((regression) => regression.gating)).toBe(true);
    expect(report.summary.gating.regressions).toBeGreaterThan(0);
    expect(report.summary.verdict).toBe('fail');
    const explicit = await compare('rules: { table-split: error }\n');
    expect(explicit.report.files).toEqual(report.files);
    expect(explicit.report.summary).toEqual(report.summary);
  });

  it('warn: the same regressions are reported, capped the same, and none of them gates', async () => {
    const error = await compare('');
    const { report, splitRegressions, file } = await compare('rules: { table-split: warn }\n');
    expect(splitRegressions.map((regression) => regression.head?.score)).toEqual(error.splitRegressions.map((regression) => regression.head?.score));
    expect(splitRegressions.every((regression) => !regression.gating)).toBe(true);
    expect(file.head!.chunks.flatMap((chunk) => chunk.issues).filter((issue) => issue.tag === 'table-split').every((issue) => issue.level === 'warn')).toBe(true);
    expect(report.summary.gating.regressions).toBe(0);
    expect(report.summary.verdict).not.toBe('fail');
  });

  it('warn does not gate even with thresholds.gate: all', async () => {
    const { splitRegressions } = await compare('thresholds: { gate: all }\nrules: { table-split: warn }\n');
    expect(splitRegressions.length).toBeGreaterThan(0);
    expect(splitRegressions.some((regression) => regression.gating)).toBe(false);
  });

  it('off: no table-split anywhere, no cap, nothing gates', async () => {
    const { report, headTags, file } = await compare('rules: { table-split: off }\n');
    expect(headTags).not.toContain('table-split');
    expect(file.regressions.flatMap((regression) => regression.newTags)).not.toContain('table-split');
    expect(Math.max(...file.head!.chunks.map((chunk) => chunk.score))).toBeGreaterThan(59);
    expect(report.summary.gating.regressions).toBe(0);
  });

  it('an override sets the level for the paths it matches only', async () => {
    const matching = await compare('overrides:\n  - paths: ["docs/**"]\n    rules: { table-split: off }\n');
    expect(matching.headTags).not.toContain('table-split');
    const other = await compare('overrides:\n  - paths: ["blog/**"]\n    rules: { table-split: off }\n');
    expect(other.headTags).toContain('table-split');
    expect(other.report.summary.verdict).toBe('fail');
  });
});

describe('inline disable comments through compareFiles', () => {
  const commented = page(`<!-- chunkgate-disable table-split -->\n\n${rows(40)}\n\n<!-- chunkgate-enable table-split -->`);

  it('a region around the table drops its findings, and the comment the change adds gates', async () => {
    const { report, headTags, file } = await compare('', commented);
    expect(headTags).not.toContain('table-split');
    expect(report.summary.gating.regressions).toBe(0);
    // Lines 5 (the comment) to 49 (the blank line before the enable at 50): 45 lines, none disabled on the base side.
    expect(file.findings).toEqual([
      expect.objectContaining({
        kind: 'rules-disabled',
        origin: 'new',
        gating: true,
        severity: 'high',
        line: 5,
        endLine: 49,
        actual: 45,
        message: 'A `chunkgate-disable` comment this change adds turns off `table-split` on 45 lines (L5–L49): their findings there are not reported',
      }),
    ]);
    expect(report.summary.verdict).toBe('fail');
  });

  it('with inlineDisables: report the same comment is listed, not gating', async () => {
    const { report, file } = await compare('inlineDisables: report\n', commented);
    expect(file.findings.map((finding) => [finding.kind, finding.gating, finding.severity])).toEqual([['rules-disabled', false, 'low']]);
    expect(report.summary.verdict).toBe('pass');
  });

  it('a comment hides findings, not scores: chunk scores, file scores and threshold failures are those of the same page with the comment ignored', async () => {
    const hidden = await compare('thresholds: { gate: all }\n', commented);
    const ignored = await compare('thresholds: { gate: all }\ninlineDisables: off\n', commented);
    expect(hidden.headTags).not.toContain('table-split');
    expect(ignored.headTags).toContain('table-split');
    expect(hidden.file.head!.chunks.map((chunk) => chunk.score)).toEqual(ignored.file.head!.chunks.map((chunk) => chunk.score));
    // The table's pieces stay capped at 59 though their table-split is not reported.
    expect(Math.min(...hidden.file.head!.chunks.map((chunk) => chunk.score))).toBeLessThanOrEqual(59);
    expect(hidden.file.head!.scores).toEqual(ignored.file.head!.scores);
    expect(hidden.file.failures.map((failure) => [failure.rule, failure.score, failure.actual])).toEqual(ignored.file.failures.map((failure) => [failure.rule, failure.score, failure.actual]));
  });

  it('with inlineDisables: off the comment hides nothing and is not listed', async () => {
    const { report, headTags, file } = await compare('inlineDisables: off\n', commented);
    expect(headTags).toContain('table-split');
    expect(file.findings.filter((finding) => finding.kind === 'rules-disabled')).toEqual([]);
    expect(report.summary.verdict).toBe('fail');
  });

  it('a comment the base side already had is not listed again', async () => {
    const config = parseConfig(SMALL, '.chunkgate.yml');
    const { report } = await compareFiles([{ path: 'docs/settings.md', status: 'modified', base: commented, head: `${commented}\nOne more line of text for the end.\n` }], { config });
    expect(report.files[0]!.findings.filter((finding) => finding.kind === 'rules-disabled')).toEqual([]);
  });

  it('a comment that disables another rule leaves table-split gating', async () => {
    const other = page(`<!-- chunkgate-disable tiny-chunk -->\n\n${rows(40)}`);
    const { report, headTags } = await compare('', other);
    expect(headTags).toContain('table-split');
    expect(report.summary.verdict).toBe('fail');
  });

  it('an unknown rule name is a notice with its place and a suggestion', async () => {
    const { notices, headTags } = await compare('', page(`<!-- chunkgate-disable tabel-split -->\n\n${rows(40)}`));
    expect(headTags).toContain('table-split');
    expect(notices).toContain('docs/settings.md:5: unknown rule "tabel-split" in a chunkgate-disable comment, ignored — did you mean "table-split"?');
  });
});
