import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import type { Uncheckable } from '../compare/unchecked.js';

/** Largest docs file chunkgate checks, in bytes (every reader's default). */
export const MAX_DOC_BYTES = 2_000_000;

/**
 * A docs file's text, or why it cannot be checked (`digest`: SHA-256 of its bytes when they were
 * read). `blob`: the id of the git blob the text was decoded from, when a reader of many blobs
 * had it (a hash of the bytes: equal ids, equal texts).
 */
export type DocText = { text: string; blob?: string } | { problem: Uncheckable; digest?: string };

/** Options of {@link decodeDocText}. */
export interface DecodeOptions {
  /** Largest accepted size in bytes (default: {@link MAX_DOC_BYTES}). */
  maxBytes?: number;
}

const EXCLUDE_HINT = 'or leave it out of the docs globs (`exclude` in .chunkgate.yml)';

/**
 * Decodes the bytes of a docs file the one way every reader does (folder, working tree, git
 * blob, REST API), so the modes agree byte for byte: a UTF-8 byte-order mark is dropped, and a
 * file chunkgate cannot check is a {@link Uncheckable} problem, never a silent skip
 * (docs/rules.md#files-chunkgate-cannot-check): larger than `maxBytes`, UTF-16 (a UTF-16
 * byte-order mark: "UTF-16, expected UTF-8"), binary (a NUL byte), or not valid UTF-8 (the
 * first bad byte's offset and line).
 */
export function decodeDocText(bytes: Uint8Array, options: DecodeOptions = {}): DocText {
  const maxBytes = options.maxBytes ?? MAX_DOC_BYTES;
  const problem = (reason: string, hint: string): DocText => ({ problem: { reason, hint }, digest: createHash('sha256').update(bytes).digest('hex') });
  if (bytes.length > maxBytes) return problem(tooLarge(bytes.length, maxBytes), `Split the page into smaller pages, ${EXCLUDE_HINT}.`);
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? 'little' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'big' : null;
  if (utf16) return problem(`UTF-16 text (${utf16}-endian byte-order mark), expected UTF-8`, 'Re-save the file as UTF-8 (without a byte-order mark): docs tools and RAG loaders read UTF-8.');
  const nul = bytes.indexOf(0);
  if (nul !== -1) return problem(`binary file: NUL byte at byte ${nul} (line ${lineOfByte(bytes, nul)})`, `Remove the NUL byte if the file is text, ${EXCLUDE_HINT}.`);
  const bad = firstInvalidUtf8(bytes);
  if (bad !== -1) {
    return problem(
      `not valid UTF-8: byte 0x${bytes[bad]!.toString(16).padStart(2, '0')} at byte ${bad} (line ${lineOfByte(bytes, bad)})`,
      'Re-save the file as UTF-8 (it is probably Latin-1 or Windows-1252).',
    );
  }
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return { text: Buffer.from(bytes.buffer, bytes.byteOffset + start, bytes.length - start).toString('utf8') };
}

/** The reason for a file above the size limit. */
export function tooLarge(size: number, maxBytes: number): string {
  return `too large: ${size} bytes, limit ${maxBytes}`;
}

/** 1-based line of byte `offset`: line ends are `\n`, `\r\n` and a lone `\r`, as `lineStartsOf` counts them. */
function lineOfByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let at = 0; at < offset; at++) {
    if (bytes[at] === 10 || (bytes[at] === 13 && bytes[at + 1] !== 10)) line++;
  }
  return line;
}

/**
 * Offset of the first byte of the first ill-formed UTF-8 sequence (a stray continuation byte,
 * or a lead byte not followed by its continuation bytes) (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF), or -1.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  if (isUtf8(bytes)) return -1;
  for (let at = 0; at < bytes.length; ) {
    const lead = bytes[at]!;
    if (lead < 0x80) {
      at++;
      continue;
    }
    // Allowed range of the second byte, by lead byte (Unicode Table 3-7).
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return at;
    for (let next = 1; next < length; next++) {
      const byte = bytes[at + next];
      if (byte === undefined) return at;
      if (next === 1 ? byte < low || byte > high : byte < 0x80 || byte > 0xbf) return at;
    }
    at += length;
  }
  return -1;
}
