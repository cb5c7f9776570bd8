/**
 * The GitHub REST calls chunkgate makes, as functions of an Octokit instance with plain,
 * typed data in and out. Pagination always uses `per_page: 100` and follows `Link` headers.
 */
import { decodeDocText, MAX_DOC_BYTES, tooLarge, type DocText } from './doc-text.js';
import type { Octokit } from '@octokit/rest';
import { isMarkdownPath, relevantChanges, type ChangedFile } from './changed-file.js';

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

/** A changed file as the pulls and compare APIs list it. */
interface GitHubFile {
  filename: string;
  status: string;
  previous_filename?: string;
  patch?: string;
}

/** GitHub's file entries as {@link ChangedFile}s, statuses mapped (`unchanged` dropped), patches kept. */
function changedFilesOf(files: readonly GitHubFile[]): ChangedFile[] {
  const changed: ChangedFile[] = [];
  for (const file of files) {
    const status = STATUS[file.status];
    if (!status) continue;
    const patch = file.patch ? { patch: file.patch } : {};
    const previous = status === 'renamed' && file.previous_filename ? { previousPath: file.previous_filename } : {};
    changed.push({ path: file.filename, ...previous, status, ...patch });
  }
  return changed;
}

/**
 * Every changed file of the pull request (`pulls.listFiles`, all pages), Markdown or not, in
 * GitHub's order: `copied` → `added`, `changed` → `modified`, `unchanged` dropped, renames with
 * `previousPath`. GitHub omits `patch` for large diffs; so does the result.
 */
export async function listPullFiles(octokit: Octokit, pull: RepoRef & { pull_number: number }): Promise<ChangedFile[]> {
  return changedFilesOf(await octokit.paginate(octokit.rest.pulls.listFiles, { ...pull, per_page: 100 }));
}

/**
 * The pull request's changed Markdown (`.md`/`.mdx`) files that `isIncluded` accepts, in
 * GitHub's order ({@link listPullFiles}), renames followed as `relevantChanges` does: both
 * paths relevant → `renamed`; only the new path → `added`; only the old path → `removed`
 * (reported under the old path).
 */
export async function listChangedMarkdown(
  octokit: Octokit,
  pull: RepoRef & { pull_number: number },
  isIncluded: (path: string) => boolean,
): Promise<ChangedFile[]> {
  return relevantChanges(await listPullFiles(octokit, pull), (path) => isMarkdownPath(path) && isIncluded(path));
}

/** The most files the compare API lists for one comparison; a longer list is cut there. */
export const COMPARE_FILE_LIMIT = 300;

/**
 * Every file changed from `base` to `head` by the compare API (`repos.compareCommits`), mapped
 * like {@link listPullFiles}. GitHub lists at most {@link COMPARE_FILE_LIMIT} files per
 * comparison, and how it pages them is not documented: pages of 100 are read until one is short
 * or repeats files already seen (at most 3). A list that reaches the limit may be cut, so that
 * throws rather than leave files unchecked.
 */
export async function listChangedBetween(octokit: Octokit, compare: RepoRef & { base: string; head: string }): Promise<ChangedFile[]> {
  const PER_PAGE = 100;
  const seen = new Map<string, GitHubFile>();
  for (let page = 1; page <= COMPARE_FILE_LIMIT / PER_PAGE; page++) {
    const { data } = await octokit.rest.repos.compareCommits({ owner: compare.owner, repo: compare.repo, base: compare.base, head: compare.head, per_page: PER_PAGE, page });
    const files = (data.files ?? []) as GitHubFile[];
    const fresh = files.filter((file) => !seen.has(file.filename));
    for (const file of fresh) seen.set(file.filename, file);
    if (files.length < PER_PAGE || fresh.length < files.length) break;
  }
  if (seen.size >= COMPARE_FILE_LIMIT) {
    throw new Error(
      `The compare API lists at most ${COMPARE_FILE_LIMIT} changed files, and ${compare.base.slice(0, 7)}...${compare.head.slice(0, 7)} reaches that limit, so some may be missing; ` +
        'check out the repository (actions/checkout) so chunkgate lists them with git instead.',
    );
  }
  return changedFilesOf([...seen.values()]);
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

/**
 * A docs file at `ref` through the contents API, as bytes decoded the one way every reader
 * decodes them ({@link decodeDocText}: size, UTF-16, NUL and UTF-8 checks, the UTF-8 BOM
 * dropped), or `null` when it does not exist there (404). The body is read as a stream, never
 * decoded by the client, so a binary or Latin-1 file is reported as such instead of being
 * replaced by U+FFFD; a `content-length` over the limit is refused before the body is read.
 */
export async function getDocAt(octokit: Octokit, file: RepoRef & { path: string; ref: string }): Promise<DocText | null> {
  let response: { headers: Record<string, unknown>; data: unknown };
  try {
    response = await octokit.rest.repos.getContent({ ...file, mediaType: { format: 'raw' }, request: { parseSuccessResponseBody: false } });
  } catch (error) {
    if (hasStatus(error, 404)) return null;
    throw error;
  }
  const length = Number(response.headers['content-length']);
  if (Number.isFinite(length) && length > MAX_DOC_BYTES) {
    await (response.data as ReadableStream | null)?.cancel().catch(() => undefined);
    return { problem: { reason: tooLarge(length, MAX_DOC_BYTES), hint: 'Split the page into smaller pages, or leave it out of the docs globs (`exclude` in .chunkgate.yml).' } };
  }
  const bytes = new Uint8Array(await new Response(response.data as ReadableStream | null).arrayBuffer());
  return decodeDocText(bytes);
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

/** A pull request as the action needs it. */
export interface PullSummary {
  number: number;
  state: string;
  headSha: string;
  headRef: string;
  /** `owner/name` of the head repository; `null` when the fork was deleted. */
  headRepo: string | null;
  baseSha: string;
  baseRef: string;
  /** `owner/name` of the base repository. */
  baseRepo: string;
}

interface PullJson {
  number: number;
  state: string;
  head: { sha: string; ref: string; repo: { full_name: string } | null };
  base: { sha: string; ref: string; repo: { full_name: string } };
}

function summaryOf(pull: PullJson): PullSummary {
  return {
    number: pull.number,
    state: pull.state,
    headSha: pull.head.sha,
    headRef: pull.head.ref,
    headRepo: pull.head.repo?.full_name ?? null,
    baseSha: pull.base.sha,
    baseRef: pull.base.ref,
    baseRepo: pull.base.repo.full_name,
  };
}

/** The pull request's current state (`pulls.get`): where its head and base are now. */
export async function getPull(octokit: Octokit, pull: RepoRef & { pull_number: number }): Promise<PullSummary> {
  const { data } = await octokit.rest.pulls.get({ owner: pull.owner, repo: pull.repo, pull_number: pull.pull_number });
  return summaryOf(data);
}

/**
 * Open pull requests of `repo` whose head is `headOwner:headBranch` (`pulls.list` with `head`),
 * the way to find a fork's PR from a `workflow_run`, whose `pull_requests` GitHub leaves
 * empty for forks.
 */
export async function openPullsFromHead(octokit: Octokit, query: RepoRef & { headOwner: string; headBranch: string }): Promise<PullSummary[]> {
  const pulls = await octokit.paginate(octokit.rest.pulls.list, {
    owner: query.owner,
    repo: query.repo,
    state: 'open',
    head: `${query.headOwner}:${query.headBranch}`,
    per_page: 100,
  });
  return (pulls as PullJson[]).map(summaryOf);
}
