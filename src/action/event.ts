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

/**
 * Reads the pull request from a `pull_request` / `pull_request_target` event payload (GitHub
 * writes it; the PR cannot); `null` when the payload names none.
 */
export function pullContextOf(payload: unknown, repository: string): PullContext | null {
  const pull = (payload as { pull_request?: Record<string, any> } | null)?.pull_request;
  if (!pull || typeof pull.number !== 'number') return null;
  const [owner = '', repo = ''] = repository.split('/');
  const headRepo = pull.head?.repo?.full_name;
  const baseRepo = pull.base?.repo?.full_name ?? repository;
  return {
    owner,
    repo,
    number: pull.number,
    baseSha: String(pull.base?.sha ?? ''),
    headSha: String(pull.head?.sha ?? ''),
    baseRef: String(pull.base?.ref ?? ''),
    fork: headRepo !== baseRepo,
  };
}
