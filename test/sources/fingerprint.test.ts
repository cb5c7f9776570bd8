import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findingFingerprint, fingerprintIn, withFingerprint } from '../../src/sources/fingerprint.js';

describe('finding fingerprints', () => {
  it('hashes path and body (first 16 hex digits of SHA-256), not the line', () => {
    const expected = createHash('sha256').update('docs/a.md\nChunk got worse').digest('hex').slice(0, 16);
    expect(findingFingerprint({ path: 'docs/a.md', body: 'Chunk got worse' })).toBe(expected);
    expect(findingFingerprint({ path: 'docs/b.md', body: 'Chunk got worse' })).not.toBe(expected);
  });

  it('appends the marker once and reads it back', () => {
    const finding = { path: 'docs/a.md', body: 'Chunk got worse' };
    const body = withFingerprint(finding);
    expect(body).toBe(`Chunk got worse\n\n<!-- chunkgate:finding:${findingFingerprint(finding)} -->`);
    expect(withFingerprint({ path: 'docs/a.md', body })).toBe(body);
    expect(fingerprintIn(body)).toBe(findingFingerprint(finding));
    expect(findingFingerprint({ path: 'elsewhere.md', body })).toBe(findingFingerprint(finding));
    expect(fingerprintIn('no marker here')).toBeNull();
    expect(fingerprintIn(null)).toBeNull();
  });
});
