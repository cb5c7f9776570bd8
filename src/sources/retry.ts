/**
 * Bounded retries for HTTP APIs (docs/design.md#robust-shells). The `openai` client honours any
 * `Retry-After` — an hour, if the server says so — in a sleep no abort signal can cut short, so
 * a rate-limited run wrote its report and then kept the process alive for hours. chunkgate
 * turns the client's retries off and retries here instead: a bounded number of times, each wait
 * at most `maxWaitMs` (a server asking for longer gets no retry: the request fails at once and
 * the judge falls back for that chunk), every wait cancelled by the abort signal.
 */

/** Options of {@link withRetries}. */
export interface RetryOptions {
  /** Retries after the first attempt (default: `2`). */
  maxRetries?: number;
  /** Longest wait before a retry, in ms; a longer `Retry-After` means give up (default: `60000`). */
  maxWaitMs?: number;
  /** Aborts the wait (and is passed on by the caller to the request itself). */
  signal?: AbortSignal;
  /** Waits `ms`, or rejects when `signal` aborts (default: a timer cleared on abort). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** A request that will not be retried because the server asked to wait longer than chunkgate does. */
export class RetryAfterTooLong extends Error {
  override name = 'RetryAfterTooLong';
  constructor(
    /** HTTP status of the response that asked to wait (e.g. 429). */
    readonly status: number | undefined,
    readonly waitMs: number,
    maxWaitMs: number,
  ) {
    super(`the API asked to retry after ${Math.round(waitMs / 1000)} s, longer than the ${Math.round(maxWaitMs / 1000)} s chunkgate waits; not retried`);
  }
}

/**
 * Runs `attempt`, retrying on connection errors and HTTP 408, 409, 429 and 5xx (the statuses
 * the `openai` client retries). The wait is the response's `retry-after-ms` or `retry-after`
 * (seconds or an HTTP date), else 0.5 s doubling up to 8 s. Rejects with the last error, with a
 * {@link RetryAfterTooLong} when the server asks for more than `maxWaitMs`, or when `signal` aborts.
 */
export async function withRetries<T>(attempt: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const maxRetries = options.maxRetries ?? 2;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const sleep = options.sleep ?? abortableSleep;
  for (let retry = 0; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      if (retry >= maxRetries || !retryable(error) || options.signal?.aborted) throw error;
      const asked = retryAfterMs(error);
      if (asked !== null && asked > maxWaitMs) throw new RetryAfterTooLong(statusOf(error), asked, maxWaitMs);
      await sleep(asked ?? Math.min(8000, 500 * 2 ** retry), options.signal);
    }
  }
}

function statusOf(error: unknown): number | undefined {
  const status = error !== null && typeof error === 'object' ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}

function retryable(error: unknown): boolean {
  const status = statusOf(error);
  if (status === undefined) return error instanceof Error && /APIConnection(Timeout)?Error/.test(error.name);
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** The wait the response asked for, in ms (`null`: none or unreadable). */
export function retryAfterMs(error: unknown, now: number = Date.now()): number | null {
  const headers = error !== null && typeof error === 'object' ? (error as { headers?: unknown }).headers : undefined;
  const get = (name: string): string | null => {
    if (headers instanceof Headers) return headers.get(name);
    if (headers !== null && typeof headers === 'object') {
      const value = (headers as Record<string, unknown>)[name];
      return typeof value === 'string' ? value : null;
    }
    return null;
  };
  const ms = Number.parseFloat(get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const after = get('retry-after');
  if (after === null) return null;
  const seconds = Number.parseFloat(after);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(after);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

/** A timer that is cleared, and rejects, when `signal` aborts: nothing is left to keep the process alive. */
function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal!.reason instanceof Error ? signal!.reason : new Error('aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
