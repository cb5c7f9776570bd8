/**
 * The GitHub REST calls chunkgate makes, as functions of an Octokit instance with plain,
 * typed data in and out. Pagination always uses `per_page: 100` and follows `Link` headers.
 */
import type { Octokit } from '@octokit/rest';
import { isMarkdownPath, type ChangedFile } from './changed-file.js';
import { fingerprintIn, findingFingerprint, withFingerprint } from './fingerprint.js';

/** A repository on GitHub. */
export interface RepoRef {
  owner: string;
  repo: string;
}

/** GitHub's file statuses → ours; `unchanged` files are dropped. */
const STATUS: Record<string, ChangedFile['status'] | undefined> = {
  added: 'added',
  // A copy is a new file on the head side; its source still exists, so there is no base to follow.
  copied: 'added',
  modified: 'modified',
  // Mode or type change only: compare as modified.
  changed: 'modified',
  removed: 'removed',
  renamed: 'renamed',
};

/**
 * The pull request's changed Markdown (`.md`/`.mdx`) files that `isIncluded` accepts, in
 * GitHub's order (`pulls.listFiles`, all pages).
 *
 * Renames are followed through `previous_filename` and kept when either path is relevant:
 * both relevant → `renamed`; only the new path → `added`; only the old path → `removed`
 * (reported under the old path). `copied` → `added`, `changed` → `modified`, `unchanged` dropped.
 * GitHub omits `patch` for large diffs; so does the result.
 */
export async function listChangedMarkdown(
  octokit: Octokit,
  pull: RepoRef & { pull_number: number },
  isIncluded: (path: string) => boolean,
): Promise<ChangedFile[]> {
  const files = await octokit.paginate(octokit.rest.pulls.listFiles, { ...pull, per_page: 100 });
  const relevant = (path: string | undefined): path is string => !!path && isMarkdownPath(path) && isIncluded(path);
  const changed: ChangedFile[] = [];
  for (const file of files) {
    const status = STATUS[file.status];
    if (!status) continue;
    const patch = file.patch ? { patch: file.patch } : {};
    if (status === 'renamed') {
      const from = file.previous_filename;
      const headSide = relevant(file.filename);
      const baseSide = relevant(from);
      if (headSide && baseSide) changed.push({ path: file.filename, previousPath: from, status, ...patch });
      else if (headSide) changed.push({ path: file.filename, status: 'added', ...patch });
      else if (baseSide) changed.push({ path: from, status: 'removed' });
      continue;
    }
    if (relevant(file.filename)) changed.push({ path: file.filename, status, ...patch });
  }
  return changed;
}

/** True when `error` is an Octokit `RequestError` with this HTTP status. */
function hasStatus(error: unknown, status: number): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === status;
}

/**
 * The UTF-8 text of `path` at `ref` (`repos.getContent` with the raw media type, which
 * serves files up to 100 MB), or `null` when the path does not exist at `ref` (404) or is
 * not a file (a directory listing comes back as JSON). Other errors propagate.
 */
export async function getFileAt(octokit: Octokit, file: RepoRef & { path: string; ref: string }): Promise<string | null> {
  let data: unknown;
  try {
    ({ data } = await octokit.rest.repos.getContent({ ...file, mediaType: { format: 'raw' } }));
  } catch (error) {
    if (hasStatus(error, 404)) return null;
    throw error;
  }
  // Octokit decodes by content type: text when GitHub sends a charset, bytes otherwise.
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
    const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    return new TextDecoder('utf-8').decode(bytes);
  }
  return null;
}

/** A comment author as GitHub reports it. */
interface Author {
  type?: string;
}

/**
 * Creates or updates chunkgate's single PR comment, found again by `marker` (e.g.
 * `<!-- chunkgate -->`) at the start of the comment's FIRST line; a comment quoting the
 * marker further down (or in a `>` quote) is not ours. All pages are searched. Among
 * several matches a bot's comment wins, then the oldest; it is updated in place and
 * never duplicated. `body` gets the marker prepended when it does not start with it.
 * An identical body is left alone (`unchanged`, no write).
 */
export async function upsertStickyComment(
  octokit: Octokit,
  comment: RepoRef & { issue_number: number; body: string; marker: string },
): Promise<{ id: number; action: 'created' | 'updated' | 'unchanged' }> {
  const { owner, repo, issue_number, marker } = comment;
  const body = comment.body.startsWith(marker) ? comment.body : `${marker}\n${comment.body}`;
  const existing = await octokit.paginate(octokit.rest.issues.listComments, { owner, repo, issue_number, per_page: 100 });
  const ours = existing.filter((c) => (c.body ?? '').split('\n', 1)[0]!.trimStart().startsWith(marker));
  const isBot = (user: Author | null | undefined) => user?.type === 'Bot';
  const target = ours.find((c) => isBot(c.user)) ?? ours[0];
  if (!target) {
    const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number, body });
    return { id: data.id, action: 'created' };
  }
  if (target.body === body) return { id: target.id, action: 'unchanged' };
  await octokit.rest.issues.updateComment({ owner, repo, comment_id: target.id, body });
  return { id: target.id, action: 'updated' };
}

