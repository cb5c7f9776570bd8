import { access, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import * as core from '@actions/core';
import { decide } from '../compare/verdict.js';
import type { Config } from '../config/types.js';
import { checkRunOutput } from '../report/check.js';
import { renderComment } from '../report/comment.js';
import { escapeInline } from '../report/escape.js';
import type { CommentContext } from '../report/context.js';
import { plural } from '../report/format.js';
import { problemCounts } from '../report/headline.js';
import { renderSummary } from '../report/summary.js';
import type { CheckAnnotation } from '../sources/check-run.js';
import { isMarkdownPath, relevantChanges } from '../sources/changed-file.js';
import { listPullFiles } from '../sources/github.js';
import { createOctokit, requestStats, type GitHubClient } from '../sources/octokit.js';
import { VERSION } from '../version.js';
import { annotateWorkflow } from './annotations.js';
import { evaluateMergeGroup, evaluatePull, type PullEvaluation } from './evaluate.js';
import type { MergeGroupContext, PullContext } from './event.js';
import { getInputs, type ActionInputs } from './inputs.js';
import { notPosted, publishCheck, publishComment, publishReview, type CheckTarget, type PublishOutcome } from './publish.js';
import { reportNoMarkdown } from './quick.js';
import { planInlineComments } from './review-findings.js';
import { runAudit } from './run-audit.js';
import { posting, runUrl, setOutputs, writeReport, writer, type RunContext } from './run-context.js';
import { reportStopped } from './stopped.js';
import { movedOnHead, supersededNotice } from './superseded.js';
import { resolveTarget } from './target.js';

/** The action: the only place that turns an error into `core.setFailed` (docs/design.md#robust-shells). */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let octokit: GitHubClient | null = null;
  try {
    const inputs = getInputs();
    const workspace = resolve(env.GITHUB_WORKSPACE ?? process.cwd(), inputs.workingDirectory);
    octokit = client(inputs, env);
    const payload: unknown = env.GITHUB_EVENT_PATH ? JSON.parse(await readFile(env.GITHUB_EVENT_PATH, 'utf8')) : null;
    const target = await resolveTarget(env.GITHUB_EVENT_NAME ?? '', payload, {
      octokit,
      repository: env.GITHUB_REPOSITORY ?? '',
      ...(env.GITHUB_SHA ? { sha: env.GITHUB_SHA } : {}),
      ...(env.GITHUB_REF ? { ref: env.GITHUB_REF } : {}),
    });
    if (target.kind === 'none') {
      core.notice(target.reason);
      return;
    }
    const ctx: RunContext = { inputs, env, workspace, reportDir: resolve(workspace, inputs.reportDir), octokit, settleMs: unitMs(env) };
    if (inputs.baselineReport && target.kind !== 'audit') {
      core.info(`baseline-report is read by audits only (push, schedule, workflow_dispatch); this ${env.GITHUB_EVENT_NAME} run does not read ${inputs.baselineReport}.`);
    }
    try {
      if (target.kind === 'pull') await runPull(ctx, target.pull, target.via);
      else if (target.kind === 'merge-group') await runMergeGroup(ctx, target.group);
      else await runAudit(ctx, target.audit);
    } catch (error) {
      const commit: CheckTarget =
        target.kind === 'pull' ? target.pull : target.kind === 'merge-group' ? target.group : { owner: target.audit.owner, repo: target.audit.repo, headSha: target.audit.sha };
      await reportStopped(ctx, commit, error);
      throw error;
    }
  } catch (error) {
    core.setFailed(error instanceof Error ? error.message : `chunkgate failed: ${String(error)}`);
  } finally {
    const stats = octokit ? requestStats(octokit) : null;
    if (stats && stats.requests > 0) core.info(`GitHub API: ${plural(stats.requests, 'request')} (${plural(stats.retries, 'retry', 'retries')})`);
  }
}

/** Milliseconds per second of GitHub waits; tests shrink it so fault scenarios finish quickly. */
function unitMs(env: NodeJS.ProcessEnv): number {
  const unit = Number(env.CHUNKGATE_RETRY_UNIT_MS);
  return Number.isFinite(unit) && unit > 0 ? unit : 1000;
}

function client(inputs: ActionInputs, env: NodeJS.ProcessEnv): GitHubClient {
  const timeout = Number(env.CHUNKGATE_REQUEST_TIMEOUT_MS);
  return createOctokit({
    token: inputs.token,
    ...(env.GITHUB_API_URL ? { baseUrl: env.GITHUB_API_URL } : {}),
    retryAfterUnitMs: unitMs(env),
    ...(Number.isFinite(timeout) && timeout > 0 ? { timeoutMs: timeout } : {}),
    onNotice: (message) => core.info(message),
    onDebug: (message) => core.debug(message),
  });
}

/**
 * `mode: publish` used to post a report folder from an untrusted run; it now scores the PR
 * itself. Say so when such a folder is present, so nobody thinks it was used.
 */
async function noteUnreadFolder(reportDir: string): Promise<void> {
  const present = await access(join(reportDir, 'report.json')).then(
    () => true,
    () => false,
  );
  if (present) {
    core.info(`${reportDir} holds a report from another run (a downloaded artifact?); chunkgate does not read it: it scores the pull request itself, from the event.`);
  }
}

