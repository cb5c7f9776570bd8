import { createOnce } from './create-once.js';
import { isOwnLogin, type TokenIdentity } from './github-identity.js';
import type { GitHubClient } from './octokit.js';

/** What {@link upsertStickyComment} writes, and where. */
export interface StickyComment {
  owner: string;
  repo: string;
  issue_number: number;
  body: string;
  /** Hidden marker that names the owner, e.g. `<!-- chunkgate:docs-quality -->`; the body's first line. */
  marker: string;
  /** Older markers still adopted (and rewritten), e.g. before the check name was part of the marker (default: none). */
  legacyMarkers?: string[];
  /** The token's identity: only its own comments are adopted, updated or removed. */
  identity: TokenIdentity;
  /** See `createOnce` (default: `1000`). */
  settleMs?: number;
  onNotice?: (message: string) => void;
}

/** What happened to the sticky comment. */
export interface StickyResult {
  id: number;
  /** The comment's page on GitHub. */
  url?: string;
  action: 'created' | 'updated' | 'unchanged';
  /** Duplicates of the marker (from lost answers or concurrent runs) deleted by this call. */
  removed: number;
}

interface Listed {
  id: number;
  body?: string | null;
  html_url?: string;
  created_at?: string;
  user?: { login?: string } | null;
}

function firstLine(body: string | null | undefined): string {
  return (body ?? '').split('\n', 1)[0]!.trim();
}

function hasStatus(error: unknown, status: number): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === status;
}

/** The comment exactly as it will be written: the marker first. */
function bodyOf(comment: StickyComment): string {
  return firstLine(comment.body) === comment.marker ? comment.body : `${comment.marker}\n${comment.body}`;
}

/** Our comments of the marker (the token's own, marker on the whole first line), oldest first. */
async function listOurs(octokit: GitHubClient, comment: StickyComment): Promise<Listed[]> {
  const { owner, repo, issue_number, identity } = comment;
  const markers = [comment.marker, ...(comment.legacyMarkers ?? [])];
  const all = (await octokit.paginate(octokit.rest.issues.listComments, { owner, repo, issue_number, per_page: 100 })) as Listed[];
  return all
    .filter((c) => isOwnLogin(identity, c.user?.login) && markers.includes(firstLine(c.body)))
    .sort((a, b) => (a.created_at ?? '').localeCompare(b.created_at ?? '') || a.id - b.id);
}

/**
 * Creates or updates the one PR comment of `marker`, written by `identity`.
 *
 * Ours = written by the token's identity and with the marker as its whole first line (a
 * contributor's comment with the marker, or a quote of it further down, is never adopted).
 * With none, the comment is created once (`createOnce`: a lost answer is looked for, not
 * re-posted), then the list is read again: a concurrent run may have created one too. Of
 * several, the oldest is kept and updated and the others are deleted, so every run converges
 * on one comment. An identical body is left alone. The marker is prepended when missing.
 */
export async function upsertStickyComment(octokit: GitHubClient, comment: StickyComment): Promise<StickyResult> {
  const { owner, repo, issue_number } = comment;
  let ours = await listOurs(octokit, comment);
  if (ours.length > 0) return converge(octokit, comment, ours, 'updated');
  const created = await createOnce<Listed>({
    what: 'the sticky comment',
    create: async () => (await octokit.rest.issues.createComment({ owner, repo, issue_number, body: bodyOf(comment) })).data,
    find: async () => (await listOurs(octokit, comment))[0] ?? null,
    ...(comment.settleMs !== undefined ? { settleMs: comment.settleMs } : {}),
    ...(comment.onNotice ? { onNotice: comment.onNotice } : {}),
  });
  // A run started at the same moment may have created its own: look again and keep the oldest.
  ours = await listOurs(octokit, comment);
  if (!ours.some((c) => c.id === created.id)) ours.push(created);
  return converge(octokit, comment, ours, 'created');
}

/**
 * Updates the comment of `marker` like {@link upsertStickyComment} when one exists, and creates
 * none: `null` when there is none. For runs with nothing to report, which must not leave an
 * older verdict standing but need not start a conversation either.
 */
export async function updateStickyComment(octokit: GitHubClient, comment: StickyComment): Promise<StickyResult | null> {
  const ours = await listOurs(octokit, comment);
  return ours.length > 0 ? converge(octokit, comment, ours, 'updated') : null;
}

/** Keeps the oldest of `ours` with the comment's body, deleting the others (a 404: another run deleted it first). */
async function converge(octokit: GitHubClient, comment: StickyComment, ours: Listed[], action: 'created' | 'updated'): Promise<StickyResult> {
  const { owner, repo } = comment;
  const body = bodyOf(comment);
  const [keep, ...duplicates] = ours as [Listed, ...Listed[]];
  let removed = 0;
  for (const duplicate of duplicates) {
    try {
      await octokit.rest.issues.deleteComment({ owner, repo, comment_id: duplicate.id });
      removed += 1;
    } catch (error) {
      if (!hasStatus(error, 404)) throw error;
    }
  }
  if (keep.body === body) {
    return { id: keep.id, ...(keep.html_url ? { url: keep.html_url } : {}), action: action === 'created' ? 'created' : 'unchanged', removed };
  }
  const { data } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: keep.id, body });
  return { id: keep.id, ...(data.html_url ? { url: data.html_url } : {}), action, removed };
}
