/** Which pull request a run is for, from the triggering event only (unit level, against the double). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveTarget } from '../../src/action/target.js';
import { doubleClient } from '../helpers/github-client.js';
import { startGitHubDouble, type GitHubDouble } from '../helpers/github-double.js';

const HEAD = 'a'.repeat(40);
const BASE = 'b'.repeat(40);

let double: GitHubDouble;

beforeEach(async () => {
  double = await startGitHubDouble();
  double.state.pulls.push({ number: 7, headSha: HEAD, baseSha: BASE, files: [], fork: true, headOwner: 'someone', headRef: 'fix' });
});

afterEach(async () => {
  expect(double.violations).toEqual([]);
  await double.close();
});

const resolve = (eventName: string, payload: unknown) => resolveTarget(eventName, payload, { octokit: doubleClient(double, []), repository: 'acme/docs' });

describe('resolveTarget', () => {
  it('reads pull_request and pull_request_target payloads without a request', async () => {
    const payload = { pull_request: { number: 7, base: { sha: BASE, ref: 'main', repo: { full_name: 'acme/docs' } }, head: { sha: HEAD, repo: { full_name: 'someone/docs' } } } };
    for (const name of ['pull_request', 'pull_request_target']) {
      expect(await resolve(name, payload)).toEqual({
        kind: 'pull',
        pull: { owner: 'acme', repo: 'docs', number: 7, baseSha: BASE, headSha: HEAD, baseRef: 'main', fork: true },
        via: "the event's pull request #7",
      });
    }
    expect(double.requests).toEqual([]);
  });

  it('finds a workflow_run’s PR from GitHub’s current state, ignoring a pull_requests entry that points elsewhere', async () => {
    const run = (pullRequests: number[]) => ({ workflow_run: { head_sha: HEAD, head_branch: 'fix', head_repository: { owner: { login: 'someone' } }, pull_requests: pullRequests.map((number) => ({ number })) } });
    expect(await resolve('workflow_run', run([]))).toMatchObject({ kind: 'pull', pull: { number: 7, headSha: HEAD, baseSha: BASE, fork: true } });
    double.state.pulls.push({ number: 8, headSha: 'c'.repeat(40), baseSha: BASE, files: [] });
    // #8's head is not the run's commit: skipped; no other candidate.
    expect(await resolve('workflow_run', run([8]))).toMatchObject({ kind: 'none' });
  });

  it('compares a merge group’s base and head commits, from the payload alone', async () => {
    const payload = { action: 'checks_requested', merge_group: { head_sha: HEAD, head_ref: 'refs/heads/gh-readonly-queue/main/pr-7-' + BASE, base_sha: BASE, base_ref: 'refs/heads/main' } };
    expect(await resolve('merge_group', payload)).toEqual({
      kind: 'merge-group',
      group: { owner: 'acme', repo: 'docs', baseSha: BASE, headSha: HEAD, baseRef: 'refs/heads/main', headRef: `refs/heads/gh-readonly-queue/main/pr-7-${BASE}` },
    });
    expect(await resolve('merge_group', { merge_group: { head_sha: HEAD } })).toMatchObject({ kind: 'none', reason: 'the merge_group event carries no base and head commits, so there is nothing to check.' });
    expect(double.requests).toEqual([]);
  });

  it('audits the pushed commit, and the workflow commit of a schedule or a manual run', async () => {
    expect(await resolve('push', { ref: 'refs/heads/main', before: BASE, after: HEAD })).toEqual({
      kind: 'audit',
      audit: { owner: 'acme', repo: 'docs', sha: HEAD, ref: 'refs/heads/main', event: 'push' },
    });
    // GITHUB_SHA is the default branch's tip for a schedule, the chosen ref's for workflow_dispatch.
    const withSha = (name: string) => resolveTarget(name, {}, { octokit: doubleClient(double, []), repository: 'acme/docs', sha: BASE, ref: 'refs/heads/main' });
    for (const name of ['schedule', 'workflow_dispatch'] as const) {
      expect(await withSha(name)).toEqual({ kind: 'audit', audit: { owner: 'acme', repo: 'docs', sha: BASE, ref: 'refs/heads/main', event: name } });
    }
    expect(double.requests).toEqual([]);
  });

  it('says there is nothing to check for a deleted branch, other events and malformed payloads', async () => {
    expect(await resolve('push', { ref: 'refs/heads/old', before: HEAD, after: '0'.repeat(40), deleted: true })).toEqual({
      kind: 'none',
      reason: 'the push deleted refs/heads/old, so there is nothing to check.',
    });
    expect(await resolve('issues', {})).toEqual({
      kind: 'none',
      reason: 'chunkgate checks pull requests and merge groups, and audits pushes, schedules and manual runs; the issues event is none of these, so there is nothing to check.',
    });
    expect(await resolve('schedule', {})).toMatchObject({ kind: 'none', reason: 'the schedule run has no commit (GITHUB_SHA), so there is nothing to check.' });
    expect(await resolve('workflow_run', { workflow_run: { head_sha: 'not-a-sha' } })).toMatchObject({ kind: 'none' });
    expect(await resolve('pull_request', {})).toMatchObject({ kind: 'none' });
    expect(double.requests).toEqual([]);
  });
});
