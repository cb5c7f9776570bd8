import { describe, expect, it } from 'vitest';
import { decideRetry, isNonIdempotent, isRateLimit, retryAfterSeconds, type FailedAttempt } from '../../src/sources/github-retry.js';

const NOW = Date.parse('2024-05-01T12:00:00Z');

function attempt(overrides: Partial<FailedAttempt>): FailedAttempt {
  return { method: 'GET', url: '/repos/{owner}/{repo}/pulls', headers: {}, message: '', timedOut: false, retriesSoFar: 0, nowMs: NOW, ...overrides };
}

describe('retryAfterSeconds', () => {
  it('reads delta seconds and HTTP dates, rounding up and never negative', () => {
    expect(retryAfterSeconds('3', NOW)).toBe(3);
    expect(retryAfterSeconds('2.1', NOW)).toBe(3);
    expect(retryAfterSeconds('Wed, 01 May 2024 12:00:42 GMT', NOW)).toBe(42);
    expect(retryAfterSeconds('Wed, 01 May 2024 11:00:00 GMT', NOW)).toBe(0);
    expect(retryAfterSeconds(undefined, NOW)).toBeNull();
    expect(retryAfterSeconds('soon', NOW)).toBeNull();
  });
});

describe('isRateLimit and isNonIdempotent', () => {
  it('tells a rate-limit 403 from a permission 403', () => {
    expect(isRateLimit(429, {}, '')).toBe(true);
    expect(isRateLimit(403, { 'retry-after': '60' }, '')).toBe(true);
    expect(isRateLimit(403, { 'x-ratelimit-remaining': '0' }, '')).toBe(true);
    expect(isRateLimit(403, {}, 'You have exceeded a secondary rate limit')).toBe(true);
    expect(isRateLimit(403, { 'x-ratelimit-remaining': '4999' }, 'Resource not accessible by integration')).toBe(false);
    expect(isRateLimit(500, { 'retry-after': '1' }, '')).toBe(false);
  });

  it('counts POST as non-idempotent, except GraphQL queries', () => {
    expect(isNonIdempotent('POST', '/repos/{owner}/{repo}/issues/{issue_number}/comments')).toBe(true);
    expect(isNonIdempotent('POST', 'http://127.0.0.1:1/graphql')).toBe(false);
    expect(isNonIdempotent('PATCH', '/repos/{owner}/{repo}/check-runs/{check_run_id}')).toBe(false);
    expect(isNonIdempotent('DELETE', '/repos/{owner}/{repo}/issues/comments/{comment_id}')).toBe(false);
  });
});

describe('decideRetry', () => {
  it('waits what a rate limit asks: retry-after, else the reset of an exhausted quota plus 1 s, else 60 s', () => {
    expect(decideRetry(attempt({ status: 429, headers: { 'retry-after': '7' } }))).toMatchObject({ kind: 'rate-limit', retry: true, waitSeconds: 7 });
    const reset = String(NOW / 1000 + 30);
    expect(decideRetry(attempt({ status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset } }))).toMatchObject({ retry: true, waitSeconds: 31 });
    expect(decideRetry(attempt({ status: 403, message: 'secondary rate limit' }))).toMatchObject({ retry: true, waitSeconds: 60 });
  });

  it('retries a rate-limited POST: GitHub applied nothing', () => {
    expect(decideRetry(attempt({ method: 'POST', url: '/repos/{owner}/{repo}/check-runs', status: 429, headers: { 'retry-after': '1' } }))).toMatchObject({
      retry: true,
      ambiguous: false,
    });
  });

  it('backs off 1, 2, 4 s on 5xx, timeouts and resets; honours a 503 retry-after', () => {
    expect([0, 1, 2].map((n) => decideRetry(attempt({ status: 502, retriesSoFar: n })).waitSeconds)).toEqual([1, 2, 4]);
    expect(decideRetry(attempt({ timedOut: true }))).toMatchObject({ kind: 'timeout', retry: true, waitSeconds: 1 });
    expect(decideRetry(attempt({ message: 'other side closed' }))).toMatchObject({ kind: 'network', retry: true });
    expect(decideRetry(attempt({ status: 503, headers: { 'retry-after': '5' } }))).toMatchObject({ kind: 'server', waitSeconds: 5 });
  });

  it('never repeats a POST without a definite answer, and marks it ambiguous', () => {
    for (const failure of [{ status: 502 }, { timedOut: true }, { message: 'socket hang up' }]) {
      expect(decideRetry(attempt({ method: 'POST', url: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews', ...failure }))).toMatchObject({ retry: false, ambiguous: true });
    }
  });

  it('does not retry other 4xx', () => {
    expect(decideRetry(attempt({ status: 404 }))).toMatchObject({ kind: 'client', retry: false, ambiguous: false });
    expect(decideRetry(attempt({ status: 403, message: 'Resource not accessible by integration' }))).toMatchObject({ kind: 'client', retry: false });
  });

  it('stops at the retry count, at a wait over the longest allowed, and at the run budget', () => {
    expect(decideRetry(attempt({ status: 500, retriesSoFar: 3 }))).toMatchObject({ retry: false, why: 'gave up after 3 retries' });
    expect(decideRetry(attempt({ status: 429, headers: { 'retry-after': '3600' } }))).toMatchObject({
      retry: false,
      why: 'GitHub asks to wait 3600 s, more than the 120 s chunkgate waits',
    });
    expect(decideRetry(attempt({ status: 429, headers: { 'retry-after': '10' } }), { budgetSeconds: 9 })).toMatchObject({ retry: false });
    expect(decideRetry(attempt({ status: 429, headers: { 'retry-after': '10' } }), { budgetSeconds: 10 })).toMatchObject({ retry: true });
  });
});
