/**
 * Dense ids for exact integer keys below 2⁵³ (packed shingles), in an open-addressing table of
 * typed arrays: a `Map<number, number>` boxes every key above 2³¹ as a heap number, which made
 * interning shingles the near-duplicate rule's largest cost.
 */
export class NumberIds {
  private keys = new Float64Array(1024);
  private ids = new Int32Array(1024).fill(-1);
  /** Number of distinct keys seen; ids are `0 … size − 1` in order of first sight. */
  size = 0;

  /** The id of `key` (a non-negative integer below 2⁵³), assigned on first sight. */
  id(key: number): number {
    const mask = this.ids.length - 1;
    for (let slot = hash(key) & mask; ; slot = (slot + 1) & mask) {
      const id = this.ids[slot]!;
      if (id === -1) {
        this.keys[slot] = key;
        this.ids[slot] = this.size;
        this.size += 1;
        if (this.size * 2 > this.ids.length) this.grow();
        return this.size - 1;
      }
      if (this.keys[slot] === key) return id;
    }
  }

  private grow(): void {
    const { keys, ids } = this;
    this.keys = new Float64Array(ids.length * 2);
    this.ids = new Int32Array(ids.length * 2).fill(-1);
    const mask = this.ids.length - 1;
    for (let at = 0; at < ids.length; at += 1) {
      if (ids[at] === -1) continue;
      let slot = hash(keys[at]!) & mask;
      while (this.ids[slot] !== -1) slot = (slot + 1) & mask;
      this.keys[slot] = keys[at]!;
      this.ids[slot] = ids[at]!;
    }
  }
}

/** Mixes both 32-bit halves of the key (multiplicative hashing). */
function hash(key: number): number {
  const low = key >>> 0;
  const high = Math.floor(key / 4294967296) >>> 0;
  return Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b) ^ (high >>> 7);
}
