import { randomUUID } from 'node:crypto';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import * as core from '@actions/core';
import { decide } from '../compare/verdict.js';
import type { Config } from '../config/types.js';
import { checkRunOutput } from '../report/check.js';
import { renderComment } from '../report/comment.js';
import type { CommentContext } from '../report/context.js';
import { plural } from '../report/format.js';
import { renderHtmlReport } from '../report/html/index.js';
import { renderJson } from '../report/json.js';
import { renderSummary } from '../report/summary.js';
import type { CheckAnnotation } from '../sources/check-run.js';
import { GITHUB_ACTIONS_BOT, tokenIdentity } from '../sources/github-identity.js';
import { createOctokit, requestStats, type GitHubClient } from '../sources/octokit.js';
import type { Report } from '../types.js';
import { VERSION } from '../version.js';
import { annotateWorkflow } from './annotations.js';
import { uploadReportArtifact } from './artifact.js';
import { evaluatePull, type PullEvaluation } from './evaluate.js';
import type { PullContext } from './event.js';
import { getInputs, type ActionInputs } from './inputs.js';
import { publishCheck, publishComment, publishReview, type PublishContext } from './publish.js';
import { planInlineComments } from './review-findings.js';
import { resolveTarget } from './target.js';

/** The action: the only place that turns an error into `core.setFailed` (STYLE §7). */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let octokit: GitHubClient | null = null;
  try {
    const inputs = getInputs();
    const workspace = resolve(env.GITHUB_WORKSPACE ?? process.cwd(), inputs.workingDirectory);
    const reportDir = resolve(workspace, inputs.reportDir);
    octokit = client(inputs, env);
    const payload: unknown = env.GITHUB_EVENT_PATH ? JSON.parse(await readFile(env.GITHUB_EVENT_PATH, 'utf8')) : null;
    const api = octokit;
    const target = await resolveTarget(env.GITHUB_EVENT_NAME ?? '', payload, { octokit: api, repository: env.GITHUB_REPOSITORY ?? '' });
    if (target.kind === 'none') {
      core.notice(target.reason);
      return;
    }
    const { pull } = target;
    core.info(`Pull request from ${target.via}`);
    if (inputs.mode === 'publish') await noteUnreadFolder(reportDir);
    const evaluation = await core.group(`Scoring the Markdown of PR #${pull.number}`, () => evaluatePull(api, pull, inputs, workspace, env));
    await mkdir(reportDir, { recursive: true });
    const reportPath = join(reportDir, 'report.json');
    await writeFile(reportPath, renderJson(evaluation.report));
    const htmlPath = join(reportDir, 'report.html');
    await writeFile(htmlPath, renderHtmlReport({ report: evaluation.report, sources: evaluation.sources, baseSha: evaluation.mergeBase, headSha: pull.headSha }));
    const posting = inputs.mode !== 'compute';
    // In compute mode the workflow uploads the folder itself, if it wants it; a second artifact of the same name would clash.
    const artifact = posting ? await uploadReportArtifact({ files: [reportPath, htmlPath], rootDirectory: reportDir, env }) : null;
    const links = artifact ? { artifactName: artifact.name, ...(artifact.url ? { artifactUrl: artifact.url } : {}) } : {};
    await finish(evaluation, pull, inputs, env, posting ? api : null, reportPath, links);
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

/** Outputs, job summary, then (with a client) comment, review and check; fails the job on a failing verdict. */
async function finish(
  evaluation: PullEvaluation,
  pull: PullContext,
  inputs: ActionInputs,
  env: NodeJS.ProcessEnv,
  octokit: GitHubClient | null,
  reportPath: string,
  links: Pick<CommentContext, 'artifactName' | 'artifactUrl'>,
): Promise<void> {
  const { report } = evaluation;
  const decision = decide(report.files, evaluation.failOn, {
    partial: report.summary.partial,
    retrievalFailures: report.retrieval?.failures.length ?? 0,
  });
  const runUrl =
    env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID
      ? `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
      : undefined;
  const review = inputs.comment === 'review' || inputs.comment === 'both';
  const plan = octokit && review ? planInlineComments(report, evaluation.patches, { checkName: inputs.checkName }) : null;
  const notices = [...evaluation.notices];
  if (plan && plan.omitted > 0) {
    notices.push(`Inline review comments went to the ${plan.findings.length} most severe of ${plan.findings.length + plan.omitted} regressed chunks on added lines; every regressed chunk is listed here.`);
  }
  const context: CommentContext = {
    version: VERSION,
    baseSha: evaluation.mergeBase,
    headSha: pull.headSha,
    configChanged: evaluation.configChanged,
    configPath: inputs.configPath,
    configFound: evaluation.configFound,
    chunking: (report.config as Config).chunking,
    notices,
    failOn: evaluation.failOn,
    ...(runUrl ? { summaryUrl: runUrl } : {}),
    ...links,
    charts: true,
  };
  setOutputs(report, reportPath);
  if (env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(renderSummary(report, context)).write();
  const check = checkRunOutput(report, context);
  let unannotated: CheckAnnotation[] = check.annotations;
  const sticky = inputs.comment === 'sticky' || inputs.comment === 'both';
  if (octokit && (sticky || plan || inputs.check)) {
    const api = octokit;
    await core.group('Posting to GitHub', async () => {
      const identity = await tokenIdentity(api, (why) => core.info(`Could not look up the token's identity (${why}); assuming ${GITHUB_ACTIONS_BOT}`));
      core.info(`Writing as ${identity.login}`);
      const publish: PublishContext = { octokit: api, pull, identity, checkName: inputs.checkName, nonce: randomUUID(), settleMs: unitMs(env) };
      if (sticky) await publishComment(publish, renderComment(report, context));
      if (plan) await publishReview(publish, plan);
      if (inputs.check) unannotated = (await publishCheck(publish, decision, check)).undelivered;
    });
  }
  if (unannotated.length > 0) annotateWorkflow(unannotated);
  const { summary } = report;
  const { gating } = summary;
  const line = `${summary.files} files, ${summary.chunks} chunks; gating: ${gating.failures} threshold failures, ${gating.regressions} regressed chunks, ${gating.findings} section findings`;
  if (decision.exitCode !== 0) core.setFailed(`chunkgate: fails — ${line}`);
  else core.info(`chunkgate: passes — ${line}`);
}

function setOutputs(report: Report, reportPath: string): void {
  const heads = report.files.flatMap((file) => (file.head ? [file.head] : []));
  const average = (pick: (scores: { structural: number; content: number; overall: number }) => number) =>
    heads.length === 0 ? '' : (heads.reduce((sum, head) => sum + pick(head.scores), 0) / heads.length).toFixed(1);
  core.setOutput('structural', average((s) => s.structural));
  core.setOutput('content', average((s) => s.content));
  core.setOutput('overall', average((s) => s.overall));
  core.setOutput('regressions', report.summary.regressions);
  core.setOutput('failures', report.summary.failures);
  core.setOutput('verdict', report.summary.verdict);
  core.setOutput('report', reportPath);
}
