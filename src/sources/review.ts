import { createOnce } from './create-once.js';
import { fingerprintIn, findingFingerprint, withFingerprint } from './fingerprint.js';
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
 */
export async function postReview(octokit: GitHubClient, review: ReviewRequest): Promise<ReviewResult | null> {
  const { owner, repo, pull_number, commit_id, identity } = review;
  const existing = await octokit.paginate(octokit.rest.pulls.listReviewComments, { owner, repo, pull_number, per_page: 100 });
  const seen = new Set(
    existing
      .filter((c) => isOwnLogin(identity, c.user?.login))
      .map((c) => fingerprintIn(c.body))
      .filter((f): f is string => f !== null),
  );
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
  const created = await createOnce<{ html_url?: string }>({
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
  return { posted: fresh.length, skipped, ...(created.html_url ? { url: created.html_url } : {}) };
}
