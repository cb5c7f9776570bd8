import { describe, expect, it } from 'vitest';
import { decodeDocText, firstInvalidUtf8, MAX_DOC_BYTES } from '../../src/sources/doc-text.js';

const bytes = (...parts: Array<string | number[]>) => new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part)] : part)));
const reason = (input: Uint8Array, maxBytes?: number) => {
  const read = decodeDocText(input, maxBytes === undefined ? {} : { maxBytes });
  return 'problem' in read ? read.problem.reason : `text: ${read.text}`;
};

describe('decodeDocText, the one decoding of every reader', () => {
  it('decodes UTF-8 and drops a leading UTF-8 byte-order mark (only a leading one)', () => {
    expect(decodeDocText(bytes('# Tïtle 中文\n'))).toEqual({ text: '# Tïtle 中文\n' });
    expect(decodeDocText(bytes([0xef, 0xbb, 0xbf], '# A\n'))).toEqual({ text: '# A\n' });
    expect(decodeDocText(bytes('a', [0xef, 0xbb, 0xbf]))).toEqual({ text: 'a\uFEFF' });
  });

  it('names the size limit (2 MB by default) and checks it first', () => {
    expect(MAX_DOC_BYTES).toBe(2_000_000);
    expect(reason(bytes('12345', [0]), 5)).toBe('too large: 6 bytes, limit 5');
    expect(reason(bytes('12345'), 5)).toBe('text: 12345');
  });

  it('says UTF-16 (either byte order) rather than binary', () => {
    expect(reason(bytes([0xff, 0xfe, 0x23, 0x00]))).toBe('UTF-16 text (little-endian byte-order mark), expected UTF-8');
    expect(reason(bytes([0xfe, 0xff, 0x00, 0x23]))).toBe('UTF-16 text (big-endian byte-order mark), expected UTF-8');
  });

  it('names the first NUL byte and its line (\\n, \\r\\n and a lone \\r end lines)', () => {
    // "a\r\nb\rc\n" is three lines; the NUL is byte 7, on line 4.
    expect(reason(bytes('a\r\nb\rc\n', [0]))).toBe('binary file: NUL byte at byte 7 (line 4)');
    const read = decodeDocText(bytes('x', [0]));
    expect(read).toMatchObject({ problem: { hint: expect.stringContaining('exclude') }, digest: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('names the first byte of the first ill-formed UTF-8 sequence, and its line', () => {
    expect(reason(bytes('ok\nca', [0xe9], 'f\n'))).toBe('not valid UTF-8: byte 0xe9 at byte 5 (line 2)');
  });
});

describe('firstInvalidUtf8', () => {
  it('accepts every well-formed length and rejects what RFC 3629 rules out', () => {
    expect(firstInvalidUtf8(bytes('a é 中 😀'))).toBe(-1);
    expect(firstInvalidUtf8(bytes('ab', [0x80]))).toBe(2); // stray continuation byte
    expect(firstInvalidUtf8(bytes('a', [0xc0, 0xaf]))).toBe(1); // overlong "/"
    expect(firstInvalidUtf8(bytes([0xe0, 0x80, 0xaf]))).toBe(0); // overlong three-byte form
    expect(firstInvalidUtf8(bytes('a', [0xed, 0xa0, 0x80]))).toBe(1); // UTF-16 surrogate D800
    expect(firstInvalidUtf8(bytes([0xf4, 0x90, 0x80, 0x80]))).toBe(0); // above U+10FFFF
    expect(firstInvalidUtf8(bytes('abc', [0xf5]))).toBe(3); // never a lead byte
    expect(firstInvalidUtf8(bytes('ab', [0xe4, 0xb8]))).toBe(2); // truncated at the end
    expect(firstInvalidUtf8(bytes([0xe4, 0x41, 0x41]))).toBe(0); // lead byte without its continuation
  });
});
