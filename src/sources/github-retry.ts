/**
 * chunkgate's one retry policy for GitHub requests, as a pure function of a failed attempt:
 * retry or not, after how long, and what the failure was. The Octokit hook in
 * `octokit.ts` applies it; nothing else retries (stacked retry layers multiplied requests).
 */

/** What kind of failure an attempt ended in. */
type FailureKind = 'rate-limit' | 'server' | 'timeout' | 'network' | 'client';

/** A failed attempt, as the hook sees it. */
export interface FailedAttempt {
  method: string;
  /** Route template or URL path, e.g. `/repos/{owner}/{repo}/issues/{issue_number}/comments`. */
  url: string;
  /** HTTP status; `undefined` when no response came (timeout, reset, DNS). */
  status?: number;
  /** Response headers, lower-case names. */
  headers: Readonly<Record<string, string | number | undefined>>;
  /** Response message (GitHub's `message` field) or the network error's message. */
  message: string;
  /** True when chunkgate's own per-request timeout aborted the attempt. */
  timedOut: boolean;
  /** Retries already made for this request (0 on the first failure). */
  retriesSoFar: number;
  /** Wall clock, for `x-ratelimit-reset` (ms since the epoch). */
  nowMs: number;
}

/** Limits of {@link decideRetry}. */
export interface RetryLimits {
  /** Retries per request (default: `3`). */
  retries?: number;
  /** Longest single wait, in seconds; GitHub asking for longer ends the request (default: `120`). */
  maxWaitSeconds?: number;
  /** Seconds of waiting still allowed for the whole run (default: `Infinity`). */
  budgetSeconds?: number;
}

/** The decision for a failed attempt. */
export interface RetryDecision {
  kind: FailureKind;
  retry: boolean;
  /** Seconds to wait before the retry (0 when not retrying). */
  waitSeconds: number;
  /**
   * True when the request changes state, got no definite answer (5xx, timeout, reset) and so may
   * have been applied: the caller must look before writing again.
   */
  ambiguous: boolean;
  /** One phrase on why (for the log): `"GitHub asks to wait 3600 s, more than 120 s"`. */
  why: string;
}

/** Backoff for failures that carry no wait of their own: 1, 2, 4, … seconds. */
function backoff(retriesSoFar: number): number {
  return 2 ** retriesSoFar;
}

/** Seconds from a `retry-after` header (delta seconds or an HTTP date), or `null`. */
export function retryAfterSeconds(value: string | number | undefined, nowMs: number): number | null {
  if (value === undefined || value === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(String(value));
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - nowMs) / 1000));
}

/**
 * True for GitHub's rate-limit answers: any 429; a 403 that carries `retry-after`, an
 * exhausted `x-ratelimit-remaining`, or a message about a rate limit. A 403 without those
 * ("Resource not accessible by integration") is a permission answer, not a limit.
 */
export function isRateLimit(status: number | undefined, headers: FailedAttempt['headers'], message: string): boolean {
  if (status === 429) return true;
  if (status !== 403) return false;
  return headers['retry-after'] !== undefined || String(headers['x-ratelimit-remaining']) === '0' || /rate limit/i.test(message);
}

/**
 * A state-changing request a retry could apply twice: POST, except GraphQL (chunkgate only
 * queries there). PATCH, PUT and DELETE set a state and can be repeated.
 */
export function isNonIdempotent(method: string, url: string): boolean {
  return method.toUpperCase() === 'POST' && !/\/graphql$/.test(url.split('?')[0]!);
}

/**
 * Decides about one failed attempt. Rate limits wait what GitHub asks (`retry-after`, else
 * until `x-ratelimit-reset` when the quota is used up, else 60 s as GitHub's docs say for
 * secondary limits) and are retried even for POST, since GitHub applied nothing. 5xx,
 * timeouts and resets wait `retry-after` or back off 1, 2, 4 s — but a POST is then
 * ambiguous and not retried here. Other 4xx are final. No retry when the retries are used,
 * the wait exceeds `maxWaitSeconds`, or the run's wait budget would be exceeded.
 */
export function decideRetry(attempt: FailedAttempt, limits: RetryLimits = {}): RetryDecision {
  const retries = limits.retries ?? 3;
  const maxWait = limits.maxWaitSeconds ?? 120;
  const budget = limits.budgetSeconds ?? Infinity;
  const { status, headers } = attempt;
  const asked = retryAfterSeconds(headers['retry-after'], attempt.nowMs);
  let kind: FailureKind;
  let wait: number;
  if (isRateLimit(status, headers, attempt.message)) {
    kind = 'rate-limit';
    const reset = Number(headers['x-ratelimit-reset']);
    wait =
      asked ??
      (String(headers['x-ratelimit-remaining']) === '0' && Number.isFinite(reset) ? Math.max(0, Math.ceil(reset - attempt.nowMs / 1000) + 1) : 60);
  } else if (attempt.timedOut || status === undefined) {
    kind = attempt.timedOut ? 'timeout' : 'network';
    wait = backoff(attempt.retriesSoFar);
  } else if (status >= 500) {
    kind = 'server';
    wait = asked ?? backoff(attempt.retriesSoFar);
  } else {
    return { kind: 'client', retry: false, waitSeconds: 0, ambiguous: false, why: `GitHub answered ${status}` };
  }
  const ambiguous = kind !== 'rate-limit' && isNonIdempotent(attempt.method, attempt.url);
  const stop = (why: string): RetryDecision => ({ kind, retry: false, waitSeconds: 0, ambiguous, why });
  if (ambiguous) return stop('a write that may have been applied is not repeated blindly');
  if (attempt.retriesSoFar >= retries) return stop(`gave up after ${retries} ${retries === 1 ? 'retry' : 'retries'}`);
  if (wait > maxWait) return stop(`GitHub asks to wait ${wait} s, more than the ${maxWait} s chunkgate waits`);
  if (wait > budget) return stop(`waiting ${wait} s more would exceed the run's retry budget`);
  return { kind, retry: true, waitSeconds: wait, ambiguous: false, why: kind };
}
