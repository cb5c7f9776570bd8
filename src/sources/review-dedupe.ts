/**
 * Which of chunkgate's own inline review comments are duplicates, as a pure function of what
 * GitHub lists. Two runs that post a review at the same moment both find nothing posted and
 * both post every finding; GitHub can delete review comments but not a submitted review, so
 * the duplicates' comments go and a review left without any says where its comments are.
 */

/** One of the token's own review comments that carries a finding fingerprint. */
export interface OwnReviewComment {
  id: number;
  /** `findingFingerprint` of the finding it shows (path and body). */
  fingerprint: string;
  /** The review it belongs to (`pull_request_review_id`); `null` when GitHub gives none. */
  reviewId: number | null;
}

/** What {@link duplicateComments} finds. */
export interface DuplicatePlan {
  /** Comments to delete: every one whose fingerprint a comment with a lower id also shows. */
  remove: OwnReviewComment[];
  /** Reviews every comment of which is removed → the review that keeps their findings. */
  emptied: Map<number, number>;
}

/**
 * Of the comments sharing a fingerprint, all but the one with the lowest id (the first
 * posted, which every run elects alike, whatever it lists). A review all of whose comments go
 * is `emptied`, and points to the review of the kept comment of its first removed finding.
 */
export function duplicateComments(comments: readonly OwnReviewComment[]): DuplicatePlan {
  const first = new Map<string, OwnReviewComment>();
  for (const comment of [...comments].sort((a, b) => a.id - b.id)) {
    if (!first.has(comment.fingerprint)) first.set(comment.fingerprint, comment);
  }
  const remove = comments.filter((comment) => first.get(comment.fingerprint)!.id !== comment.id).sort((a, b) => a.id - b.id);
  const removed = new Set(remove.map((comment) => comment.id));
  const kept = new Set(comments.filter((comment) => !removed.has(comment.id)).map((comment) => comment.reviewId));
  const emptied = new Map<number, number>();
  for (const comment of remove) {
    const winner = first.get(comment.fingerprint)!.reviewId;
    if (comment.reviewId === null || winner === null || kept.has(comment.reviewId) || emptied.has(comment.reviewId)) continue;
    emptied.set(comment.reviewId, winner);
  }
  return { remove, emptied };
}
