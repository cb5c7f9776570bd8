import { Octokit } from '@octokit/rest';
import pLimit from 'p-limit';
import { decideRetry, isRateLimit, type FailedAttempt, type RetryDecision } from './github-retry.js';

/** The Octokit instance {@link createOctokit} returns. */
export type GitHubClient = Octokit;

/** Counters of one client, for the log line at the end of a run. */
export interface RequestStats {
  /** HTTP requests sent, retries included. */
  requests: number;
  /** Of those, retries. */
  retries: number;
}

/** Options of {@link createOctokit}. */
export interface CreateOctokitOptions {
  /** Token sent as `authorization: token <token>`. */
  token: string;
  /** REST API root, e.g. `GITHUB_API_URL` on GitHub Enterprise (default: `https://api.github.com`). */
  baseUrl?: string;
  /** Retries per request (default: `3`). */
  retries?: number;
  /** Longest single wait GitHub may ask for, in seconds; a longer `retry-after` ends the request (default: `120`). */
  maxWaitSeconds?: number;
  /** Seconds of retry waits allowed for the client's whole life (default: `300`). */
  budgetSeconds?: number;
  /**
   * Milliseconds per second of `retry-after`, backoff and the gap between writes. Production
   * keeps GitHub's unit; tests shrink it so retries stay fast (default: `1000`).
   */
  retryAfterUnitMs?: number;
  /** Milliseconds one attempt may take before it is aborted and counted as a timeout (default: `30000`). */
  timeoutMs?: number;
  /** Requests in flight at once (default: `8`). Writes always go one at a time, one unit apart, as GitHub asks. */
  concurrency?: number;
  /** Where retries, give-ups and Octokit warnings are reported (default: dropped; never `console`). */
  onNotice?: (message: string) => void;
  /** Where every request and its answer are reported (default: dropped). */
  onDebug?: (message: string) => void;
  /** (default: `chunkgate`) */
  userAgent?: string;
}

const stats = new WeakMap<Octokit, RequestStats>();
/** The retry decision that ended a request, keyed by the error thrown. */
const outcomes = new WeakMap<object, RetryDecision & { endpoint: string; status?: number }>();

/**
 * A request GitHub never answered: every attempt (or the last, when a write may not be repeated)
 * ran into chunkgate's per-attempt timeout. Its message names the endpoint in one sentence.
 */