/** One inline finding for {@link postReview}: head-side lines, which must be inside the diff. */
export interface ReviewFinding {
  path: string;
  /** Last (or only) head-side line. */
  line: number;
  /** First line of a multi-line comment. */
  start_line?: number;
  body: string;
}

/**
 * Posts the findings not posted before as one review (`event: COMMENT`) on `commit_id`.
 *
 * Existing review comments (all pages) are scanned for the hidden fingerprint
 * `<!-- chunkgate:finding:<hash> -->` (see `findingFingerprint`: path + body, not line);
 * findings already present, or repeated within `comments`, are skipped. Nothing new →
 * no request and `null`; else `{ posted, skipped }`. Callers keep `line`/`start_line`
 * inside the diff (`changedLinesFromPatch`): GitHub rejects the whole review otherwise.
 */
export async function postReview(
  octokit: Octokit,
  review: RepoRef & { pull_number: number; commit_id: string; comments: ReviewFinding[]; body: string },
): Promise<{ posted: number; skipped: number } | null> {
  const { owner, repo, pull_number, commit_id } = review;
  const existing = await octokit.paginate(octokit.rest.pulls.listReviewComments, { owner, repo, pull_number, per_page: 100 });
  const seen = new Set(existing.map((c) => fingerprintIn(c.body)).filter((f): f is string => f !== null));
  const fresh: ReviewFinding[] = [];
  for (const finding of review.comments) {
    const fingerprint = findingFingerprint(finding);
    if (seen.has(fingerprint)) continue;
    seen.add(fingerprint);
    fresh.push(finding);
  }
  const skipped = review.comments.length - fresh.length;
  if (fresh.length === 0) return null;
  await octokit.rest.pulls.createReview({
    owner,
    repo,
    pull_number,
    commit_id,
    event: 'COMMENT',
    body: review.body,
    comments: fresh.map((finding) => ({
      path: finding.path,
      line: finding.line,
      side: 'RIGHT',
      // GitHub wants start_line strictly before line; a one-line range is a plain comment.
      ...(finding.start_line !== undefined && finding.start_line < finding.line
        ? { start_line: finding.start_line, start_side: 'RIGHT' }
        : {}),
      body: withFingerprint(finding),
    })),
  });
  return { posted: fresh.length, skipped };
}

/** A check-run annotation (GitHub's shape). */
export interface CheckAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: 'notice' | 'warning' | 'failure';
  message: string;
  title?: string;
  raw_details?: string;
}

/** GitHub accepts at most this many annotations per checks request. */
const ANNOTATION_BATCH = 50;

/**
 * Creates a completed check run: `checks.create` with the first ≤ 50 annotations, then one
 * `checks.update` per further batch of 50 (GitHub appends them), each repeating `output`'s
 * title and summary, which GitHub requires with annotations. Returns the check run id.
 */
export async function createCheckRun(
  octokit: Octokit,
  check: RepoRef & {
    head_sha: string;
    name: string;
    conclusion: 'success' | 'failure' | 'neutral';
    output: { title: string; summary: string; text?: string };
    annotations: CheckAnnotation[];
  },
): Promise<{ id: number }> {
  const { owner, repo, annotations } = check;
  const { data } = await octokit.rest.checks.create({
    owner,
    repo,
    name: check.name,
    head_sha: check.head_sha,
    status: 'completed',
    conclusion: check.conclusion,
    output: { ...check.output, annotations: annotations.slice(0, ANNOTATION_BATCH) },
  });
  for (let start = ANNOTATION_BATCH; start < annotations.length; start += ANNOTATION_BATCH) {
    await octokit.rest.checks.update({
      owner,
      repo,
      check_run_id: data.id,
      output: { title: check.output.title, summary: check.output.summary, annotations: annotations.slice(start, start + ANNOTATION_BATCH) },
    });
  }
  return { id: data.id };
}

/**
 * The merge base of `base` and `head` (`repos.compareCommits`), the commit a PR's changes
 * are measured from, or `null` when GitHub knows no such comparison (404).
 */
export async function mergeBaseOf(octokit: Octokit, compare: RepoRef & { base: string; head: string }): Promise<string | null> {
  try {
    const { data } = await octokit.rest.repos.compareCommits({ ...compare, per_page: 1 });
    return data.merge_base_commit.sha;
  } catch (error) {
    if (hasStatus(error, 404)) return null;
    throw error;
  }
}
