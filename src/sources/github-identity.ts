import type { GitHubClient } from './octokit.js';

/**
 * Who the token writes as, so chunkgate adopts (edits, deletes, dedupes against) only what it
 * wrote itself — never a contributor's comment that happens to carry the marker.
 */
export interface TokenIdentity {
  /** Login as GitHub shows it on comments: `github-actions[bot]`, `my-app[bot]`, `octocat`. */
  login: string;
  /** `viewer`: asked GitHub; `convention`: the lookup failed and the `GITHUB_TOKEN` bot is assumed. */
  source: 'viewer' | 'convention';
}

/** The author of writes made with a workflow's `GITHUB_TOKEN`. */
export const GITHUB_ACTIONS_BOT = 'github-actions[bot]';

/** `Foo[bot]` and `foo` name the same actor: logins compare case-insensitively, `[bot]` aside. */
function normalize(login: string): string {
  return login.replace(/\[bot\]$/i, '').trim().toLowerCase();
}

/**
 * The token's identity from GraphQL `viewer { login }`, which answers for personal tokens,
 * app installation tokens and `GITHUB_TOKEN` alike (REST `GET /user` refuses installation
 * tokens, and `GET /app` wants the app's JWT). When the query fails, the `GITHUB_TOKEN`
 * convention (`github-actions[bot]`) stands in and `onFallback` hears why.
 */
export async function tokenIdentity(octokit: GitHubClient, onFallback: (why: string) => void = () => {}): Promise<TokenIdentity> {
  try {
    const result = await octokit.graphql<{ viewer?: { login?: unknown } }>('query { viewer { login } }');
    const login = result.viewer?.login;
    if (typeof login === 'string' && login !== '') return { login, source: 'viewer' };
    onFallback('GitHub returned no viewer login');
  } catch (error) {
    onFallback(error instanceof Error ? error.message : String(error));
  }
  return { login: GITHUB_ACTIONS_BOT, source: 'convention' };
}

/** True when `login` (a comment's or review's `user.login`) is the token's own identity. */
export function isOwnLogin(identity: TokenIdentity, login: string | null | undefined): boolean {
  return typeof login === 'string' && normalize(login) === normalize(identity.login);
}

/** True when a check run's `app.slug` is the token's app (`github-actions` for `github-actions[bot]`). */
export function isOwnApp(identity: TokenIdentity, slug: string | null | undefined): boolean {
  return typeof slug === 'string' && /\[bot\]$/i.test(identity.login) && normalize(slug) === normalize(identity.login);
}
