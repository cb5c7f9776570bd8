import { createOnce } from './create-once.js';
import { fingerprintIn, findingFingerprint, withFingerprint } from './fingerprint.js';
import { duplicateComments, type OwnReviewComment } from './review-dedupe.js';
import { isOwnLogin, type TokenIdentity } from './github-identity.js';
import type { GitHubClient } from './octokit.js';

/** One inline finding for {@link postReview}: head-side lines, which must be inside the diff. */
export interface ReviewFinding {
  path: string;
  /** Last (or only) head-side line. */
  line: number;
  /** First line of a multi-line comment. */
  start_line?: number;
  body: string;
}

/** The review {@link postReview} posts. */
export interface ReviewRequest {
  owner: string;
  repo: string;
  pull_number: number;
  commit_id: string;
  comments: ReviewFinding[];
  /** Review body; a hidden `<!-- chunkgate:review:<nonce> -->` line is appended to find it again. */
  body: string;
  /** Unique per run (e.g. a random UUID): tells this run's review from earlier ones after a lost answer. */
  nonce: string;
  /** Only this identity's review comments count as already posted. */
  identity: TokenIdentity;
  /** See `createOnce` (default: `1000`). */
  settleMs?: number;
  onNotice?: (message: string) => void;
}

/** What {@link postReview} did. */
export interface ReviewResult {
  posted: number;
  skipped: number;
  /** The review's page on GitHub. */
  url?: string;
  /** Set when a run posting at the same time won: its review holds these findings, and this one's comments were removed. */
  duplicateOf?: { id: number; url?: string };
}

interface ListedReview {
  id: number;
  body?: string | null;
  html_url?: string;
  user?: { login?: string } | null;
}

/** The token's own review comments that carry a finding fingerprint (all pages). */
async function listOwnComments(octokit: GitHubClient, review: ReviewRequest): Promise<OwnReviewComment[]> {
  const { owner, repo, pull_number, identity } = review;
  const all = await octokit.paginate(octokit.rest.pulls.listReviewComments, { owner, repo, pull_number, per_page: 100 });
  const own: OwnReviewComment[] = [];
  for (const comment of all) {
    const fingerprint = isOwnLogin(identity, comment.user?.login) ? fingerprintIn(comment.body) : null;
    if (fingerprint !== null) own.push({ id: comment.id, fingerprint, reviewId: comment.pull_request_review_id ?? null });
  }
  return own;
}

function hasStatus(error: unknown, status: number): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === status;
}

/** The body of a review whose comments went because another review shows the same findings. */
function duplicateBody(winner: ListedReview): string {
  const link = winner.html_url ? `[review #${winner.id}](${winner.html_url})` : `review #${winner.id}`;
  return `chunkgate: another run posted the same inline comments at the same time, in ${link}; this review's copies were removed.`;
}

/**
 * Deletes the duplicates among `own` (see `duplicateComments`; a 404 means another run deleted
 * it first) and points each review left without comments to the one that keeps them. Returns
 * the emptied reviews, keyed by id, with the review each now points to.
 */
async function removeDuplicates(octokit: GitHubClient, review: ReviewRequest, own: readonly OwnReviewComment[]): Promise<Map<number, ListedReview>> {
  const { owner, repo, pull_number, identity } = review;
  const plan = duplicateComments(own);
  for (const comment of plan.remove) {
    try {
      await octokit.rest.pulls.deleteReviewComment({ owner, repo, comment_id: comment.id });
    } catch (error) {
      if (!hasStatus(error, 404)) throw error;
    }
  }
  if (plan.remove.length > 0) review.onNotice?.(`removed ${plan.remove.length} inline ${plan.remove.length === 1 ? 'comment' : 'comments'} that another run had posted too`);
  const pointed = new Map<number, ListedReview>();
  if (plan.emptied.size === 0) return pointed;
  const reviews: ListedReview[] = await octokit.paginate(octokit.rest.pulls.listReviews, { owner, repo, pull_number, per_page: 100 });
  for (const [emptied, keeper] of plan.emptied) {
    const loser = reviews.find((r) => r.id === emptied);
    const winner = reviews.find((r) => r.id === keeper) ?? { id: keeper };
    if (!loser || !isOwnLogin(identity, loser.user?.login)) continue;
    const body = duplicateBody(winner);
    if (loser.body !== body) await octokit.rest.pulls.updateReview({ owner, repo, pull_number, review_id: emptied, body });
    pointed.set(emptied, winner);
  }
  return pointed;
}