export class GitHubTimeoutError extends Error {
  override name = 'GitHubTimeoutError';
  constructor(
    /** `GET /repos/{owner}/{repo}/pulls/{pull_number}/files`, or the path a paginated request went to. */
    readonly endpoint: string,
    /** Attempts made, the first included. */
    readonly attempts: number,
    /** Attempts that ran into the timeout (the last always did). */
    readonly timeouts: number,
    readonly timeoutMs: number,
    options?: { cause?: unknown },
  ) {
    const each = `${timeoutMs / 1000} s`;
    super(
      timeouts === attempts
        ? `GitHub did not answer ${endpoint} after ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'} of ${each}`
        : `GitHub did not answer ${endpoint} within ${each} on the last of ${attempts} attempts`,
      options,
    );
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `GET /repos/{owner}/{repo}/pulls` (a route), or the path of a full URL (pagination), without the query. */
function endpointOf(method: string, url: string): string {
  return `${method} ${url.replace(/^https?:\/\/[^/]+/, '').replace(/\?.*$/, '')}`;
}

function isRead(method: string, url: string): boolean {
  return method === 'GET' || method === 'HEAD' || /\/graphql$/.test(url);
}

/** What the failed attempt looks like to {@link decideRetry}. */
function failedAttempt(error: unknown, method: string, url: string, timedOut: boolean, retriesSoFar: number): FailedAttempt {
  const shaped = (error ?? {}) as { status?: unknown; message?: unknown; response?: { headers?: Record<string, string | number | undefined>; data?: unknown } };
  const data = shaped.response?.data as { message?: unknown } | undefined;
  return {
    method,
    url,
    // Octokit reports network errors and aborts as status 500 without a response: no answer came.
    ...(shaped.response && typeof shaped.status === 'number' ? { status: shaped.status } : {}),
    headers: shaped.response?.headers ?? {},
    message: typeof data?.message === 'string' ? data.message : typeof shaped.message === 'string' ? shaped.message : '',
    timedOut,
    retriesSoFar,
    nowMs: Date.now(),
  };
}

/** `answered 502` / `did not answer within 30 s` / `failed (ECONNRESET)`. */
function whatHappened(attempt: FailedAttempt, timeoutMs: number): string {
  if (attempt.timedOut) return `did not answer within ${timeoutMs / 1000} s`;
  if (attempt.status === undefined) return `failed (${attempt.message || 'no response'})`;
  return `answered ${attempt.status}`;
}

/**
 * An authenticated Octokit with chunkgate's single retry layer (see `decideRetry`): every
 * attempt has a timeout; rate limits wait what GitHub asks, 5xx/timeouts/resets back off, each
 * retry is logged with its endpoint and status, and the waits of a run are bounded. A POST that
 * got no definite answer is not repeated: the error says so ({@link isAmbiguousWrite}) and the
 * caller looks before writing again. Requests run at most `concurrency` at a time; writes one at
 * a time, a unit apart.
 */
export function createOctokit(options: CreateOctokitOptions): GitHubClient {
  const notice = options.onNotice ?? (() => {});
  const debug = options.onDebug ?? (() => {});
  const retries = options.retries ?? 3;
  const unit = options.retryAfterUnitMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxWaitSeconds = options.maxWaitSeconds ?? 120;
  let budgetSeconds = options.budgetSeconds ?? 300;
  const counters: RequestStats = { requests: 0, retries: 0 };
  const limit = pLimit(options.concurrency ?? 8);
  let writes: Promise<unknown> = Promise.resolve();
  let lastWrite = 0;

  /** Runs `send` in a slot: reads share the pool; writes also queue behind each other, `unit` ms apart. */
  const inSlot = <T>(read: boolean, send: () => Promise<T>): Promise<T> => {
    if (read) return limit(send);
    const turn = writes.then(async () => {
      const gap = lastWrite + unit - Date.now();
      if (gap > 0) await sleep(gap);
      try {
        return await limit(send);
      } finally {
        lastWrite = Date.now();
      }
    });
    writes = turn.catch(() => {});
    return turn;
  };

  const octokit = new Octokit({
    auth: options.token,
    baseUrl: options.baseUrl ?? 'https://api.github.com',
    userAgent: options.userAgent ?? 'chunkgate',
    log: {
      debug: () => {},
      info: () => {},
      warn: (message: string) => notice(message),
      // Failed requests reach the caller as errors; the retry layer logs what it does about them.
      error: () => {},
    },
  });
  stats.set(octokit, counters);

  octokit.hook.wrap('request', async (request, endpointOptions) => {
    const method = String(endpointOptions.method ?? 'GET').toUpperCase();
    const url = String(endpointOptions.url ?? '');
    const endpoint = endpointOf(method, url);
    let timeouts = 0;
    for (let retriesSoFar = 0; ; retriesSoFar++) {
      let timedOut = false;
      const started = Date.now();
      try {
        const response = await inSlot(isRead(method, url), async () => {
          counters.requests += 1;
          const controller = new AbortController();
          const timer = setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs);
          // Set on the options object itself: hooks further in are bound to it and ignore arguments.
          endpointOptions.request = { ...endpointOptions.request, signal: controller.signal };
          try {
            return await request(endpointOptions);
          } finally {
            clearTimeout(timer);
          }
        });
        debug(`GitHub ${endpoint} → ${response.status} (${Date.now() - started} ms)`);
        return response;
      } catch (error) {
        const attempt = failedAttempt(error, method, url, timedOut, retriesSoFar);
        if (timedOut) timeouts += 1;
        const decision = decideRetry(attempt, { retries, maxWaitSeconds, budgetSeconds });
        const what = whatHappened(attempt, timeoutMs) + (decision.kind === 'rate-limit' ? ' (rate limit)' : '');
        // The client's own "This operation was aborted" names nothing: say which request hung.
        const thrown = timedOut && !decision.retry ? new GitHubTimeoutError(endpoint, retriesSoFar + 1, timeouts, timeoutMs, { cause: error }) : error;
        if (typeof thrown === 'object' && thrown !== null) outcomes.set(thrown, { ...decision, endpoint, ...(attempt.status !== undefined ? { status: attempt.status } : {}) });
        if (!decision.retry) {
          if (decision.kind !== 'client') notice(`GitHub ${endpoint} ${what}; not retried: ${decision.why}`);
          else debug(`GitHub ${endpoint} ${what}`);
          throw thrown;
        }
        counters.retries += 1;
        budgetSeconds -= decision.waitSeconds;
        notice(`GitHub ${endpoint} ${what}; retrying in ${decision.waitSeconds} s (retry ${retriesSoFar + 1} of ${retries})`);
        await sleep(decision.waitSeconds * unit);
      }
    }
  });
  return octokit;
}

/** The request counters of a client made by {@link createOctokit} (zeros for any other). */
export function requestStats(octokit: GitHubClient): RequestStats {
  return { ...(stats.get(octokit) ?? { requests: 0, retries: 0 }) };
}

/**
 * True when `error` ended a write whose outcome is unknown (5xx, timeout or reset on a POST):
 * GitHub may have applied it, so look for the result before writing again.
 */
export function isAmbiguousWrite(error: unknown): boolean {
  return typeof error === 'object' && error !== null && outcomes.get(error)?.ambiguous === true;
}

/** True when `error` is GitHub refusing for a rate limit (403 or 429), as opposed to a permission 403. */
export function isRateLimitError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const known = outcomes.get(error);
  if (known) return known.kind === 'rate-limit';
  const shaped = error as { status?: number; message?: string; response?: { headers?: Record<string, string> } };
  return isRateLimit(shaped.status, shaped.response?.headers ?? {}, shaped.message ?? '');
}

/** The endpoint a failed request went to, when the retry layer saw it. */
export function failedEndpoint(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? outcomes.get(error)?.endpoint : undefined;
}
