import { getPull, openPullsFromHead, type PullSummary } from '../sources/github.js';
import type { GitHubClient } from '../sources/octokit.js';
import { pullContextOf, type PullContext } from './event.js';

/**
 * What a run checks and where it reports, decided from the triggering event alone — never from
 * files a previous (possibly untrusted) run left behind.
 */
export type Target =
  | { kind: 'pull'; pull: PullContext; /** How the PR was found, for the log. */ via: string }
  | { kind: 'none'; /** A sentence for the log: why there is nothing to check. */ reason: string };

/** What an event resolver may use. */
export interface TargetContext {
  octokit: GitHubClient;
  /** `owner/name` of the repository the workflow runs in (`GITHUB_REPOSITORY`). */
  repository: string;
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

/** Event name → how to find the pull request; add event kinds here. */
const RESOLVERS: Record<string, Resolver> = {
  pull_request: fromPullEvent,
  pull_request_target: fromPullEvent,
  workflow_run: fromWorkflowRun,
};

/** The target of a run triggered by `eventName` with `payload` (see {@link Target}). */
export async function resolveTarget(eventName: string, payload: unknown, context: TargetContext): Promise<Target> {
  const resolver = RESOLVERS[eventName];
  if (!resolver) {
    return {
      kind: 'none',
      reason: `chunkgate compares the Markdown of a pull request with its base; the ${eventName || 'unknown'} event has no pull request, so there is nothing to check.`,
    };
  }
  return resolver(payload, context);
}
