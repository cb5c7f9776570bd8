import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';

/** `@octokit/rest` with retries of transient failures and rate-limit handling. */
const ChunkgateOctokit = Octokit.plugin(retry, throttling);

/** The Octokit instance {@link createOctokit} returns. */
export type GitHubClient = InstanceType<typeof ChunkgateOctokit>;

/** Options of {@link createOctokit}. */
export interface CreateOctokitOptions {
  /** Token sent as `authorization: token <token>`. */
  token: string;
  /** REST API root, e.g. `GITHUB_API_URL` on GitHub Enterprise (default: `https://api.github.com`). */
  baseUrl?: string;
  /**
   * Retries of a failed request (plugin-retry: any status ≥ 400 except 400, 401, 403, 404,
   * 410, 422, 451, so 5xx and plain 429; waits (n+1)² × `retryAfterUnitMs`) (default: `3`).
   */
  retries?: number;
  /** Retries after a primary or secondary rate limit, each waiting the time GitHub asks (default: `2`). */
  rateLimitRetries?: number;
  /**
   * Milliseconds per second of `retry-after` / backoff. Production keeps GitHub's unit;
   * tests shrink it so retries stay fast (default: `1000`).
   */
  retryAfterUnitMs?: number;
  /**
   * plugin-throttling: queue writes (1 s apart, 3 s for notification-triggering writes, as
   * GitHub's best practices ask) and retry rate limits. Turning it off also turns off
   * rate-limit retries (default: `true`).
   */
  throttle?: boolean;
  /** Where rate-limit retries and Octokit warnings are reported (default: dropped; never `console`). */
  onNotice?: (message: string) => void;
  /** (default: `chunkgate`) */
  userAgent?: string;
}

/**
 * An authenticated Octokit with plugin-retry and plugin-throttling configured for chunkgate:
 * 5xx are retried `retries` times with quadratic backoff; primary and secondary rate limits
 * are retried at most `rateLimitRetries` times after the `retry-after` (or reset) GitHub
 * sends; 403/404/422 surface at once as `RequestError`s the caller can catch.
 */
export function createOctokit(options: CreateOctokitOptions): GitHubClient {
  const notice = options.onNotice ?? (() => {});
  const retries = options.retries ?? 3;
  const rateLimitRetries = options.rateLimitRetries ?? 2;
  const unit = options.retryAfterUnitMs ?? 1000;

  const onLimit =
    (kind: string) =>
    (retryAfter: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number): boolean => {
      const where = `${request.method} ${request.url}`;
      if (retryCount >= rateLimitRetries) {
        notice(`GitHub ${kind} rate limit on ${where}; giving up after ${retryCount} retries`);
        return false;
      }
      notice(`GitHub ${kind} rate limit on ${where}; retrying after ${retryAfter}s (retry ${retryCount + 1} of ${rateLimitRetries})`);
      return true;
    };

  return new ChunkgateOctokit({
    auth: options.token,
    baseUrl: options.baseUrl ?? 'https://api.github.com',
    userAgent: options.userAgent ?? 'chunkgate',
    // Not `request: { retries }`: plugin-retry copies a request-level count onto every error,
    // which makes it retry 403/404/422 too. `retry.retries` keeps its doNotRetry list in force.
    retry: { retries, retryAfterBaseValue: unit },
    throttle: {
      enabled: options.throttle ?? true,
      retryAfterBaseValue: unit,
      onRateLimit: onLimit('primary'),
      onSecondaryRateLimit: onLimit('secondary'),
    },
    log: {
      debug: () => {},
      info: () => {},
      warn: (message: string) => notice(message),
      // plugin-request-log reports every failed request here; failures reach the caller as errors.
      error: () => {},
    },
  });
}
