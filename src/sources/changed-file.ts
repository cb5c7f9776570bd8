/**
 * A file changed between base and head, as both the GitHub and the git source report it.
 *
 * `previousPath` is set only for `renamed` files and is the path on the base side, so the
 * comparison reads the base version from there (renames are followed, docs/design.md#what-a-change-answers-for).
 */
export interface ChangedFile {
  /** Repository-relative path on the head side (the base side for `removed`), `/` separators. */
  path: string;
  /** Base-side path of a `renamed` file. */
  previousPath?: string;
  status: 'added' | 'modified' | 'removed' | 'renamed';
  /** Unified-diff hunks (from the first `@@`), when the source provides them. */
  patch?: string;
}

/** Markdown files chunkgate reads: `.md` and `.mdx`, case-insensitive. */
export function isMarkdownPath(path: string): boolean {
  return /\.mdx?$/i.test(path);
}

/**
 * The changes that touch a relevant path (`relevant`, e.g. included Markdown), renames
 * followed: a rename between two relevant paths stays `renamed`; into a relevant path it is
 * `added` (nothing relevant to compare it with); out of one it is `removed`, under the old
 * path. Other changes are kept when their path is relevant. Order is kept.
 */
export function relevantChanges(files: readonly ChangedFile[], relevant: (path: string) => boolean): ChangedFile[] {
  const kept: ChangedFile[] = [];
  for (const file of files) {
    if (file.status !== 'renamed' || file.previousPath === undefined) {
      if (relevant(file.path)) kept.push(file);
      continue;
    }
    const headSide = relevant(file.path);
    const baseSide = relevant(file.previousPath);
    const patch = file.patch !== undefined ? { patch: file.patch } : {};
    if (headSide && baseSide) kept.push(file);
    else if (headSide) kept.push({ path: file.path, status: 'added', ...patch });
    else if (baseSide) kept.push({ path: file.previousPath, status: 'removed' });
  }
  return kept;
}
