import { createHash } from 'node:crypto';

/** Matches the hidden fingerprint chunkgate appends to each review comment it posts. */
const FINGERPRINT = /<!-- chunkgate:finding:([0-9a-f]{8,64}) -->/;

/**
 * The hidden fingerprint of a review finding: `<!-- chunkgate:finding:<hash> -->`, where
 * `<hash>` is the first 16 hex digits of SHA-256 over `path + "\n" + body`.
 *
 * The line is deliberately left out: a finding that moved because lines were added above
 * it is the same finding, and re-posting it on every push would be noise. A body that
 * already carries a fingerprint keeps it (callers may choose their own identity).
 */
export function findingFingerprint(finding: { path: string; body: string }): string {
  const existing = FINGERPRINT.exec(finding.body);
  if (existing) return existing[1]!;
  return createHash('sha256').update(`${finding.path}\n${finding.body}`).digest('hex').slice(0, 16);
}

/** The fingerprint hidden in a posted comment body, or `null` when it has none. */
export function fingerprintIn(body: string | null | undefined): string | null {
  return (body && FINGERPRINT.exec(body)?.[1]) || null;
}

/** `body` with its fingerprint appended on a line of its own (unchanged when already present). */
export function withFingerprint(finding: { path: string; body: string }): string {
  if (FINGERPRINT.test(finding.body)) return finding.body;
  return `${finding.body}\n\n<!-- chunkgate:finding:${findingFingerprint(finding)} -->`;
}
