import type { CommentContext } from '../context.js';
import { escapeHtml } from '../escape.js';

/** A link target with whitespace, parentheses and angle brackets percent-encoded, so `[text](url)` cannot break. */
function linkTarget(url: string): string {
  return url.replace(/[\s()<>]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/**
 * The Markdown line pointing at the uploaded HTML report, for the comment and the job summary:
 * `🗺️ [HTML chunk map](url): every chunk of every changed file, base | head · artifact
 * <code>name</code>`; `null` when no artifact URL is known.
 */
export function chunkMapLine(context: Pick<CommentContext, 'artifactUrl' | 'artifactName'>): string | null {
  if (!context.artifactUrl) return null;
  const name = context.artifactName ? ` · artifact <code>${escapeHtml(context.artifactName)}</code>` : '';
  return `🗺️ [HTML chunk map](${linkTarget(context.artifactUrl)}): every chunk of every changed file, base | head${name}`;
}
