/**
 * Disable comments a pull request adds or widens, through the CLI (in process:
 * `runCli`) on real temp git repos
 * (docs/rules.md#rule-levels-and-disable-comments): the comment gates by default and the
 * verdict says so, the threshold failures it cannot hide stay; `inlineDisables: report` in the
 * base config lists it without failing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/git-repo.js';

const rows = (count: number) => ['| Key | Meaning |', '|---|---|', ...Array.from({ length: count }, (_, row) => `| key${row} | the setting number ${row} of the deploy tool |`)].join('\n');
const INTRO = '# Settings\n\nThe deploy tool reads these settings from its config file when it starts.\n\n';
// Base: a 4-row table in one chunk. Under max 120 a 40-row table is split into pieces (table-split, capped at 59).
const BASE_PAGE = `${INTRO}${rows(4)}\n`;
const BROKEN = `${INTRO}${rows(40)}\n`;

describe('chunkgate diff with disable comments the change adds or widens', () => {
  let repo: TestRepo | undefined;
  afterEach(async () => {
    await repo?.remove();
    repo = undefined;
  });

  /** Commits `base` under a config, then `head`, and runs the bundled `chunkgate diff` between them in `format`. */
  async function diff(config: string, base: string, head: string, format: 'json' | 'md') {
    repo ??= await makeRepo();
    const from = await repo.commit({ '.chunkgate.yml': `chunking: { max: 120, min: 10 }\n${config}`, 'docs/settings.md': base }, 'base');
    const to = await repo.commit({ 'docs/settings.md': head }, 'head');
    return runCli(['diff', '--base', from, '--head', to, '--format', format], { cwd: repo.dir });
  }

  it('a disable-file comment added above a broken table fails the run, names the comment, and keeps the threshold failures', async () => {
    const head = `<!-- chunkgate-disable-file -->\n\n${BROKEN}`;
    const result = await diff('', BASE_PAGE, head, 'json');
    expect(result.code).toBe(1);
    const file = (JSON.parse(result.stdout) as Report).files[0]!;
    // The comment hides the table-split issues…
    expect(file.head!.chunks.flatMap((chunk) => chunk.issues.map((issue) => issue.tag))).not.toContain('table-split');
    // …and is a gating finding: head lines 1 (the comment) to 48 (the last table row), none disabled on the base side.
    expect(file.findings.filter((finding) => finding.kind === 'rules-disabled')).toEqual([
      expect.objectContaining({
        origin: 'new',
        gating: true,
        severity: 'high',
        line: 1,
        endLine: 48,
        message: 'A `chunkgate-disable-file` comment this change adds turns off every rule on 48 lines (L1–L48): their findings there are not reported',
      }),
    ]);
    // The pieces still cap the scores: overall falls past fileDrop, and the failure gates.
    expect(file.failures).toContainEqual(expect.objectContaining({ rule: 'fileDrop', score: 'overall', gating: true }));
    expect(file.head!.scores.overall).toBeLessThan(80);

    const md = await diff('', BASE_PAGE, head, 'md');
    expect(md.code).toBe(1);
    expect(md.stdout).toContain('❌ **Fails: 1 disable comment added by this PR, 1 file score drop** in 1 of 1 changed Markdown file');
  });

  it('deleting only the enable line of an old region around a table that then breaks fails the run as a widened comment', async () => {
    const base = `${INTRO}<!-- chunkgate-disable sentence-cut table-split -->\n\nAn old note.\n\n<!-- chunkgate-enable sentence-cut table-split -->\n\n${rows(4)}\n`;
    const head = `${INTRO}<!-- chunkgate-disable sentence-cut table-split -->\n\nAn old note.\n\n\n${rows(40)}\n`;
    const result = await diff('', base, head, 'md');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('❌ **Fails: 1 disable comment widened by this PR');
    expect(result.stdout).toContain('This change widens the region of the `chunkgate-disable` comment at L5');
  });

  it('a disable-next-line comment added above a broken table hides its first piece\'s table-split only, and fails the run', async () => {
    const head = BROKEN.replace('| Key |', '<!-- chunkgate-disable-next-line table-split -->\n| Key |');
    const result = await diff('', BASE_PAGE, head, 'json');
    expect(result.code).toBe(1);
    const file = (JSON.parse(result.stdout) as Report).files[0]!;
    // The table starts on head line 6, after the comment on line 5: the piece there loses its finding, the others keep theirs.
    const split = file.head!.chunks.filter((chunk) => chunk.split?.kind === 'table');
    expect(split.length).toBeGreaterThan(1);
    expect(split[0]!.startLine).toBe(6);
    expect(split.map((chunk) => chunk.issues.some((issue) => issue.tag === 'table-split'))).toEqual(split.map((_, index) => index > 0));
    expect(file.findings.filter((finding) => finding.kind === 'rules-disabled')).toEqual([
      expect.objectContaining({
        origin: 'new',
        gating: true,
        line: 5,
        endLine: 6,
        message: 'A `chunkgate-disable-next-line` comment this change adds turns off `table-split` on 1 line (L6): their findings there are not reported',
      }),
    ]);
  });

  it('fails closed: a disable-line comment a change adds fails the run even where it hides nothing', async () => {
    const head = BASE_PAGE.replace('when it starts.', 'when it starts. <!-- chunkgate-disable-line sentence-cut -->');
    const result = await diff('', BASE_PAGE, head, 'md');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('❌ **Fails: 1 disable comment added by this PR** in 1 of 1 changed Markdown file');
    expect(result.stdout).toContain('A `chunkgate-disable-line` comment this change adds turns off `sentence-cut` on 1 line (L3)');
    const listed = await diff('inlineDisables: report\n', BASE_PAGE, head, 'json');
    expect(listed.code).toBe(0);
  });

  it('inlineDisables: report in the base config passes, listing the comment and the threshold failures without gating', async () => {
    const head = `<!-- chunkgate-disable-file -->\n\n${BROKEN}`;
    const result = await diff('inlineDisables: report\n', BASE_PAGE, head, 'json');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    expect(report.summary.verdict).toBe('pass');
    const file = report.files[0]!;
    expect(file.findings.filter((finding) => finding.kind === 'rules-disabled').map((finding) => [finding.origin, finding.gating, finding.line])).toEqual([['new', false, 1]]);
    expect(file.failures).toContainEqual(expect.objectContaining({ rule: 'fileDrop', score: 'overall', gating: false }));
  });
});
