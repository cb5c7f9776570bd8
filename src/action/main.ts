import * as core from '@actions/core';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { decide } from '../compare/verdict.js';
import { parseConfig } from '../config/load.js';
import type { Config, FailOn } from '../config/types.js';
import { compareFiles } from '../engine/compare-files.js';
import { externalChunker } from '../sources/external-chunker.js';
import { checkRunOutput } from '../report/check.js';
import { COMMENT_MARKER, renderComment } from '../report/comment.js';
import type { CommentContext } from '../report/context.js';
import { renderHtmlReport } from '../report/html/index.js';
import { renderJson } from '../report/json.js';
import { renderSummary } from '../report/summary.js';
import { semanticFor } from '../sources/llm.js';
import { createOctokit, type GitHubClient } from '../sources/octokit.js';
import type { Report } from '../types.js';
import { VERSION } from '../version.js';
import { pullContextOf, type PullContext } from './event.js';
import { uploadReportArtifact } from './artifact.js';
import { getInputs, type ActionInputs } from './inputs.js';
import { goldenInput, trustedTree } from './base-side.js';
import { collectPairs, fileReader, pullMergeBase } from './pairs.js';
import { annotateWorkflow, publishCheck, publishComment, publishReview, reviewFindings } from './publish.js';

/** What `compute` hands to `publish` beside the report (the `pull.json` of the report folder). */
export interface PullRecord {
  pull: PullContext;
  mergeBase: string;
  configChanged: boolean;
  configPath: string;
  notices: string[];
  failOn: FailOn[];
  /** Unified-diff patch per changed file, for placing review comments. */
  patches: Record<string, string>;
}

/** The action: the only place that turns an error into `core.setFailed` (STYLE §7). */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    const inputs = getInputs();
    const workspace = resolve(env.GITHUB_WORKSPACE ?? process.cwd(), inputs.workingDirectory);
    const reportDir = resolve(workspace, inputs.reportDir);
    if (inputs.mode === 'publish') {
      await publishFromFolder(inputs, env, reportDir);
      return;
    }
    const payload: unknown = env.GITHUB_EVENT_PATH ? JSON.parse(await readFile(env.GITHUB_EVENT_PATH, 'utf8')) : null;
    const pull = pullContextOf(env.GITHUB_EVENT_NAME ?? '', payload, env.GITHUB_REPOSITORY ?? '');
    if (!pull) {
      core.notice(
        `chunkgate compares the Markdown of a pull request with its base; the ${env.GITHUB_EVENT_NAME ?? 'unknown'} event has no pull request, so there is nothing to check.`,
      );
      return;
    }
    const octokit = client(inputs, env);
    const reader = await fileReader(octokit, pull, workspace, [pull.baseSha, pull.headSha]);
    const mergeBase = await pullMergeBase(octokit, pull, workspace, reader);
    core.info(`chunkgate ${VERSION}: PR #${pull.number}, merge base ${mergeBase.slice(0, 7)} → head ${pull.headSha.slice(0, 7)} (files via ${reader.via})`);
    const baseConfigText = await reader.read(mergeBase, inputs.configPath);
    const headConfigText = await reader.read(pull.headSha, inputs.configPath);
    const config = parseConfig(baseConfigText ?? '', baseConfigText === null ? '(defaults)' : inputs.configPath);
    const { pairs, changed } = await collectPairs(octokit, pull, config, reader, mergeBase);
    const failOn = inputs.failOn ?? config.thresholds.failOn;
    const effective = withInputs(config, inputs);
    const semantic = semanticFor(effective, { apiKey: inputs.openaiApiKey, root: workspace });
    const retrieval = await goldenInput(effective, reader, workspace, mergeBase, pull.headSha, inputs.openaiApiKey);
    const trusted = await trustedTree(effective, reader, workspace, mergeBase, env);
    const { report, notices, sources } = await compareFiles(pairs, {
      config: effective,
      failOn,
      ...(semantic ? { semantic } : {}),
      ...(retrieval.input ? { retrieval: retrieval.input } : {}),
      externalChunks: externalChunker(trusted.dir),
    });
    notices.unshift(...retrieval.notices, ...trusted.notices);
    const record: PullRecord = {
      pull,
      mergeBase,
      configChanged: baseConfigText !== headConfigText,
      configPath: inputs.configPath,
      notices,
      failOn,
      patches: Object.fromEntries(changed.flatMap((file) => (file.patch ? [[file.path, file.patch]] : []))),
    };
    await mkdir(reportDir, { recursive: true });
    const reportPath = join(reportDir, 'report.json');
    await writeFile(reportPath, renderJson(report));
    const pullPath = join(reportDir, 'pull.json');
    await writeFile(pullPath, `${JSON.stringify(record, null, 2)}\n`);
    const htmlPath = join(reportDir, 'report.html');
    await writeFile(htmlPath, renderHtmlReport({ report, sources, baseSha: mergeBase, headSha: pull.headSha }));
    // In compute mode the workflow uploads the folder itself (README, fork pattern); a second artifact of the same name would clash.
    const artifact = inputs.mode === 'all' ? await uploadReportArtifact({ files: [reportPath, pullPath, htmlPath], rootDirectory: reportDir, env }) : null;
    const links = artifact ? { artifactName: artifact.name, ...(artifact.url ? { artifactUrl: artifact.url } : {}) } : {};
    await finish(report, record, inputs, env, inputs.mode === 'all' ? octokit : null, reportPath, links);
  } catch (error) {
    core.setFailed(error instanceof Error ? error.message : `chunkgate failed: ${String(error)}`);
  }
}

