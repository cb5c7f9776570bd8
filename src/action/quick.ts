import * as core from '@actions/core';
import type { Decision } from '../compare/verdict.js';
import { noMarkdownCheck, renderNoMarkdownComment, type NoMarkdownContext } from '../report/no-markdown.js';
import { VERSION } from '../version.js';
import type { PullContext } from './event.js';
import { publishCheck, publishComment } from './publish.js';
import { posting, writer, type RunContext } from './run-context.js';
import { movedOnHead, supersededNotice } from './superseded.js';

const PASS: Decision = { verdict: 'pass', conclusion: 'success', exitCode: 0 };

/**
 * The answer for a pull request that changes no Markdown file, within seconds: no git fetch, no
 * config read, no scoring. A required check still reports — a successful check run, "no Markdown
 * changed" — so a workflow can run on every PR (no `paths:` filter, which would leave the check
 * pending forever). The outputs say `pass`, and no report folder is written. An earlier sticky
 * comment (from a head that did change Markdown) is updated to say so; none is created.
 */
export async function reportNoMarkdown(ctx: RunContext, pull: PullContext, files: number): Promise<void> {
  const { inputs } = ctx;
  const context: NoMarkdownContext = { headSha: pull.headSha, files, version: VERSION };
  core.info(`PR #${pull.number} changes ${files} files, no Markdown: nothing to check`);
  for (const [name, value] of Object.entries({ structural: '', content: '', overall: '', regressions: 0, failures: 0, verdict: 'pass', report: '', 'new-findings': '', problems: 0, headline: 'nothing to check: no changed Markdown files' })) {
    core.setOutput(name, value);
  }
  const check = noMarkdownCheck(context);
  if (ctx.env.GITHUB_STEP_SUMMARY) await core.summary.addRaw(`## 🧩 chunkgate\n\n${check.summary}\n`).write();
  const sticky = inputs.comment === 'sticky' || inputs.comment === 'both';
  if (!posting(ctx) || !(sticky || inputs.check)) return;
  await core.group('Posting to GitHub', async () => {
    const base = await writer(ctx);
    if (sticky) {
      const newer = await movedOnHead(ctx.octokit, pull);
      if (newer) core.info(supersededNotice(pull, newer));
      else await publishComment({ ...base, pull }, renderNoMarkdownComment(context), { create: false });
    }
    if (inputs.check) await publishCheck({ ...base, commit: pull }, PASS, { ...check, annotations: [] });
  });
}
