import { COMMENT_MARKER } from '../report/comment.js';

/** The check name chunkgate uses when the `check-name` input is not set. */
const DEFAULT_CHECK_NAME = 'chunkgate';

/**
 * The sticky comment's hidden marker for one check name: `<!-- chunkgate:<name> -->`, the name
 * URI-encoded so it cannot end the HTML comment. Two chunkgate jobs with different check names
 * on one PR keep two comments (like a sticky-comment action's `header`).
 */
export function stickyMarker(checkName: string): string {
  return `<!-- chunkgate:${encodeURIComponent(checkName)} -->`;
}

/** Markers of earlier versions that still count as the comment: the bare one, for the default check name. */
export function legacyMarkers(checkName: string): string[] {
  return checkName === DEFAULT_CHECK_NAME ? [COMMENT_MARKER] : [];
}

/** A rendered comment (first line {@link COMMENT_MARKER}) with `marker` on its first line instead. */
export function withMarker(body: string, marker: string): string {
  return body.startsWith(`${COMMENT_MARKER}\n`) ? `${marker}\n${body.slice(COMMENT_MARKER.length + 1)}` : `${marker}\n${body}`;
}
