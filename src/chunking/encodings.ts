import { createRequire } from 'node:module';
import type * as GptEncoding from 'gpt-tokenizer/encoding/o200k_base';
import type { TokenizerName } from '../types.js';

/** The parts of a gpt-tokenizer encoding chunkgate uses. */
export type Encoding = Pick<typeof GptEncoding, 'countTokens' | 'encode' | 'decodeGenerator' | 'setMergeCacheSize'>;

// A token table is megabytes of JavaScript (o200k: 2.4 MB, cl100k: 1.2 MB) and ~100 ms to build,
// so it loads on first use, and only the encoding a run asks for. `loadModule` is a synchronous
// require: from source it resolves in node_modules; scripts/build.mjs turns each `loadModule(…)`
// below into a plain `require(…)`, which esbuild bundles as a module initialised on first call.
const loadModule = createRequire(import.meta.url);

const LOADERS: Record<TokenizerName, () => Encoding> = {
  o200k_base: () => loadModule('gpt-tokenizer/encoding/o200k_base') as Encoding,
  cl100k_base: () => loadModule('gpt-tokenizer/encoding/cl100k_base') as Encoding,
};

const loaded = new Map<TokenizerName, Encoding>();

// Docs may quote special tokens such as `<|endoftext|>`; they are text to us, and the
// tokenizer would throw on them by default.
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/** The library's own count of `text` with the named encoding, special-token strings counted as plain text. */
export function libraryTokens(text: string, name: TokenizerName): number {
  return encodingOf(name).countTokens(text, AS_TEXT);
}

/** The named encoding, loaded on first use. */
export function encodingOf(name: TokenizerName): Encoding {
  let encoding = loaded.get(name);
  if (!encoding) {
    encoding = LOADERS[name]();
    // Each distinct pre-token is counted once and remembered by src/chunking/pieces.ts: the
    // library's own cache of merges would only hold a second copy.
    encoding.setMergeCacheSize(0);
    loaded.set(name, encoding);
  }
  return encoding;
}

/** Which encodings this process has loaded so far (for the start-up test and the bench). */
export function loadedEncodings(): TokenizerName[] {
  return [...loaded.keys()];
}

/**
 * The byte-pair encoder inside a gpt-tokenizer encoding: its string → rank table and its
 * per-piece encoder. Internals of the pinned gpt-tokenizer 4.0.0 (TypeScript-private, plain
 * fields at run time), read so that a pre-token can be counted without the library splitting it
 * again (src/chunking/pieceTokens.ts).
 */
export interface BytePairCore {
  /** Rank of every token whose bytes are valid UTF-8, by its text. */
  bytePairStringRankEncoder: Map<string, number>;
  /** `[bytes, rank]` of every other token, sorted by bytes. */
  bytePairNonUtfSortedEncoder: ReadonlyArray<readonly [Uint8Array, number]>;
  bytePairEncode(piece: string): number[];
  /** Rank of a byte sequence: by its text when it is valid UTF-8, else by bytes. */
  getBpeRankFromBytes(bytes: Uint8Array): number | undefined;
}

/** The named encoding's {@link BytePairCore}, or `undefined` when the library's internals have another shape. */
export function bytePairCoreOf(name: TokenizerName): BytePairCore | undefined {
  const api = (encodingOf(name) as { default?: { bytePairEncodingCoreProcessor?: Partial<BytePairCore> } }).default;
  const core = api?.bytePairEncodingCoreProcessor;
  if (!(core?.bytePairStringRankEncoder instanceof Map) || !Array.isArray(core.bytePairNonUtfSortedEncoder) || typeof core.bytePairEncode !== 'function' || typeof core.getBpeRankFromBytes !== 'function') return undefined;
  return core as BytePairCore;
}
