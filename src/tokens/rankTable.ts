/**
 * A byte-pair rank table in the two forms counting needs it in. gpt-tokenizer ships each table
 * as a JavaScript array (`bpeRanks/<name>`: index = rank, value = the token's text, or its bytes
 * when they are not valid UTF-8); its encoder turns that into a string → rank `Map` and a
 * byte-sorted list of the other tokens. {@link packRanks} keeps just that, as one string and a
 * short list, which loads in a fraction of the time it takes to compile the array literal
 * (scripts/build.mjs ships it packed, dist/tokenizer/<name>.ranks.cjs); {@link unpackRanks}
 * gives the encoder's two lookups from it: the texts are looked up in place, in a hash table of
 * offsets into the one string, so loading creates no string per token and a lookup of part of a
 * text needs no slice of it.
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
  /** Rank of the token whose text is `text.slice(from, to)`, `undefined` when none (a text given twice keeps its last rank, as in the library). */
  rank(text: string, from: number, to: number): number | undefined;
  /** How many distinct texts have a rank. */
  readonly size: number;
  /** `[bytes, rank]` of every token given as bytes, sorted by bytes. */
  binary: ReadonlyArray<readonly [Uint8Array, number]>;
}

/** Packs `ranks`; throws when a token cannot be packed (an empty text, a hole), so nothing is lost silently. */
export function packRanks(ranks: BpeRanks): PackedRanks {
  const texts: string[] = [];
  const binary: Array<[number[], number]> = [];
  const used = new Uint8Array(0x10000);
  for (let rank = 0; rank < ranks.length; rank++) {
    if (!(rank in ranks)) throw new Error(`packRanks: rank ${rank} has no token`);
    const token = ranks[rank]!;
    if (typeof token === 'string') {
      if (token === '') throw new Error(`packRanks: rank ${rank} is the empty text`);
      texts.push(token);
      for (let at = 0; at < token.length; at++) used[token.charCodeAt(at)] = 1;
    } else {
      texts.push('');
      binary.push([[...token], rank]);
    }
  }
  let code = 0xffff;
  while (used[code] === 1) code--;
  // Array.prototype.sort is stable: equal bytes stay in rank order, as the library sorts them.
  binary.sort((a, b) => compareBytes(a[0], b[0]));
  return { separator: String.fromCharCode(code), tokens: texts.join(String.fromCharCode(code)), binary };
}

/** The {@link RankTable} of a packed table. */
export function unpackRanks(packed: PackedRanks): RankTable {
  return new TextRanks(packed.tokens, packed.separator, packed.binary.map(([bytes, rank]) => [Uint8Array.from(bytes), rank] as const));
}

/**
 * The texts of a packed table, looked up in place: `starts[rank]` is where the rank's text
 * begins in `texts` (it ends one before the next rank's start, at the separator), and `slots`
 * is an open-addressing hash table (linear probing, at most half full) of `rank + 1`, 0 for an
 * empty slot.
 */
class TextRanks implements RankTable {
  readonly size: number;
  private readonly starts: Int32Array;
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(
    private readonly texts: string,
    separator: string,
    readonly binary: ReadonlyArray<readonly [Uint8Array, number]>,
  ) {
    // Found with indexOf (native) rather than a loop over 2 million characters.
    const found = [0];
    for (let at = texts.indexOf(separator); at !== -1; at = texts.indexOf(separator, at + 1)) found.push(at + 1);
    found.push(texts.length + 1);
    const starts = Int32Array.from(found);
    const count = found.length - 1;
    let capacity = 1024;
    while (capacity < count * 2) capacity *= 2;
    this.starts = starts;
    this.slots = new Int32Array(capacity);
    this.mask = capacity - 1;
    let size = 0;
    for (let rank = 0; rank < count; rank++) {
      const from = starts[rank]!;
      const to = starts[rank + 1]! - 1;
      if (to > from && this.insert(from, to, rank)) size++;
    }
    this.size = size;
  }

  rank(text: string, from: number, to: number): number | undefined {
    const { slots, mask } = this;
    for (let slot = hashOf(text, from, to) & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot]!;
      if (entry === 0) return undefined;
      if (this.holds(entry - 1, text, from, to)) return entry - 1;
    }
  }

  /** Puts `rank`, whose text is `texts[from, to)`, in its slot; a text given before gets the later rank. Returns whether the text is new. */
  private insert(from: number, to: number, rank: number): boolean {
    const { slots, mask } = this;
    for (let slot = hashOf(this.texts, from, to) & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot]!;
      if (entry === 0 || this.holds(entry - 1, this.texts, from, to)) {
        slots[slot] = rank + 1;
        return entry === 0;
      }
    }
  }

  /** Whether the text of `rank` is `text[from, to)`. */
  private holds(rank: number, text: string, from: number, to: number): boolean {
    const start = this.starts[rank]!;
    if (this.starts[rank + 1]! - 1 - start !== to - from) return false;
    for (let at = 0; at < to - from; at++) if (this.texts.charCodeAt(start + at) !== text.charCodeAt(from + at)) return false;
    return true;
  }
}

/** FNV-1a over the UTF-16 code units of `text[from, to)`, mixed so that its low bits spread. */
function hashOf(text: string, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let at = from; at < to; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  return (hash ^ (hash >>> 15)) >>> 0;
}

/** gpt-tokenizer's `compareUint8Arrays`: by the first differing byte, then the shorter first. */
function compareBytes(a: readonly number[], b: readonly number[]): number {
  const common = Math.min(a.length, b.length);
  for (let at = 0; at < common; at++) if (a[at] !== b[at]) return a[at]! - b[at]!;
  return a.length - b.length;
}