/**
 * Posts the findings not posted before as one review (`event: COMMENT`) on `commit_id`.
 *
 * The token's own existing review comments (all pages) are scanned for the hidden fingerprint
 * `<!-- chunkgate:finding:<hash> -->` (`findingFingerprint`: path + body, not line); findings
 * already there, or repeated within `comments`, are skipped — a contributor's comment quoting
 * a fingerprint cannot suppress one. Nothing new → no write and `null`. A create that ends
 * without a definite answer is looked for by its nonce before it is tried again. Callers keep
 * `line`/`start_line` inside the diff: GitHub rejects the whole review otherwise.
 *
 * Runs posting at the same time: after its create, a run lists the comments again, and of the
 * comments that show one finding only the first posted (the lowest id) stays; a review left
 * without comments (GitHub cannot delete a submitted review) gets a body pointing to the one
 * that has them. The same clean-up runs before every post, for what an earlier race left.
 */
export async function postReview(octokit: GitHubClient, review: ReviewRequest): Promise<ReviewResult | null> {
  const { owner, repo, pull_number, commit_id, identity } = review;
  const existing = await listOwnComments(octokit, review);
  await removeDuplicates(octokit, review, existing);
  const seen = new Set(existing.map((comment) => comment.fingerprint));
  const fresh: ReviewFinding[] = [];
  for (const finding of review.comments) {
    const fingerprint = findingFingerprint(finding);
    if (seen.has(fingerprint)) continue;
    seen.add(fingerprint);
    fresh.push(finding);
  }
  const skipped = review.comments.length - fresh.length;
  if (fresh.length === 0) return null;
  const tag = `<!-- chunkgate:review:${review.nonce} -->`;
  const created = await createOnce<{ id: number; html_url?: string }>({
    what: 'the review',
    create: async () =>
      (
        await octokit.rest.pulls.createReview({
          owner,
          repo,
          pull_number,
          commit_id,
          event: 'COMMENT',
          body: `${review.body}\n\n${tag}`,
          comments: fresh.map((finding) => ({
            path: finding.path,
            line: finding.line,
            side: 'RIGHT',
            // GitHub wants start_line strictly before line; a one-line range is a plain comment.
            ...(finding.start_line !== undefined && finding.start_line < finding.line ? { start_line: finding.start_line, start_side: 'RIGHT' } : {}),
            body: withFingerprint(finding),
          })),
        })
      ).data,
    find: async () => {
      const reviews = await octokit.paginate(octokit.rest.pulls.listReviews, { owner, repo, pull_number, per_page: 100 });
      return reviews.find((r) => isOwnLogin(identity, r.user?.login) && (r.body ?? '').includes(tag)) ?? null;
    },
    ...(review.settleMs !== undefined ? { settleMs: review.settleMs } : {}),
    ...(review.onNotice ? { onNotice: review.onNotice } : {}),
  });
  // Another run may have posted the same findings meanwhile: the first posted stays.
  const winner = (await removeDuplicates(octokit, review, await listOwnComments(octokit, review))).get(created.id);
  return {
    posted: fresh.length,
    skipped,
    ...(created.html_url ? { url: created.html_url } : {}),
    ...(winner ? { duplicateOf: { id: winner.id, ...(winner.html_url ? { url: winner.html_url } : {}) } } : {}),
  };
}
