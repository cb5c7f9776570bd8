import * as core from '@actions/core';
import type { Decision } from '../compare/verdict.js';
import { stoppedCheck } from '../report/stopped.js';
import { VERSION } from '../version.js';
import { publishCheck, type CheckTarget } from './publish.js';
import { posting, writer, type RunContext } from './run-context.js';

const STOPPED: Decision = { verdict: 'fail', conclusion: 'failure', exitCode: 1 };

/**
 * For a run that stopped before its verdict: the reason goes to the job summary and, when the
 * run posts a check, into a failing check run on the commit it was checking — so a required
 * check fails with a sentence instead of waiting for a check that never comes. Writes that
 * fail too only warn (the job fails with the reason either way).
 */
export async function reportStopped(ctx: RunContext, commit: CheckTarget, error: unknown): Promise<void> {
  const reason = error instanceof Error ? error.message : String(error);
  const check = stoppedCheck({ headSha: commit.headSha, reason, version: VERSION });
  if (ctx.env.GITHUB_STEP_SUMMARY) {
    await core.summary
      .addRaw(`## 🧩 chunkgate\n\n${check.summary}\n`)
      .write()
      .catch((summaryError: unknown) => core.warning(`chunkgate could not write the job summary: ${summaryError instanceof Error ? summaryError.message : String(summaryError)}`));
  }
  if (!posting(ctx) || !ctx.inputs.check) return;
  await core.group('Posting the failure to GitHub', async () => {
    await publishCheck({ ...(await writer(ctx)), commit }, STOPPED, { ...check, annotations: [] });
  });
}
