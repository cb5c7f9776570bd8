import picomatch from 'picomatch';

/** Compiled matchers, shared across calls: the same few config globs are tested against every file. */
const compiled = new Map<string, (path: string) => boolean>();

/**
 * The first of `patterns` that matches the repository-relative `path`, or `null`.
 *
 * Globs are picomatch globs relative to the repository root, with `dot: true` so that
 * `**` and `*` also match dot files and folders (which is what lets `**\/.*\/**`
 * exclude them). `path` is normalised first: `\` becomes `/`, a leading `./` is dropped.
 */
export function firstMatch(patterns: readonly string[], path: string): string | null {
  const file = normalizePath(path);
  for (const pattern of patterns) {
    let matcher = compiled.get(pattern);
    if (matcher === undefined) {
      // Only `./` is stripped from globs: a `\` there is an escape, not a separator.
      matcher = picomatch(pattern.replace(/^(\.\/)+/, ''), { dot: true });
      compiled.set(pattern, matcher);
    }
    if (matcher(file)) return pattern;
  }
  return null;
}

/** Repository-relative form of a path or glob: `/` separators, no leading `./`. */
export function normalizePath(path: string): string {
  return path.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
}
