/**
 * A byte-pair rank table in the two forms counting needs it in. gpt-tokenizer ships each table
 * as a JavaScript array (`bpeRanks/<name>`: index = rank, value = the token's text, or its bytes
 * when they are not valid UTF-8); its encoder turns that into a string → rank `Map` and a
 * byte-sorted list of the other tokens. {@link packRanks} keeps just that, as one string and a
 * short list, which loads in a fraction of the time it takes to compile the array literal
 * (scripts/build.mjs ships it packed, dist/tokenizer/<name>.ranks.cjs); {@link unpackRanks}
 * rebuilds the encoder's two tables from it.
 */

/** gpt-tokenizer's rank array: the token of each rank, as text or as bytes. */
export type BpeRanks = ReadonlyArray<string | readonly number[]>;

/** The packed form of a {@link BpeRanks} array (plain JSON data). */
export interface PackedRanks {
  /** A character no token contains: it separates the tokens in `tokens`. */
  separator: string;
  /** The text of every rank's token in rank order, joined by `separator`; `''` for a token kept in `binary`. */
  tokens: string;
  /** `[bytes, rank]` of every token given as bytes, sorted by bytes (ties in rank order). */
  binary: Array<[number[], number]>;
}

/** What counting reads of an encoding: gpt-tokenizer's `bytePairStringRankEncoder` and `bytePairNonUtfSortedEncoder`. */
export interface RankTable {
  /** Rank of every token given as text, by its text (a text given twice keeps its last rank, as in the library). */
  strings: Map<string, number>;
  /** `[bytes, rank]` of every token given as bytes, sorted by bytes. */
  binary: ReadonlyArray<readonly [Uint8Array, number]>;
}

/** Packs `ranks`; throws when a token cannot be packed (an empty text, a hole), so nothing is lost silently. */
export function packRanks(ranks: BpeRanks): PackedRanks {
  const texts: string[] = [];
  const binary: Array<[number[], number]> = [];
  const used = new Set<number>();
  for (let rank = 0; rank < ranks.length; rank++) {
    if (!(rank in ranks)) throw new Error(`packRanks: rank ${rank} has no token`);
    const token = ranks[rank]!;
    if (typeof token === 'string') {
      if (token === '') throw new Error(`packRanks: rank ${rank} is the empty text`);
      texts.push(token);
      for (let at = 0; at < token.length; at++) used.add(token.charCodeAt(at));
    } else {
      texts.push('');
      binary.push([[...token], rank]);
    }
  }
  let code = 0xffff;
  while (used.has(code)) code--;
  // Array.prototype.sort is stable: equal bytes stay in rank order, as the library sorts them.
  binary.sort((a, b) => compareBytes(a[0], b[0]));
  return { separator: String.fromCharCode(code), tokens: texts.join(String.fromCharCode(code)), binary };
}

/** The {@link RankTable} of a packed table. */
export function unpackRanks(packed: PackedRanks): RankTable {
  const strings = new Map<string, number>();
  const texts = packed.tokens.split(packed.separator);
  for (let rank = 0; rank < texts.length; rank++) {
    const text = texts[rank]!;
    if (text !== '') strings.set(text, rank);
  }
  return { strings, binary: packed.binary.map(([bytes, rank]) => [Uint8Array.from(bytes), rank] as const) };
}

/** gpt-tokenizer's `compareUint8Arrays`: by the first differing byte, then the shorter first. */
function compareBytes(a: readonly number[], b: readonly number[]): number {
  const common = Math.min(a.length, b.length);
  for (let at = 0; at < common; at++) if (a[at] !== b[at]) return a[at]! - b[at]!;
  return a.length - b.length;
}
