/**
 * `chunkgate diff` through git with rule levels in the base side's config and disable comments
 * in the page (docs/rules.md#rule-levels-and-disable-comments).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/git-repo.js';

const rows = (count: number) => ['| Key | Meaning |', '|---|---|', ...Array.from({ length: count }, (_, row) => `| key${row} | the setting number ${row} of the deploy tool |`)].join('\n');
const page = (table: string) => `# Settings\n\nThe deploy tool reads these settings from its config file when it starts.\n\n${table}\n`;

describe('chunkgate diff with rule levels', () => {
  let repo: TestRepo | undefined;
  afterEach(async () => repo?.remove());

  /** Exit code and report of a diff whose base has `config` and a 4-row table, and whose head grows the table to 40 rows. */
  async function diff(config: string, head = page(rows(40))) {
    repo = await makeRepo();
    const base = await repo.commit({ '.chunkgate.yml': `chunking: { max: 120, min: 10 }\n${config}`, 'docs/settings.md': page(rows(4)) }, 'base');
    const after = await repo.commit({ 'docs/settings.md': head }, 'head');
    const result = await runCli(['diff', '--base', base, '--head', after, '--format', 'json'], { cwd: repo.dir });
    return { code: result.code, report: JSON.parse(result.stdout) as Report };
  }

  it('error (default): the split table fails the run', async () => {
    const { code, report } = await diff('');
    expect(code).toBe(1);
    expect(report.summary.gating.regressions).toBeGreaterThan(0);
  });

  it('warn: the regression is in the report, the run passes', async () => {
    const { code, report } = await diff('rules: { table-split: warn }\n');
    expect(report.files[0]!.regressions.some((regression) => regression.newTags.includes('table-split') && !regression.gating)).toBe(true);
    expect(report.summary.gating.regressions).toBe(0);
    expect(code).toBe(0);
  });

  it('a disable comment the head adds around the table: no table-split, the comment gates', async () => {
    const { code, report } = await diff('', page(`<!-- chunkgate-disable table-split -->\n\n${rows(40)}\n\n<!-- chunkgate-enable table-split -->`));
    expect(code).toBe(1);
    expect(report.files[0]!.head!.chunks.flatMap((chunk) => chunk.issues.map((issue) => issue.tag))).not.toContain('table-split');
    expect(report.files[0]!.findings.filter((finding) => finding.kind === 'rules-disabled').map((finding) => finding.gating)).toEqual([true]);
  });

  it('with inlineDisables: report the same comment is listed and the run passes', async () => {
    const { code, report } = await diff('inlineDisables: report\n', page(`<!-- chunkgate-disable table-split -->\n\n${rows(40)}\n\n<!-- chunkgate-enable table-split -->`));
    expect(code).toBe(0);
    expect(report.files[0]!.findings.filter((finding) => finding.kind === 'rules-disabled').map((finding) => finding.gating)).toEqual([false]);
  });
});
