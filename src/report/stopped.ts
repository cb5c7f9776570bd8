import { codeSpan, escapeHtml, excerpt, fenceFor, neutralizeFenced } from './escape.js';

/** What a run that stopped before its verdict reports. */
export interface StoppedContext {
  /** The commit the run was checking. */
  headSha: string;
  /** Why it stopped, as the error said it (may span lines). */
  reason: string;
  version: string;
}

/** Room kept for the reason in the check run's summary (GitHub allows 65,535 characters). */
const REASON_LIMIT = 60_000;

/**
 * The check run's title and summary, and the job summary, for a run that stopped before it
 * reached a verdict (a request GitHub never answered, an unreadable config, …): the check
 * fails, so a required check never passes, or waits, on a commit nothing checked. The reason
 * goes into a fenced block, as written.
 */
export function stoppedCheck(context: StoppedContext): { title: string; summary: string } {
  const reason = excerpt(context.reason.trim() || 'unknown error', REASON_LIMIT);
  const fence = fenceFor(reason);
  return {
    title: 'chunkgate: could not check this commit',
    summary: [
      `❌ **Not checked**: chunkgate stopped before its verdict · head ${codeSpan(context.headSha.slice(0, 7))}`,
      `${fence}\n${neutralizeFenced(reason)}\n${fence}`,
      'The check fails so that nothing merges unchecked; re-run the job once the cause is gone.',
      `<sub>chunkgate ${escapeHtml(context.version)}</sub>`,
    ].join('\n\n'),
  };
}
