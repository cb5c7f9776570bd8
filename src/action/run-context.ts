import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as core from '@actions/core';
import type { CommentContext } from '../report/context.js';
import type { problemCounts } from '../report/headline.js';
import { renderHtmlReport, type HtmlReportInput } from '../report/html/index.js';
import { renderJson } from '../report/json.js';
import { GITHUB_ACTIONS_BOT, tokenIdentity } from '../sources/github-identity.js';
import type { GitHubClient } from '../sources/octokit.js';
import type { Report, Verdict } from '../types.js';
import { uploadReportArtifact } from './artifact.js';
import type { ActionInputs } from './inputs.js';
import type { PublishContext } from './publish.js';

/** What every kind of run (pull request, merge group, audit) shares. */
export interface RunContext {
  inputs: ActionInputs;
  env: NodeJS.ProcessEnv;
  /** The checkout (`working-directory` under `GITHUB_WORKSPACE`). */
  workspace: string;
  /** Absolute `report-dir`. */
  reportDir: string;
  octokit: GitHubClient;
  /** Milliseconds to let GitHub's lists catch up before looking for a write with a lost answer. */
  settleMs: number;
}

/** True when this run writes to GitHub (`mode` is not `compute`). */
export function posting(ctx: RunContext): boolean {
  return ctx.inputs.mode !== 'compute';
}

/** This run's page (`<server>/<repo>/actions/runs/<id>`), where the job summary is, when the runner says. */
export function runUrl(env: NodeJS.ProcessEnv): string | undefined {
  return env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID
    ? `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
    : undefined;
}

/**
 * Writes `report.json` and `report.html` to the report folder and, when the run posts, uploads
 * both as the report artifact (in compute mode the workflow uploads the folder itself: a second
 * artifact of the same name would clash). Returns the JSON's path and the artifact's links.
 */
export async function writeReport(
  ctx: RunContext,
  report: Report,
  html: Omit<HtmlReportInput, 'report'>,
): Promise<{ reportPath: string; links: Pick<CommentContext, 'artifactName' | 'artifactUrl'> }> {
  await mkdir(ctx.reportDir, { recursive: true });
  const reportPath = join(ctx.reportDir, 'report.json');
  await writeFile(reportPath, renderJson(report));
  const htmlPath = join(ctx.reportDir, 'report.html');
  await writeFile(htmlPath, renderHtmlReport({ report, ...html }));
  const artifact = posting(ctx) ? await uploadReportArtifact({ files: [reportPath, htmlPath], rootDirectory: ctx.reportDir, env: ctx.env }) : null;
  return { reportPath, links: artifact ? { artifactName: artifact.name, ...(artifact.url ? { artifactUrl: artifact.url } : {}) } : {} };
}

/**
 * The writer side of a publish context: who the token is (only its own comments and check runs
 * are adopted) and this run's nonce. The pull request or commit is added by the caller.
 */
export async function writer(ctx: RunContext): Promise<Omit<PublishContext, 'pull'>> {
  const identity = await tokenIdentity(ctx.octokit, (why) => core.info(`Could not look up the token's identity (${why}); assuming ${GITHUB_ACTIONS_BOT}`));
  core.info(`Writing as ${identity.login}`);
  return { octokit: ctx.octokit, identity, checkName: ctx.inputs.checkName, nonce: randomUUID(), settleMs: ctx.settleMs };
}

/**
 * The action's outputs for a scored report. An audit passes its own `verdict` (default: the
 * report's) and `newFindings`, its gating findings new since the baseline (default: empty). A
 * pull request or merge group passes `counts` ({@link problemCounts}): what the change breaks,
 * counted as the comment, the check run, the log and the job summary count it (`problems`,
 * `headline`; empty otherwise).
 */
export function setOutputs(
  report: Report,
  reportPath: string,
  audit: { verdict?: Verdict; newFindings?: number } = {},
  counts: ReturnType<typeof problemCounts> | null = null,
): void {
  const heads = report.files.flatMap((file) => (file.head ? [file.head] : []));
  const average = (pick: (scores: { structural: number; content: number; overall: number }) => number) =>
    heads.length === 0 ? '' : (heads.reduce((sum, head) => sum + pick(head.scores), 0) / heads.length).toFixed(1);
  core.setOutput('structural', average((s) => s.structural));
  core.setOutput('content', average((s) => s.content));
  core.setOutput('overall', average((s) => s.overall));
  core.setOutput('regressions', report.summary.regressions);
  core.setOutput('failures', report.summary.failures);
  core.setOutput('verdict', audit.verdict ?? report.summary.verdict);
  core.setOutput('report', reportPath);
  core.setOutput('new-findings', audit.newFindings ?? '');
  core.setOutput('problems', counts?.problems ?? '');
  core.setOutput('headline', counts?.headline ?? '');
}
