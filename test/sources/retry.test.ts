import { describe, expect, it } from 'vitest';
import { RetryAfterTooLong, retryAfterMs, withRetries } from '../../src/sources/retry.js';

/** An error shaped like the openai client's APIError. */
function apiError(status: number, headers: Record<string, string> = {}): Error & { status: number; headers: Headers } {
  return Object.assign(new Error(`${status} status code`), { status, headers: new Headers(headers) });
}

/** An attempt that fails with `errors` in turn, then returns 'ok'; counts its calls. */
function flaky(errors: Error[]) {
  let calls = 0;
  const attempt = async () => {
    const error = errors[calls++];
    if (error) throw error;
    return 'ok';
  };
  return { attempt, calls: () => calls };
}

describe('retryAfterMs', () => {
  it('reads retry-after-ms first, then retry-after in seconds or as an HTTP date', () => {
    expect(retryAfterMs(apiError(429, { 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(retryAfterMs(apiError(429, { 'retry-after': '3600' }))).toBe(3_600_000);
    expect(retryAfterMs(apiError(429, { 'retry-after': '1.5' }))).toBe(1500);
    // 30 s after "now".
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(retryAfterMs(apiError(503, { 'retry-after': 'Wed, 21 Oct 2015 07:28:30 GMT' }), now)).toBe(30_000);
    expect(retryAfterMs(apiError(503, { 'retry-after': 'soon' }))).toBeNull();
    expect(retryAfterMs(apiError(500))).toBeNull();
    expect(retryAfterMs(new Error('no headers'))).toBeNull();
  });
});

describe('withRetries', () => {
  it('retries 429 and 5xx as the server asks, or 0.5 s then 1 s, at most maxRetries times', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const twice = flaky([apiError(500), apiError(429, { 'retry-after': '2' })]);
    expect(await withRetries(twice.attempt, { sleep })).toBe('ok');
    expect([twice.calls(), waits]).toEqual([3, [500, 2000]]);

    const always = flaky([apiError(502), apiError(502), apiError(502)]);
    await expect(withRetries(always.attempt, { sleep, maxRetries: 2 })).rejects.toMatchObject({ status: 502 });
    expect(always.calls()).toBe(3);
  });

  it('does not retry a client error', async () => {
    const bad = flaky([apiError(400), apiError(400)]);
    await expect(withRetries(bad.attempt, { sleep: async () => undefined })).rejects.toMatchObject({ status: 400 });
    expect(bad.calls()).toBe(1);
  });

  it('gives up at once when the server asks to wait longer than maxWaitMs', async () => {
    const limited = flaky([apiError(429, { 'retry-after': '3600' })]);
    const error = await withRetries(limited.attempt, { sleep: async () => expect.fail('no wait'), maxWaitMs: 60_000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RetryAfterTooLong);
    expect(error).toMatchObject({ status: 429, waitMs: 3_600_000, message: 'the API asked to retry after 3600 s, longer than the 60 s chunkgate waits; not retried' });
    expect(limited.calls()).toBe(1);
  });

  it('stops waiting when the signal aborts, leaving no timer behind', async () => {
    const controller = new AbortController();
    const slow = flaky([apiError(503, { 'retry-after': '30' })]);
    const pending = withRetries(slow.attempt, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('judge timeout')), 20);
    await expect(pending).rejects.toThrow('judge timeout');
    expect(slow.calls()).toBe(1);
  });
});