/** Applies the LLM-related inputs over the config. */
function withInputs(config: Config, inputs: ActionInputs): Config {
  return {
    ...config,
    scoring: { ...config.scoring, scorer: inputs.scorer ?? config.scoring.scorer },
    llm: {
      ...config.llm,
      ...(inputs.model ? { model: inputs.model } : {}),
      ...(inputs.openaiBaseUrl ? { baseURL: inputs.openaiBaseUrl } : {}),
    },
  };
}

function client(inputs: ActionInputs, env: NodeJS.ProcessEnv): GitHubClient {
  // Tests shrink GitHub's one-second retry unit so fault scenarios finish quickly.
  const unit = Number(env.CHUNKGATE_RETRY_UNIT_MS);
  return createOctokit({
    token: inputs.token,
    ...(env.GITHUB_API_URL ? { baseUrl: env.GITHUB_API_URL } : {}),
    ...(Number.isFinite(unit) && unit > 0 ? { retryAfterUnitMs: unit } : {}),
    onNotice: (message) => core.info(message),
  });
}

/** `mode: publish` — posts a report folder written by `mode: compute` (workflow_run pattern). */
async function publishFromFolder(inputs: ActionInputs, env: NodeJS.ProcessEnv, reportDir: string): Promise<void> {
  const reportPath = join(reportDir, 'report.json');
  const report = JSON.parse(await readFile(reportPath, 'utf8')) as Report;
  const record = JSON.parse(await readFile(join(reportDir, 'pull.json'), 'utf8')) as PullRecord;
  const octokit = client(inputs, env);
  // The folder comes from an untrusted run: post only on the PR whose head it claims to have checked.
  const { data } = await octokit.rest.pulls.get({ owner: record.pull.owner, repo: record.pull.repo, pull_number: record.pull.number });
  if (data.head.sha !== record.pull.headSha) {
    throw new Error(
      `report is for ${record.pull.headSha.slice(0, 7)} but PR #${record.pull.number} is at ${data.head.sha.slice(0, 7)}; not publishing a stale or foreign report`,
    );
  }
  await finish(report, record, inputs, env, octokit, reportPath);
}

/** Outputs, job summary, then (with a client) comment, review and check; fails the job on a failing verdict. */
async function finish(
  report: Report,
  record: PullRecord,
  inputs: ActionInputs,
  env: NodeJS.ProcessEnv,
  octokit: GitHubClient | null,
  reportPath: string,
  links: Pick<CommentContext, 'artifactName' | 'artifactUrl'> = {},
): Promise<void> {
  const decision = decide(report.files, record.failOn, {
    partial: report.summary.partial,
    retrievalFailures: report.retrieval?.failures.length ?? 0,
  });
  const runUrl =
    env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID
      ? `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
      : undefined;
  const context: CommentContext = {
    version: VERSION,
    baseSha: record.mergeBase,
    headSha: record.pull.headSha,
    configChanged: record.configChanged,
    configPath: record.configPath,
    chunking: (report.config as Config).chunking,
    notices: record.notices,
    failOn: record.failOn,
    ...(runUrl ? { summaryUrl: runUrl } : {}),
    ...links,
    charts: true,
  };
  setOutputs(report, reportPath);
  if (env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(renderSummary(report, context)).write();
  const check = checkRunOutput(report, context);
  let checkPosted = false;
  if (octokit) {
    if (inputs.comment === 'sticky' || inputs.comment === 'both') {
      await publishComment(octokit, record.pull, renderComment(report, context), COMMENT_MARKER);
    }
    if (inputs.comment === 'review' || inputs.comment === 'both') {
      await publishReview(octokit, record.pull, reviewFindings(report, new Map(Object.entries(record.patches))));
    }
    if (inputs.check) checkPosted = (await publishCheck(octokit, record.pull, inputs.checkName, decision, check)).ok;
  }
  if (!checkPosted) annotateWorkflow(check.annotations);
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
