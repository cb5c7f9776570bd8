/** What the action needs to know about the pull request it runs for. */
export interface PullContext {
  owner: string;
  repo: string;
  number: number;
  baseSha: string;
  headSha: string;
  baseRef: string;
  /** True when the head repository differs from the base repository (a `pull_request` run then has a read-only token). */
  fork: boolean;
}

/** The fields read from a webhook's `pull_request`: untrusted JSON, so any of them may be missing. */
interface PullPayload {
  number?: unknown;
  head?: { sha?: unknown; repo?: { full_name?: unknown } | null };
  base?: { sha?: unknown; ref?: unknown; repo?: { full_name?: unknown } | null };
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Reads the pull request from a `pull_request` / `pull_request_target` event payload (GitHub
 * writes it; the PR cannot); `null` when the payload names none.
 */
export function pullContextOf(payload: unknown, repository: string): PullContext | null {
  const pull = (payload as { pull_request?: PullPayload } | null)?.pull_request;
  if (!pull || typeof pull.number !== 'number') return null;
  const [owner = '', repo = ''] = repository.split('/');
  const headRepo = pull.head?.repo?.full_name;
  const baseRepo = pull.base?.repo?.full_name ?? repository;
  return {
    owner,
    repo,
    number: pull.number,
    baseSha: textOf(pull.base?.sha),
    headSha: textOf(pull.head?.sha),
    baseRef: textOf(pull.base?.ref),
    fork: typeof headRepo === 'string' && headRepo !== baseRepo,
  };
}

/** A merge queue's group: its base (the target branch's commit) and head (the queued PRs merged onto it). */
export interface MergeGroupContext {
  owner: string;
  repo: string;
  baseSha: string;
  headSha: string;
  /** `refs/heads/main`. */
  baseRef: string;
  /** `refs/heads/gh-readonly-queue/main/pr-7-<sha>`. */
  headRef: string;
}

/** The fields read from a `merge_group` payload: untrusted JSON, so any of them may be missing. */
interface MergeGroupPayload {
  head_sha?: unknown;
  base_sha?: unknown;
  head_ref?: unknown;
  base_ref?: unknown;
}

const SHA = /^[0-9a-f]{40}$/;

/** Reads a `merge_group` event payload; `null` when it lacks a base or head commit. */
export function mergeGroupContextOf(payload: unknown, repository: string): MergeGroupContext | null {
  const group = (payload as { merge_group?: MergeGroupPayload } | null)?.merge_group;
  const headSha = textOf(group?.head_sha);
  const baseSha = textOf(group?.base_sha);
  if (!SHA.test(headSha) || !SHA.test(baseSha)) return null;
  const [owner = '', repo = ''] = repository.split('/');
  return { owner, repo, baseSha, headSha, baseRef: textOf(group?.base_ref), headRef: textOf(group?.head_ref) };
}

/** What a whole-repository audit checks: every included file at one commit. */
export interface AuditContext {
  owner: string;
  repo: string;
  /** The commit audited, and where its check run goes. */
  sha: string;
  /** The ref it was found at, for the log (`refs/heads/main`; `''` when unknown). */
  ref: string;
  /** The event that asked for the audit. */
  event: 'push' | 'schedule' | 'workflow_dispatch';
}

/**
 * The commit a `push` audits: `after`, the pushed ref's new tip (`null` when the push deleted
 * the ref — `after` is then forty zeros — or the payload has none).
 */
export function pushedCommitOf(payload: unknown): { sha: string; ref: string } | null {
  const push = payload as { after?: unknown; ref?: unknown; deleted?: unknown } | null;
  const sha = textOf(push?.after);
  if (push?.deleted === true || !SHA.test(sha) || /^0+$/.test(sha)) return null;
  return { sha, ref: textOf(push?.ref) };
}
