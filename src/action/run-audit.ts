import * as core from '@actions/core';
import { gatingItems } from '../compare/baseline.js';
import { decideAudit } from '../compare/verdict.js';
import { auditCheckOutput, renderAuditSummary, type AuditView } from '../report/audit.js';
import { plural } from '../report/format.js';
import { VERSION } from '../version.js';
import { againstBaseline, evaluateAudit, readBaseline } from './audit.js';
import type { AuditContext } from './event.js';
import { publishCheck } from './publish.js';
import { posting, setOutputs, writeReport, writer, type RunContext } from './run-context.js';

/**
 * A whole-repository audit (`push`, `schedule`, `workflow_dispatch`): every included Markdown
 * file at the commit, the report folder (JSON and HTML chunk map), the job summary — where the
 * docs stand and the worst chunks — and a check run on the commit. With `baseline-report`, the
 * run fails when gating findings are new since that earlier report (read before this run's
 * report is written, so both may share one path); without it, the audit only reports.
 */
export async function runAudit(ctx: RunContext, audit: AuditContext): Promise<void> {
  const { inputs, env } = ctx;
  const baselineFile = inputs.baselineReport ? await readBaseline(ctx.workspace, inputs.baselineReport) : null;
  const evaluation = await core.group(`Auditing the Markdown at ${audit.sha.slice(0, 7)}`, () => evaluateAudit(audit, inputs, ctx.workspace, env));
  const { report } = evaluation;
  const { reportPath, links } = await writeReport(ctx, report, { sources: evaluation.sources, headSha: audit.sha, title: `chunkgate audit · ${audit.sha.slice(0, 7)}` });
  const gating = gatingItems(report, evaluation.failOn);
  const baseline = againstBaseline(baselineFile, report, gating, evaluation.failOn);
  const decision = decideAudit(
    gating.length,
    baseline === null || baseline.status === 'missing' ? null : baseline.status === 'invalid' ? 'invalid' : { added: baseline.delta.added.length },
  );
  const view: AuditView = {
    report,
    gating,
    baseline,
    decision,
    commit: { sha: audit.sha, ref: audit.ref, event: audit.event },
    chunking: evaluation.config.chunking,
    version: VERSION,
    notices: evaluation.notices,
    configPath: inputs.configPath,
    configFound: evaluation.configFound,
    ...links,
  };
  setOutputs(report, reportPath, { verdict: decision.verdict, ...(baseline?.status === 'compared' ? { newFindings: baseline.delta.added.length } : {}) });
  if (env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(renderAuditSummary(view)).write();
  if (posting(ctx) && inputs.check) {
    await core.group('Posting to GitHub', async () => {
      await publishCheck({ ...(await writer(ctx)), commit: { owner: audit.owner, repo: audit.repo, headSha: audit.sha } }, decision, auditCheckOutput(view));
    });
  }
  const line = `${report.summary.files} files, ${report.summary.chunks} chunks, ${plural(gating.length, 'gating finding')}`;
  if (baseline?.status === 'invalid') core.setFailed(`chunkgate audit: ${baseline.error}`);
  else if (decision.exitCode !== 0) core.setFailed(`chunkgate audit fails — ${line}, ${baseline?.status === 'compared' ? baseline.delta.added.length : 0} new since the baseline`);
  else core.info(`chunkgate audit: ${decision.conclusion} — ${line}`);
}
