/** Values by corpus file: its path and text (see {@link corpusMap}). */
export interface CorpusMap<V> {
  get(path: string, text: string): V | undefined;
  has(path: string, text: string): boolean;
  set(path: string, text: string, value: V): void;
}

/**
 * An empty {@link CorpusMap}. A file is found by its path, then its text among the few texts of
 * that path, by `===`: no key string of path and text is built per lookup (hashing a new copy of
 * the whole text each time cost more than the rest of a warm golden-set run), and no text is
 * hashed at all. Both sides of a git-mode run hold the same string for a file the change left
 * alone, which `===` matches at once; equal texts held apart are compared as a `Map` key would be.
 */
export function corpusMap<V>(): CorpusMap<V> {
  const byPath = new Map<string, { texts: string[]; values: V[] }>();
  const at = (texts: readonly string[], text: string): number => {
    for (let index = 0; index < texts.length; index++) if (texts[index] === text) return index;
    return -1;
  };
  return {
    get(path, text) {
      const entry = byPath.get(path);
      if (!entry) return undefined;
      const index = at(entry.texts, text);
      return index === -1 ? undefined : entry.values[index];
    },
    has: (path, text) => {
      const entry = byPath.get(path);
      return entry !== undefined && at(entry.texts, text) !== -1;
    },
    set(path, text, value) {
      const entry = byPath.get(path);
      if (!entry) return void byPath.set(path, { texts: [text], values: [value] });
      const index = at(entry.texts, text);
      if (index === -1) {
        entry.texts.push(text);
        entry.values.push(value);
      } else entry.values[index] = value;
    },
  };
}
