import * as core from '@actions/core';
import { getPull } from '../sources/github.js';
import type { GitHubClient } from '../sources/octokit.js';
import type { PullContext } from './event.js';

/**
 * The pull request's head now, when it has moved on from the commit this run describes (a push
 * while the run worked), else `null`. Asked right before the comment is written: a run whose
 * head moved on must not write its older verdict over the newer run's comment. Its check run
 * stays on its own commit, where it belongs. When GitHub cannot say, `null`: the run posts.
 */
export async function movedOnHead(octokit: GitHubClient, pull: PullContext): Promise<string | null> {
  try {
    const now = await getPull(octokit, { owner: pull.owner, repo: pull.repo, pull_number: pull.number });
    return now.headSha !== pull.headSha ? now.headSha : null;
  } catch (error) {
    core.info(`Could not read the current head of PR #${pull.number} (${error instanceof Error ? error.message : String(error)}); posting for ${pull.headSha.slice(0, 7)}`);
    return null;
  }
}

/** The log line for a run whose pull request moved on to `newer`. */
export function supersededNotice(pull: PullContext, newer: string): string {
  return (
    `PR #${pull.number} moved on to ${newer.slice(0, 7)} while this run checked ${pull.headSha.slice(0, 7)}: ` +
    `the comment and review are left to the run for ${newer.slice(0, 7)}; the check run stays on ${pull.headSha.slice(0, 7)}.`
  );
}
