import { createHash } from 'node:crypto';
import * as core from '@actions/core';
import { explainRegression } from '../report/explain.js';
import type { Decision } from '../compare/verdict.js';
import type { CheckAnnotation } from '../sources/github.js';
import { createCheckRun, postReview, upsertStickyComment, type ReviewFinding } from '../sources/github.js';
import { changedLinesFromPatch } from '../sources/patch-lines.js';
import type { GitHubClient } from '../sources/octokit.js';
import type { Report } from '../types.js';
import type { PullContext } from './event.js';

/** What one publish step did, for the log and the tests. */
export interface PublishOutcome {
  step: 'comment' | 'review' | 'check';
  ok: boolean;
  detail: string;
}

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'status' in error ? Number((error as { status: unknown }).status) : undefined;
}

/**
 * Runs one write to GitHub; a failure becomes a warning and never stops the run: a fork
 * PR's read-only token answers 403, and the job summary and exit code must still happen.
 */
async function attempt(step: PublishOutcome['step'], write: () => Promise<string>): Promise<PublishOutcome> {
  try {
    return { step, ok: true, detail: await write() };
  } catch (error) {
    const status = statusOf(error);
    const why =
      status === 403
        ? 'the token cannot write here (a fork PR gets a read-only token; see the workflow_run pattern in the README)'
        : error instanceof Error
          ? error.message
          : String(error);
    core.warning(`chunkgate could not post the ${step}: ${why}`);
    return { step, ok: false, detail: why };
  }
}

/** Posts or updates the sticky comment. */
export function publishComment(octokit: GitHubClient, pull: PullContext, body: string, marker: string): Promise<PublishOutcome> {
  return attempt('comment', async () => {
    const result = await upsertStickyComment(octokit, { owner: pull.owner, repo: pull.repo, issue_number: pull.number, body, marker });
    return `${result.action} comment ${result.id}`;
  });
}

/**
 * Review findings: one inline comment per regressed chunk, on the first line of the
 * chunk that lies inside the PR's diff, for gating regressions only. Chunks with no line in the diff get none (the
 * sticky comment lists them).
 */
export function reviewFindings(report: Report, patches: ReadonlyMap<string, string>): ReviewFinding[] {
  const findings: ReviewFinding[] = [];
  for (const file of report.files) {
    const patch = patches.get(file.path);
    if (!patch || file.regressions.length === 0) continue;
    const lines = changedLinesFromPatch(patch);
    for (const regression of file.regressions) {
      // Inline comments are for what this PR breaks: pre-existing problems and score drops on metrics alone stay in the comment.
      if (!regression.gating) continue;
      const { head } = regression;
      let line: number | undefined;
      for (let candidate = head.startLine; candidate <= head.endLine; candidate++) {
        if (lines.has(candidate)) {
          line = candidate;
          break;
        }
      }
      if (line === undefined) continue;
      const explanation = explainRegression(regression);
      // Identity of the finding: the chunk (its text) and the cause, not the scores, so a re-run
      // with the same chunk does not post it again.
      const identity = createHash('sha256').update(`${file.path}\n${head.id}\n${explanation.cause}`).digest('hex').slice(0, 16);
      const where = head.headingPath.length > 0 ? head.headingPath.join(' › ') : 'this chunk';
      const scores = regression.base ? `overall ${Math.round(regression.base.score)} → ${Math.round(head.score)}` : `overall ${Math.round(head.score)} (new chunk)`;
      findings.push({
        path: file.path,
        line,
        body: `**chunkgate** · ${where} (L${head.startLine}–L${head.endLine}) · ${scores}\n\n\`${explanation.cause}\`: ${explanation.reason}\n\n**What to do:** ${explanation.hint}\n\n<!-- chunkgate:finding:${identity} -->`,
      });
    }
  }
  return findings;
}

/** Posts the review findings not posted before, as one review. */
export function publishReview(octokit: GitHubClient, pull: PullContext, findings: ReviewFinding[]): Promise<PublishOutcome> {
  return attempt('review', async () => {
    if (findings.length === 0) return 'no regressed chunk touches a changed line';
    const result = await postReview(octokit, {
      owner: pull.owner,
      repo: pull.repo,
      pull_number: pull.number,
      commit_id: pull.headSha,
      comments: findings,
      body: `chunkgate: ${findings.length} regressed chunk${findings.length === 1 ? '' : 's'} on changed lines. The sticky comment has the full list.`,
    });
    return result ? `posted ${result.posted}, skipped ${result.skipped} already posted` : 'every finding was already posted';
  });
}

/** Creates the check run with its conclusion and annotations (in batches of 50). */
export function publishCheck(
  octokit: GitHubClient,
  pull: PullContext,
  name: string,
  decision: Decision,
  output: { title: string; summary: string; text?: string; annotations: CheckAnnotation[] },
): Promise<PublishOutcome> {
  return attempt('check', async () => {
    const { annotations, ...rest } = output;
    const result = await createCheckRun(octokit, {
      owner: pull.owner,
      repo: pull.repo,
      head_sha: pull.headSha,
      name,
      conclusion: decision.conclusion,
      output: rest,
      annotations,
    });
    return `check run ${result.id} (${decision.conclusion}, ${annotations.length} annotations)`;
  });
}

/** Emits annotations as workflow commands: they show on the PR even without write access. */
export function annotateWorkflow(annotations: readonly CheckAnnotation[]): void {
  for (const annotation of annotations) {
    const properties = { file: annotation.path, startLine: annotation.start_line, endLine: annotation.end_line, ...(annotation.title ? { title: annotation.title } : {}) };
    if (annotation.annotation_level === 'failure') core.error(annotation.message, properties);
    else if (annotation.annotation_level === 'warning') core.warning(annotation.message, properties);
    else core.notice(annotation.message, properties);
  }
}
