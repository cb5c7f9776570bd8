import * as core from '@actions/core';
import type { Decision } from '../compare/verdict.js';
import { plural } from '../report/format.js';
import { publishCheckRun, type CheckAnnotation } from '../sources/check-run.js';
import type { TokenIdentity } from '../sources/github-identity.js';
import { failedEndpoint, GitHubTimeoutError, isAmbiguousWrite, isRateLimitError, type GitHubClient } from '../sources/octokit.js';
import { postReview } from '../sources/review.js';
import { updateStickyComment, upsertStickyComment } from '../sources/sticky-comment.js';
import type { PullContext } from './event.js';
import { legacyMarkers, stickyMarker, withMarker } from './markers.js';
import type { InlinePlan } from './review-findings.js';

/** Annotations sent to one check run at most (10 requests of 50). */
const CHECK_ANNOTATION_LIMIT = 500;

/** What one publish step did, for the log and the tests. */
export interface PublishOutcome {
  step: 'comment' | 'review' | 'check';
  ok: boolean;
  detail: string;
}

/** Everything the publish steps share. */
export interface PublishContext {
  octokit: GitHubClient;
  pull: PullContext;
  /** Who the token writes as: only its own comments, reviews and check runs are adopted. */
  identity: TokenIdentity;
  checkName: string;
  /** Unique per run: tells this run's review and check run apart after a lost answer. */
  nonce: string;
  /** Milliseconds to let GitHub's lists catch up before looking for a write with a lost answer. */
  settleMs: number;
}

/** Where a check run goes: a repository and a commit (a PR's head, a merge group's head, an audited commit). */
export type CheckTarget = Pick<PullContext, 'owner' | 'repo' | 'headSha'>;

/** What {@link publishCheck} needs: the shared context, with a commit instead of a pull request. */
export type CheckContext = Omit<PublishContext, 'pull'> & { commit: CheckTarget };

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : undefined;
}

/** Why a write failed, in a sentence a maintainer can act on. */
function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const where = failedEndpoint(error);
  if (isRateLimitError(error)) return `GitHub's rate limit for this token stopped it${where ? ` at ${where}` : ''} (${message})`;
  if (statusOf(error) === 403) return 'the token cannot write here (a fork PR gets a read-only token; see the fork-safe workflows in docs/fork-safety.md)';
  if (error instanceof GitHubTimeoutError) return isAmbiguousWrite(error) ? `${message}, and found nothing written when it looked` : message;
  if (isAmbiguousWrite(error)) return `GitHub did not confirm the write${where ? ` to ${where}` : ''} and it was not found afterwards (${message})`;
  return message;
}

/** The sentence for a publish step that failed: `The comment could not be posted: …`. */
export function notPosted(outcome: PublishOutcome): string {
  const what = { comment: 'The sticky comment', review: 'The review', check: 'The check run' }[outcome.step];
  return `${what} could not be posted: ${outcome.detail}`;
}

/**
 * Runs one write to GitHub; a failure becomes a warning and never stops the run: the job
 * summary, the outputs and the exit code must still happen.
 */
async function attempt(step: PublishOutcome['step'], write: () => Promise<string>): Promise<PublishOutcome> {
  try {
    const detail = await write();
    core.info(detail);
    return { step, ok: true, detail };
  } catch (error) {
    const why = describeFailure(error);
    core.warning(`chunkgate could not post the ${step}: ${why}`);
    return { step, ok: false, detail: why };
  }
}

/**
 * Posts or updates the sticky comment of this check name (body rendered with `COMMENT_MARKER`).
 * With `create: false` it only updates one that exists (default: `true`).
 */
