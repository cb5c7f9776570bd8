/**
 * End to end: a PR file the action cannot check (a NUL byte, a UTF-16 file) fails the check
 * with the reason, through both of the action's readers — git (the commits in the checkout) and
 * the contents API (no checkout) — even when the base config's `failOn` is empty. Before the
 * guarded readers, such a file was decoded lossily (API) or skipped, and the check passed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '../../src/types.js';
import { addPull, makePullScenario, runAction } from '../helpers/action-run.js';
import { startGitHubDouble, type GitHubDouble } from '../helpers/github-double.js';

const page = (body: string) => `# Setup\n\n${body}\n\nThe agent reads its settings from the file on start and reports its health every thirty seconds.\n`;
const NO_GATE = 'thresholds:\n  failOn: []\n';

let double: GitHubDouble;
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  expect(double.violations).toEqual([]);
  await double.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function reportOf(path: string): Report {
  return JSON.parse(readFileSync(path, 'utf8')) as Report;
}

describe('a PR file the action cannot check fails the gate', () => {
  it('through git: a NUL byte in the head file is a gating unchecked finding, whatever failOn says', async () => {
    const scenario = await makePullScenario(
      { '.chunkgate.yml': NO_GATE, 'docs/setup.md': page('Install the agent.') },
      { 'docs/setup.md': page('Install the agent.\u0000') },
    );
    cleanups.push(() => scenario.repo.remove());
    double = await startGitHubDouble();
    const result = await runAction({ double, workspace: scenario.repo.dir, event: addPull(double, scenario), inputs: { comment: 'sticky' } });

    expect(result.code).toBe(1);
    const report = reportOf(result.outputs.report!);
    const [file] = report.files;
    expect(file!.path).toBe('docs/setup.md');
    expect(file!.findings).toMatchObject([{ kind: 'unchecked', origin: 'new', gating: true, severity: 'high' }]);
    expect(file!.findings[0]!.message).toContain('NUL byte at byte');
    expect(report.summary.verdict).toBe('fail');
    expect(double.state.checkRuns.at(-1)).toMatchObject({ conclusion: 'failure' });
    expect(double.state.issueComments[7]![0]!.body).toContain('NUL byte');
  });

  it('through the contents API (no checkout): the same file fails the same way, not decoded lossily', async () => {
    const workspace = await mkdtemp(join(tmpdir(), 'chunkgate-api-'));
    cleanups.push(() => rm(workspace, { recursive: true, force: true }));
    double = await startGitHubDouble({
      state: {
        contents: {
          base1: { '.chunkgate.yml': NO_GATE, 'docs/setup.md': page('Install the agent.') },
          head1: { '.chunkgate.yml': NO_GATE, 'docs/setup.md': page('Install the agent.\u0000'), 'docs/bom.md': '\ufeff# Page' },
        },
        compares: { 'base1...head1': { mergeBaseSha: 'base1' } },
      },
    });
    double.state.pulls.push({
      number: 9,
      headSha: 'head1',
      baseSha: 'base1',
      files: [
        { filename: 'docs/setup.md', status: 'modified', patch: '@@ -3 +3 @@\n-Install the agent.\n+Install the agent.' },
        { filename: 'docs/bom.md', status: 'added', patch: '@@ -0,0 +1 @@\n+# Page' },
      ],
    });
    const full = `${double.state.owner}/${double.state.repo}`;
    const event = { pull_request: { number: 9, base: { sha: 'base1', ref: 'main', repo: { full_name: full } }, head: { sha: 'head1', repo: { full_name: full } } } };
    const result = await runAction({ double, workspace, event, inputs: { comment: 'off', check: 'false' } });

    expect(result.code).toBe(1);
    const report = reportOf(result.outputs.report!);
    const findings = Object.fromEntries(report.files.map((file) => [file.path, file.findings]));
    expect(findings['docs/setup.md']).toMatchObject([{ kind: 'unchecked', gating: true }]);
    expect(findings['docs/setup.md']![0]!.message).toContain('NUL byte');
    // A UTF-8 byte-order mark is dropped, as in git and folder mode: that file is checked normally.
    expect(findings['docs/bom.md']).toEqual([]);
    expect(report.summary.verdict).toBe('fail');
  });
});
