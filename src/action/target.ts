import { getPull, openPullsFromHead, type PullSummary } from '../sources/github.js';
import type { GitHubClient } from '../sources/octokit.js';
import { mergeGroupContextOf, pullContextOf, pushedCommitOf, type AuditContext, type MergeGroupContext, type PullContext } from './event.js';

/**
 * What a run checks and where it reports, decided from the triggering event alone — never from
 * files a previous (possibly untrusted) run left behind: a pull request (compared with its merge
 * base), a merge group (its base and head commits), or one commit audited whole.
 */
export type Target =
  | { kind: 'pull'; pull: PullContext; /** How the PR was found, for the log. */ via: string }
  | { kind: 'merge-group'; group: MergeGroupContext }
  | { kind: 'audit'; audit: AuditContext }
  | { kind: 'none'; /** A sentence for the log: why there is nothing to check. */ reason: string };

/** What an event resolver may use. */
export interface TargetContext {
  octokit: GitHubClient;
  /** `owner/name` of the repository the workflow runs in (`GITHUB_REPOSITORY`). */
  repository: string;
  /** The workflow's commit (`GITHUB_SHA`): what a `schedule` or `workflow_dispatch` run audits. */
  sha?: string;
  /** The workflow's ref (`GITHUB_REF`), for the log. */
  ref?: string;
}

type Resolver = (payload: unknown, context: TargetContext) => Promise<Target>;

const SHA = /^[0-9a-f]{40}$/;

function contextOf(summary: PullSummary, owner: string, repo: string): PullContext {
  return {
    owner,
    repo,
    number: summary.number,
    baseSha: summary.baseSha,
    headSha: summary.headSha,
    baseRef: summary.baseRef,
    fork: summary.headRepo !== summary.baseRepo,
  };
}

const fromPullEvent: Resolver = async (payload, { repository }) => {
  const pull = pullContextOf(payload, repository);
  if (!pull) return { kind: 'none', reason: 'the event payload names no pull request, so there is nothing to check.' };
  return { kind: 'pull', pull, via: `the event's pull request #${pull.number}` };
};

/**
 * `workflow_run` (the fork-safe publish pattern): the PR whose current head is the commit the
 * triggering run checked. `workflow_run.head_sha` comes from GitHub, not from the run's
 * artifacts. Candidates are `workflow_run.pull_requests` — empty for fork PRs, so then the open
 * PRs from `head_repository` owner + `head_branch` — and each is re-read (`pulls.get`) and
 * kept only while its head is still that commit. No match → nothing to post: the run for the
 * PR's newer head will report.
 */
/** The fields read from a `workflow_run` payload: untrusted JSON, so any of them may be missing. */
interface WorkflowRunPayload {
  head_sha?: unknown;
  pull_requests?: unknown;
  head_branch?: unknown;
  head_repository?: { owner?: { login?: unknown } | null } | null;
}

const fromWorkflowRun: Resolver = async (payload, { octokit, repository }) => {
  const [owner = '', repo = ''] = repository.split('/');
  const run = (payload as { workflow_run?: WorkflowRunPayload } | null)?.workflow_run;
  const headSha = typeof run?.head_sha === 'string' ? run.head_sha : '';
  if (!SHA.test(headSha)) return { kind: 'none', reason: 'the workflow_run event carries no head commit, so there is nothing to check.' };
  const listed: unknown[] = Array.isArray(run?.pull_requests) ? run.pull_requests : [];
  let numbers = listed.map((item) => (item as { number?: unknown }).number).filter((n): n is number => Number.isInteger(n));
  let via = 'workflow_run.pull_requests';
  const headOwner = run?.head_repository?.owner?.login;
  const headBranch = run?.head_branch;
  if (numbers.length === 0 && typeof headOwner === 'string' && typeof headBranch === 'string' && headBranch !== '') {
    const open = await openPullsFromHead(octokit, { owner, repo, headOwner, headBranch });
    numbers = open.filter((pull) => pull.headSha === headSha).map((pull) => pull.number);
    via = `the open pull requests from ${headOwner}:${headBranch}`;
  }
  for (const number of [...new Set(numbers)].sort((a, b) => a - b)) {
    const summary = await getPull(octokit, { owner, repo, pull_number: number });
    if (summary.state === 'open' && summary.headSha === headSha && summary.baseRepo === repository) {
      return { kind: 'pull', pull: contextOf(summary, owner, repo), via: `${via} (#${number}, head ${headSha.slice(0, 7)})` };
    }
  }
  return {
    kind: 'none',
    reason: `no open pull request of ${repository} has head ${headSha.slice(0, 7)} (looked at ${via}); it may have moved on, and the run for its new head reports.`,
  };
};

/** `merge_group`: the group's base and head commits, compared like a PR; the check run goes on the head. */
const fromMergeGroup: Resolver = async (payload, { repository }) => {
  const group = mergeGroupContextOf(payload, repository);
  if (!group) return { kind: 'none', reason: 'the merge_group event carries no base and head commits, so there is nothing to check.' };
  return { kind: 'merge-group', group };
};

/** `push`: an audit of the pushed commit (`after`); a deleted ref has none. */
const fromPush: Resolver = async (payload, { repository }) => {
  const pushed = pushedCommitOf(payload);
  const ref = (payload as { ref?: unknown } | null)?.ref;
  if (!pushed) return { kind: 'none', reason: `the push ${typeof ref === 'string' && ref ? `deleted ${ref}` : 'names no commit'}, so there is nothing to check.` };
  const [owner = '', repo = ''] = repository.split('/');
  return { kind: 'audit', audit: { owner, repo, sha: pushed.sha, ref: pushed.ref, event: 'push' } };
};

/** `schedule` and `workflow_dispatch`: an audit of the workflow's commit (`GITHUB_SHA`: the default branch's tip, or the chosen ref's). */
function auditOfWorkflowCommit(event: 'schedule' | 'workflow_dispatch'): Resolver {
  return async (_payload, { repository, sha, ref }) => {
    if (!sha || !SHA.test(sha)) return { kind: 'none', reason: `the ${event} run has no commit (GITHUB_SHA), so there is nothing to check.` };
    const [owner = '', repo = ''] = repository.split('/');
    return { kind: 'audit', audit: { owner, repo, sha, ref: ref ?? '', event } };
  };
}

/** Event name → what the run checks; add event kinds here. */
const RESOLVERS: Record<string, Resolver> = {
  pull_request: fromPullEvent,
  pull_request_target: fromPullEvent,
  workflow_run: fromWorkflowRun,
  merge_group: fromMergeGroup,
  push: fromPush,
  schedule: auditOfWorkflowCommit('schedule'),
  workflow_dispatch: auditOfWorkflowCommit('workflow_dispatch'),
};

/** The target of a run triggered by `eventName` with `payload` (see {@link Target}). */
export async function resolveTarget(eventName: string, payload: unknown, context: TargetContext): Promise<Target> {
  const resolver = RESOLVERS[eventName];
  if (!resolver) {
    return {
      kind: 'none',
      reason: `chunkgate checks pull requests and merge groups, and audits pushes, schedules and manual runs; the ${eventName || 'unknown'} event is none of these, so there is nothing to check.`,
    };
  }
  return resolver(payload, context);
}
