import { COMMENT_MARKER, COMMENT_TITLE } from './comment.js';
import { codeSpan, escapeHtml } from './escape.js';
import { plural } from './format.js';

/** What the quick answer for a pull request without Markdown changes says. */
export interface NoMarkdownContext {
  /** The head commit it describes. */
  headSha: string;
  /** Files the pull request changes (none of them Markdown). */
  files: number;
  version: string;
}

/** The verdict line: nothing to check, and on which head commit. */
function line(context: NoMarkdownContext): string {
  return `➖ **Nothing to check**: no Markdown file changed (${plural(context.files, 'file')} changed, none \`.md\` or \`.mdx\`) · head ${codeSpan(context.headSha.slice(0, 7))}`;
}

/**
 * The sticky comment for a pull request that changes no Markdown file (marker, title, verdict
 * line naming the head commit, version). Only ever replaces an earlier comment, so a PR whose
 * Markdown changes were reverted no longer shows their verdict.
 */
export function renderNoMarkdownComment(context: NoMarkdownContext): string {
  return `${COMMENT_MARKER}\n${[COMMENT_TITLE, line(context), `<sub>chunkgate ${escapeHtml(context.version)}</sub>`].join('\n\n')}\n`;
}

/** The check run's title and summary for the same answer. */
export function noMarkdownCheck(context: NoMarkdownContext): { title: string; summary: string } {
  return {
    title: 'chunkgate: no Markdown changed',
    summary: `${line(context)}\n\nchunkgate checks \`.md\` and \`.mdx\` files; this pull request changes none, so it passes without scoring anything.`,
  };
}