/**
 * A pull request: listed first (one request per 100 files), so one that changes no Markdown
 * gets its quick success without a git fetch or any scoring; otherwise scored against its
 * merge base and reported in a comment, a review and a check run.
 */
async function runPull(ctx: RunContext, pull: PullContext, via: string): Promise<void> {
  core.info(`Pull request from ${via}`);
  if (ctx.inputs.mode === 'publish') await noteUnreadFolder(ctx.reportDir);
  const files = await listPullFiles(ctx.octokit, { owner: pull.owner, repo: pull.repo, pull_number: pull.number });
  if (relevantChanges(files, isMarkdownPath).length === 0) return reportNoMarkdown(ctx, pull, files.length);
  const evaluation = await core.group(`Scoring the Markdown of PR #${pull.number}`, () => evaluatePull(ctx.octokit, pull, ctx.inputs, ctx.workspace, ctx.env, files));
  await finish(ctx, evaluation, { pull });
}

/** A merge group: its base and head compared like a PR's; the check run goes on the head commit, and there is no PR to comment on. */
async function runMergeGroup(ctx: RunContext, group: MergeGroupContext): Promise<void> {
  core.info(`Merge group ${group.headRef || group.headSha.slice(0, 7)} onto ${group.baseRef || group.baseSha.slice(0, 7)}`);
  const evaluation = await core.group(`Scoring the Markdown of the merge group`, () => evaluateMergeGroup(ctx.octokit, group, ctx.inputs, ctx.workspace, ctx.env));
  await finish(ctx, evaluation, { commit: group });
}

/**
 * Report folder, outputs, job summary, then (unless `mode: compute`) the comment and review of a
 * pull request and the check run on its head; fails the job on a failing verdict. A pull request
 * whose head moved on while this run worked gets no comment or review from it ({@link movedOnHead}).
 */
async function finish(ctx: RunContext, evaluation: PullEvaluation, subject: { pull: PullContext } | { commit: CheckTarget }): Promise<void> {
  const { inputs, env } = ctx;
  const { report } = evaluation;
  const pull = 'pull' in subject ? subject.pull : null;
  const commit: CheckTarget = 'pull' in subject ? subject.pull : subject.commit;
  const { reportPath, links } = await writeReport(ctx, report, { sources: evaluation.sources, baseSha: evaluation.mergeBase, headSha: commit.headSha });
  const decision = decide(report.files, evaluation.failOn, {
    partial: report.summary.partial,
    retrievalFailures: report.retrieval?.failures.length ?? 0,
  });
  const summaryUrl = runUrl(env);
  const review = pull !== null && (inputs.comment === 'review' || inputs.comment === 'both');
  const plan = posting(ctx) && review ? planInlineComments(report, evaluation.patches, { checkName: inputs.checkName }) : null;
  const notices = [...evaluation.notices];
  if (plan && plan.omitted > 0) {
    notices.push(`Inline review comments went to the ${plan.findings.length} most severe of ${plan.findings.length + plan.omitted} problems on added lines; every problem is listed here.`);
  }
  const context: CommentContext = {
    version: VERSION,
    baseSha: evaluation.mergeBase,
    headSha: commit.headSha,
    configChanged: evaluation.configChanged,
    configPath: inputs.configPath,
    configFound: evaluation.configFound,
    chunking: (report.config as Config).chunking,
    notices,
    failOn: evaluation.failOn,
    ...(summaryUrl ? { summaryUrl } : {}),
    ...links,
    charts: true,
  };
  // One count of what this change breaks, for the outputs and the log, as the comment and the check run say it.
  const counts = problemCounts(report, context);
  setOutputs(report, reportPath, {}, counts);
  if (env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(renderSummary(report, context)).write();
  const check = checkRunOutput(report, context);
  let unannotated: CheckAnnotation[] = check.annotations;
  const sticky = pull !== null && (inputs.comment === 'sticky' || inputs.comment === 'both');
  /** Writes that failed, as sentences for the check run and the job summary. */
  const unposted: string[] = [];
  if (posting(ctx) && (sticky || plan || inputs.check)) {
    await core.group('Posting to GitHub', async () => {
      const base = await writer(ctx);
      const note = (outcome: PublishOutcome) => (outcome.ok ? undefined : unposted.push(notPosted(outcome)));
      if (pull && (sticky || plan)) {
        const newer = await movedOnHead(ctx.octokit, pull);
        if (newer) core.info(supersededNotice(pull, newer));
        else {
          if (sticky) note(await publishComment({ ...base, pull }, renderComment(report, context)));
          if (plan) note(await publishReview({ ...base, pull }, plan));
        }
      }
      if (inputs.check) {
        // The check run says what did not reach the PR, so a reader of the check knows to look here.
        const output = unposted.length > 0 ? checkRunOutput(report, { ...context, notices: [...notices, ...unposted] }) : check;
        const outcome = await publishCheck({ ...base, commit }, decision, output);
        note(outcome);
        unannotated = outcome.undelivered;
      }
    });
  }
  if (unposted.length > 0 && env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(`\n### ⚠️ Not posted to GitHub\n\n${unposted.map((line) => `- ${escapeInline(line)}`).join('\n')}\n`).write();
  if (unannotated.length > 0) annotateWorkflow(unannotated);
  const line = `chunkgate ${counts.headline} (${plural(report.summary.chunks, 'chunk')})`;
  if (decision.exitCode !== 0) core.setFailed(line);
  else core.info(line);
}
