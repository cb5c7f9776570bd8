import { createRequire } from 'node:module';
import type * as GptEncoding from 'gpt-tokenizer/encoding/o200k_base';
import type { TokenizerName } from '../types.js';
import { packRanks, unpackRanks, type BpeRanks, type PackedRanks, type RankTable } from './rankTable.js';

/** The parts of a gpt-tokenizer encoding chunkgate uses. */
export type Encoding = Pick<typeof GptEncoding, 'countTokens' | 'encode' | 'decodeGenerator' | 'setMergeCacheSize'>;

// A token table is megabytes of JavaScript (o200k: 2.4 MB, cl100k: 1.2 MB) and ~100 ms to build,
// so it loads on first use, and only the encoding a run asks for. `loadModule` is a synchronous
// require: from source it resolves in node_modules; scripts/build.mjs turns each `loadModule(…)`
// below into a plain `require(…)` of a file it ships beside the bundle (dist/tokenizer/).
const loadModule = createRequire(import.meta.url);

// Counting needs only the rank table (src/tokens/pieceTokens.ts), which loads several times
// faster packed than as the library's encoding (src/tokens/rankTable.ts): from source, the
// library's rank array is packed here; in the bundle, scripts/build.mjs ships it packed
// (`{ packed }`, dist/tokenizer/<name>.ranks.cjs, checked against the library by
// test/tokens/rank-table.test.ts).
type RankModule = { packed: PackedRanks } | { default: BpeRanks };
const RANK_LOADERS: Record<TokenizerName, () => RankModule> = {
  o200k_base: () => loadModule('gpt-tokenizer/bpeRanks/o200k_base') as RankModule,
  cl100k_base: () => loadModule('gpt-tokenizer/bpeRanks/cl100k_base') as RankModule,
};

const rankTables = new Map<TokenizerName, RankTable>();

/** The named encoding's {@link RankTable}, loaded on first use without the library's encoder. */
export function rankTableOf(name: TokenizerName): RankTable {
  let table = rankTables.get(name);
  if (!table) {
    const module = RANK_LOADERS[name]();
    table = unpackRanks('packed' in module ? module.packed : packRanks(module.default));
    rankTables.set(name, table);
  }
  return table;
}

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
    // Each distinct pre-token is counted once and remembered by src/tokens/pieces.ts: the
    // library's own cache of merges would only hold a second copy.
    encoding.setMergeCacheSize(0);
    loaded.set(name, encoding);
  }
  return encoding;
}

/**
 * Which encodings this process has loaded so far, as rank tables or as the library's encoders (for
 * the start-up test and the bench).
 *
 * @public test/tokens/encodings.test.ts imports it inside the script it runs in a child process.
 */
export function loadedEncodings(): TokenizerName[] {
  return [...new Set([...rankTables.keys(), ...loaded.keys()])];
}

/**
 * Which encodings this process has loaded as the library's encoders (counting alone needs none).
 *
 * @public test/tokens/encodings.test.ts imports it inside the script it runs in a child process.
 */
export function loadedEncoders(): TokenizerName[] {
  return [...loaded.keys()];
}

/** The byte-pair encoder inside a gpt-tokenizer encoding (internals of the pinned gpt-tokenizer 4.0.0, plain fields at run time). */
export interface BytePairEncoder {
  bytePairEncode(piece: string): number[];
}

/** The named encoding's {@link BytePairEncoder}, or `undefined` when the library's internals have another shape. */
export function bytePairEncoderOf(name: TokenizerName): BytePairEncoder | undefined {
  const api = (encodingOf(name) as { default?: { bytePairEncodingCoreProcessor?: Partial<BytePairEncoder> } }).default;
  const core = api?.bytePairEncodingCoreProcessor;
  return typeof core?.bytePairEncode === 'function' ? (core as BytePairEncoder) : undefined;
}

/** Loads what counting with the named encoding needs, so that a run can do it while it would wait anyway. */
export function warmTokenizer(name: TokenizerName): void {
  rankTableOf(name);
}
