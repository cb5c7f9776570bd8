/**
 * One run of the action against the loopback
 * GitHub double, whose comment, check-run title, check-run summary, outputs, log and job summary
 * all state the same counts of what the change breaks.
 *
 * The PR is the demo change (fixtures/demo: deploy.md's settings table grows past max 320 and is
 * cut into 3 pieces; guide.md loses a heading; faq.md gets a typo fix) plus a new page,
 * docs/install.md, whose install script (a code block of ~700 tokens) is cut into pieces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPull, makePullScenario, readTree, runAction, type ActionResult, type PullScenario } from '../helpers/action-run.js';
import { startGitHubDouble, type GitHubDouble } from '../helpers/github-double.js';

const demo = new URL('../../fixtures/demo/', import.meta.url).pathname;

/** An install page whose one code block (60 distinct commands) is far over max 320 tokens. */
function installPage(): string {
  const commands = Array.from({ length: 60 }, (_, n) => `curl -fsSL https://downloads.example.com/agent/v${n}/install-step-${n}.sh | sudo bash -s -- --component c${n}`);
  return ['# Installing the agent', '', 'Run the installer on each host.', '', '```bash', ...commands, '```', ''].join('\n');
}

let scenario: PullScenario;
let double: GitHubDouble;
let run: ActionResult;

beforeAll(async () => {
  const head = { ...(await readTree(`${demo}head`)), 'docs/install.md': installPage() };
  scenario = await makePullScenario(await readTree(`${demo}base`), head);
  double = await startGitHubDouble();
  run = await runAction({ double, workspace: scenario.repo.dir, event: addPull(double, scenario) });
}, 120_000);

afterAll(async () => {
  expect(double.violations).toEqual([]);
  await double.close();
  await scenario.repo.remove();
});

/** The rows of a "What this PR breaks" table. */
function breaksRows(markdown: string): string[] {
  const lines = markdown.slice(markdown.indexOf('### ❌ What this PR breaks')).split('\n');
  const end = lines.indexOf('');
  return lines.slice(0, end === -1 ? undefined : end).filter((line) => line.startsWith('| `docs/'));
}

/** `1 code block split, 1 table split` → 2. */
function total(phrase: string): number {
  return [...phrase.matchAll(/(\d+) [a-z]/g)].reduce((sum, match) => sum + Number(match[1]), 0);
}

describe('the counts of one run', () => {
  it('are the same in the comment, the check run, the outputs, the log and the job summary', () => {
    expect(run.code).toBe(1);
    const comment = double.state.issueComments[7]![0]!.body;
    const check = double.state.checkRuns[0]!;
    // The comment's verdict: deploy.md's split table and the new page's split script (the drops
    // of both files only restate them: folded into them); the lost heading does not gate.
    const verdict = comment.split('\n')[3]!;
    expect(verdict).toMatch(/^❌ \*\*Fails: 1 table split, 1 code block split\*\* in 2 of 4 changed Markdown files · /);
    const phrase = '1 table split, 1 code block split';
    const scope = 'in 2 of 4 changed Markdown files';

    // Check run: title and summary.
    expect(check.output?.title).toBe(`chunkgate fails: ${phrase}`);
    expect(check.output?.summary?.split('\n')[0]).toBe(verdict);
    // Outputs: the count and the words.
    expect(run.outputs.problems).toBe('2');
    expect(run.outputs.headline).toBe(`fails: ${phrase} ${scope}`);
    expect(total(phrase)).toBe(2);
    // Log: the failing line of the job.
    expect(run.stdout).toMatch(new RegExp(`^::error::chunkgate fails: ${phrase} ${scope} \\(\\d+ chunks\\)$`, 'm'));
    // Job summary: the same verdict line.
    expect(run.summary.split('\n')[2]).toBe(verdict);

    // One row per problem in each table, the same rows; one failing annotation per problem.
    const rows = breaksRows(comment);
    expect(rows).toHaveLength(2);
    expect(breaksRows(check.output.summary!)).toEqual(rows);
    expect(breaksRows(run.summary)).toEqual(rows);
    expect(check.annotations.filter((annotation) => annotation.annotation_level === 'failure')).toHaveLength(2);
    // None of them counts the pieces or the folded drops again.
    for (const text of [comment, check.output.title, check.output.summary!, run.summary, run.stdout]) {
      expect(text).not.toMatch(/regressed chunks|threshold failures|file score drop/);
    }
  });
});