export function publishComment(context: PublishContext, body: string, options: { create?: boolean } = {}): Promise<PublishOutcome> {
  const { octokit, pull, checkName } = context;
  return attempt('comment', async () => {
    const marker = stickyMarker(checkName);
    const write = options.create === false ? updateStickyComment : upsertStickyComment;
    const result = await write(octokit, {
      owner: pull.owner,
      repo: pull.repo,
      issue_number: pull.number,
      body: withMarker(body, marker),
      marker,
      legacyMarkers: legacyMarkers(checkName),
      identity: context.identity,
      settleMs: context.settleMs,
      onNotice: (message) => core.info(message),
    });
    if (!result) return 'Sticky comment: none to update';
    const removed = result.removed > 0 ? `; removed ${plural(result.removed, 'duplicate')}` : '';
    return `Sticky comment ${result.action}${removed}: ${result.url ?? `#${result.id}`}`;
  });
}

/**
 * Posts the planned inline comments not posted before, as one review. With none planned it
 * still lists the review comments, to remove what runs at the same time may have doubled.
 */
export function publishReview(context: PublishContext, plan: InlinePlan): Promise<PublishOutcome> {
  const { octokit, pull } = context;
  for (const note of plan.notes) core.info(note);
  return attempt('review', async () => {
    const shown = plan.omitted > 0 ? `the ${plan.findings.length} most severe of ${plan.findings.length + plan.omitted} problems on added lines` : plural(plan.findings.length, 'problem');
    const result = await postReview(octokit, {
      owner: pull.owner,
      repo: pull.repo,
      pull_number: pull.number,
      commit_id: pull.headSha,
      comments: plan.findings,
      body: `chunkgate: inline comments on ${shown}. The sticky comment lists every finding.`,
      nonce: context.nonce,
      identity: context.identity,
      settleMs: context.settleMs,
      onNotice: (message) => core.info(message),
    });
    if (plan.findings.length === 0) return 'Review: no problem is on a line this PR adds';
    if (!result) return 'Review: every inline comment was already posted';
    if (result.duplicateOf) return `Review: another run posted the same inline comments at the same time: ${result.duplicateOf.url ?? `#${result.duplicateOf.id}`}`;
    return `Review posted (${result.posted} new, ${result.skipped} already posted): ${result.url ?? ''}`.trimEnd();
  });
}

/**
 * Leaves the check run with its conclusion and its first {@link CHECK_ANNOTATION_LIMIT}
 * annotations (`publishCheckRun`). When it fails, the annotations GitHub does not hold are
 * returned, to be shown as workflow commands instead — never the ones it already has.
 */
export async function publishCheck(
  context: CheckContext,
  decision: Decision,
  output: { title: string; summary: string; text?: string; annotations: CheckAnnotation[] },
): Promise<PublishOutcome & { undelivered: CheckAnnotation[] }> {
  const { octokit, commit } = context;
  const { annotations: all, ...rest } = output;
  // Ten requests' worth: the run's annotations are a view of findings the summary lists in full,
  // and a PR with thousands should not spend a tenth of GITHUB_TOKEN's hourly requests on them.
  const annotations = all.slice(0, CHECK_ANNOTATION_LIMIT);
  if (all.length > annotations.length) {
    core.info(`The check run gets the first ${CHECK_ANNOTATION_LIMIT} of ${all.length} annotations; the job summary lists every finding.`);
  }
  const delivered = new Set<CheckAnnotation>();
  const outcome = await attempt('check', async () => {
    const result = await publishCheckRun(octokit, {
      owner: commit.owner,
      repo: commit.repo,
      head_sha: commit.headSha,
      name: context.checkName,
      conclusion: decision.conclusion,
      output: rest,
      annotations,
      externalId: context.nonce,
      identity: context.identity,
      onDelivered: (batch) => batch.forEach((annotation) => delivered.add(annotation)),
      settleMs: context.settleMs,
      onNotice: (message) => core.info(message),
    });
    const where = result.supersededBy ? `; another run at the same time wrote ${result.supersededBy.url ?? `#${result.supersededBy.id}`}, which holds the annotations` : '';
    return `Check run ${result.action} (${decision.conclusion}, ${plural(annotations.length, 'annotation')}, ${result.sent} sent now): ${result.url ?? `#${result.id}`}${where}`;
  });
  return { ...outcome, undelivered: outcome.ok ? [] : annotations.filter((annotation) => !delivered.has(annotation)) };
}
