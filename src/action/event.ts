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
