/**
 * End to end (the action against the OpenAPI-checked GitHub double): a 300-file PR.
 * From a shallow checkout it costs few REST requests (the two commits are fetched with git),
 * its review holds at most 25 inline comments (one per problem), the check run's summary is sent once, and when
 * the check run fails part-way only the missing annotations go out as workflow commands, at
 * most 10 per kind.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/types.js';
import { addPull, makePullScenario, runAction, shallowCheckout, type Checkout, type PullScenario } from '../helpers/action-run.js';
import { faults, startGitHubDouble, type GitHubDouble } from '../helpers/github-double.js';

const FILES = 300;

let scenario: PullScenario;
let checkout: Checkout;
let double: GitHubDouble;

/**
 * Page `n`: a short intro on the base side; the head adds a 14-row table and a 14-line code block,
 * each of which outgrows max (64 tokens) and splits: two gating items per file.
 */
function page(n: number, table: boolean): string {
  const rows = Array.from({ length: 14 }, (_, row) => `| option_${n}_${row} | value ${row} for page ${n} |`).join('\n');
  const lines = Array.from({ length: 14 }, (_, line) => `set option_${n}_${line} value_${line} --page ${n}`).join('\n');
  return `# Page ${n}\n\nThis page explains option group ${n} in one sentence.\n${table ? `\n## Options\n\n| Option | Value |\n|---|---|\n${rows}\n\n## Script\n\n\`\`\`sh\n${lines}\n\`\`\`\n` : ''}`;
}

beforeAll(async () => {
  const base: Record<string, string> = { '.chunkgate.yml': 'chunking: { max: 64, min: 8 }\n' };
  const head: Record<string, string> = {};
  for (let n = 0; n < FILES; n++) {
    base[`docs/p${String(n).padStart(3, '0')}.md`] = page(n, false);
    head[`docs/p${String(n).padStart(3, '0')}.md`] = page(n, true);
  }
  scenario = await makePullScenario(base, head);
  checkout = await shallowCheckout(scenario);
});

afterAll(async () => {
  await checkout.remove();
  await scenario.repo.remove();
});

afterEach(async () => {
  expect(double.violations).toEqual([]);
  await double.close();
});

describe('a 300-file pull request', () => {
  it('from a shallow checkout: at most 60 requests, 25 inline comments, one full check summary', async () => {
    double = await startGitHubDouble();
    const event = addPull(double, scenario);
    const result = await runAction({ double, workspace: checkout.workspace.dir, event });
    expect(result.code).toBe(1);
    const report = JSON.parse(await readFile(result.outputs.report!, 'utf8')) as Report;
    expect(report.summary.files).toBe(FILES);
    const regressions = report.summary.regressions;
    expect(regressions).toBeGreaterThanOrEqual(FILES);

    // Files came from git (the head fetched into the checkout), not one contents request per file side.
    expect(double.requestsOf('repos/get-content')).toEqual([]);
    expect(double.requests.length).toBeLessThanOrEqual(60);
    expect(result.stdout).toContain(`GitHub API: ${double.requests.length} requests`);

    // The review: 25 inline comments, all on added lines; the sticky comment says so.
    expect(double.state.reviewComments[7]).toHaveLength(25);
    // One per problem: each file's split table and split code block, 600 in all.
    expect(double.state.reviews[7]![0]!.body).toContain(`inline comments on the 25 most severe of ${2 * FILES} problems on added lines`);
    expect(double.state.issueComments[7]![0]!.body).toContain(`Inline review comments went to the 25 most severe of ${2 * FILES} problems on added lines`);
    const body = JSON.stringify(double.requestsOf('pulls/create-review')[0]!.body);
    expect(body.length).toBeLessThan(40_000);

    // The check run: the first 500 annotations (of one per reported item: a split table, a file's
    // score drops, …, at least two per file here), in 10 updates of 50 after a create without them
    // (annotations go only to a run no other run created at the same time); the full summary in one request only.
    const [run] = double.state.checkRuns;
    expect(run!.annotations).toHaveLength(500);
    const total = Number(/The check run gets the first 500 of (\d+) annotations/.exec(result.stdout)?.[1]);
    expect(total).toBeGreaterThanOrEqual(2 * FILES);
    const requests = [...double.requestsOf('checks/create'), ...double.requestsOf('checks/update')];
    expect(requests).toHaveLength(11);
    const summaries = requests.map((request) => (request.body as { output: { summary: string } }).output.summary);
    expect(summaries.filter((summary) => summary === run!.output.summary)).toHaveLength(1);
    expect(summaries.at(-1)).toBe(run!.output.summary);
    expect(summaries.slice(0, -1).every((summary) => summary.length < 200)).toBe(true);
    expect(run!.conclusion).toBe('failure');
  });

  it('when the check run fails part-way, shows only the annotations GitHub lacks, 10 per kind', async () => {
    double = await startGitHubDouble();
    const event = addPull(double, scenario);
    let updates = 0;
    double.failNext((request) => request.operation === 'checks/update' && ++updates === 2, [faults.integrationForbidden()]);
    const result = await runAction({ double, workspace: checkout.workspace.dir, event, inputs: { comment: 'off' } });
    expect(result.code).toBe(1);
    const delivered = double.state.checkRuns[0]!.annotations;
    expect(delivered).toHaveLength(50);
    const emitted = result.stdout.split('\n').filter((line) => /^::(error|warning|notice) .*file=/.test(line));
    for (const kind of ['error', 'warning', 'notice']) expect(emitted.filter((line) => line.startsWith(`::${kind} `)).length).toBeLessThanOrEqual(10);
    expect(emitted.length).toBeGreaterThan(0);
    // None of them is one the check run already holds.
    const held = new Set(delivered.map((a) => `file=${a.path},line=${a.start_line},endLine=${a.end_line}::${a.message.split('\n')[0]!.slice(0, 20)}`));
    for (const line of emitted) {
      const key = /file=[^,]+,line=\d+,endLine=\d+::.{0,20}/.exec(line)![0].replace(/%0A[\s\S]*$/, '');
      expect([...held].some((h) => h.startsWith(key) || key.startsWith(h))).toBe(false);
    }
    expect(result.stdout).toMatch(/\d+ more annotations not shown: GitHub shows 10 of each kind per step; the job summary lists every finding\./);
  });
});
